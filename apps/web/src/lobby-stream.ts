import { z } from "zod";

import type { LobbyTable as WatchedTable } from "@fuda/api";
import { tableViewSchema } from "@fuda/api/types";

import type { LobbyTable } from "~/game-api";

/** Same-origin relay of the game API's `tables.watch` stream (src/app/api/tables/watch). */
export const WATCH_PATH = "/api/tables/watch";

/**
 * `tables.watch`'s live summary per table. The API's own schema sits beside server code a browser
 * must not load; `satisfies` below keeps this one to its type.
 */
const liveSummarySchema = z.object({
  roundId: z.uuid().nullable(),
  roundNumber: z.number().int().nullable(),
  phase: z.enum(["betting", "dealing", "settled", "cancelled"]).nullable(),
  closesAt: z.iso.datetime().nullable(),
  lastResult: z.unknown().nullable(),
  road: z.array(z.unknown()),
  players: z.number().int().nonnegative(),
});

/** The list `tables.watch` sends, checked against the procedure's output shape. */
const tablesSchema = z.array(
  tableViewSchema.extend({ live: liveSummarySchema }),
) satisfies z.ZodType<WatchedTable[]>;

/**
 * The table list in one `data:` payload of the stream, or undefined for anything else (another
 * event's data, a newer API's shape): the lobby keeps what it shows rather than breaking.
 */
export function parseTables(data: string): LobbyTable[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const parsed = tablesSchema.safeParse(json);
  return parsed.success ? parsed.data : undefined;
}
