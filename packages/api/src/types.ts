/**
 * What browsers may import (`@fuda/api/types`): the schemas of what the API answers, with no
 * server code behind them, so a client checks a streamed payload against the same schema the
 * procedure's `.output()` does; and the router's type, for tRPC's typed client and the relays'
 * lists of procedures.
 */
import type {
  AnyTRPCMutationProcedure,
  AnyTRPCQueryProcedure,
  AnyTRPCSubscriptionProcedure,
  TRPCRouterRecord,
} from "@trpc/server";

import type { AppRouter } from "./root";

export { tableViewSchema, type TableView } from "./domain/tables.types";
export { lobbyTableSchema, type LobbyTable } from "./domain/lobby.types";
export { MULTI_TABLES_MAX } from "./domain/table-view.types";
export { RETRY_AFTER_SECONDS, whatIsDown, type DownPart } from "./unavailable";

export type { AppRouter } from "./root";

/** The dotted paths (`bets.place`) of a router record's procedures of one kind. */
type PathsOf<Record extends TRPCRouterRecord, Kind, Prefix extends string = ""> = {
  [Key in keyof Record & string]: Record[Key] extends Kind
    ? `${Prefix}${Key}`
    : Record[Key] extends TRPCRouterRecord
      ? PathsOf<Record[Key], Kind, `${Prefix}${Key}.`>
      : never;
}[keyof Record & string];

type Procedures = AppRouter["_def"]["record"];

/** A query's path, as a relay's URL names it (`/api/trpc/tables.get`). */
export type QueryPath = PathsOf<Procedures, AnyTRPCQueryProcedure>;
/** A mutation's path (`bets.place`). */
export type MutationPath = PathsOf<Procedures, AnyTRPCMutationProcedure>;
/** A subscription's path (`tables.events`): read with GET like a query, as a stream. */
export type SubscriptionPath = PathsOf<Procedures, AnyTRPCSubscriptionProcedure>;
