/** The lobby's (`tables.watch`) shapes, with no server code behind them: browsers check against them too. */
import { z } from "zod";

import { ROUND_PHASES } from "@fuda/contracts";
import { baccarat } from "@fuda/rules";

import { tableViewSchema } from "./tables.types";

const count = z.number().int().nonnegative();

/** A baccarat table's results over its last settled rounds (docs/rules/baccarat.md, Table statistics). */
export const tableStatsSchema = z.object({
  rounds: count,
  player: count,
  banker: count,
  tie: count,
  playerPair: count,
  bankerPair: count,
  natural: count,
});

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
  /** Baccarat: the good roads the current shoe's big road shows (docs/rules/baccarat.md). */
  goodRoads: z.array(z.enum(baccarat.GOOD_ROADS)),
  /** Baccarat: results over the table's last `rounds` settled rounds (at most 100); else null. */
  stats: tableStatsSchema.nullable(),
});

export const lobbyTableSchema = tableViewSchema.extend({ live: liveSummarySchema });

export type TableStats = z.infer<typeof tableStatsSchema>;
export type LiveSummary = z.infer<typeof liveSummarySchema>;
export type LobbyTable = z.infer<typeof lobbyTableSchema>;
