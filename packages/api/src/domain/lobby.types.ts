/** The lobby's (`tables.watch`) shapes, with no server code behind them: browsers check against them too. */
import { z } from "zod";

import { ROUND_PHASES } from "@fuda/contracts";

import { tableViewSchema } from "./tables.types";

export const liveSummarySchema = z.object({
  roundId: z.uuid().nullable(),
  roundNumber: z.number().int().nullable(),
  phase: z.enum(ROUND_PHASES).nullable(),
  /** When the round's betting closes (server time, ISO 8601). */
  closesAt: z.iso.datetime().nullable(),
  /** The outcome of the table's last settled round. */
  lastResult: z.unknown().nullable(),
  /** The last marks of the current shoe's road, oldest first. */
  road: z.array(z.unknown()),
  /** Players with a bet in the round in play. */
  players: z.number().int().nonnegative(),
});

export const lobbyTableSchema = tableViewSchema.extend({ live: liveSummarySchema });

export type LiveSummary = z.infer<typeof liveSummarySchema>;
export type LobbyTable = z.infer<typeof lobbyTableSchema>;
