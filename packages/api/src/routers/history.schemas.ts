import { z } from "zod";

import { HISTORY_MAX_LIMIT, RECALL_ROUNDS } from "@fuda/live";

const minorUnits = z.number().int().describe("Minor units: 100 are 1 point.");
const instant = z.string().describe("ISO 8601, server time.");

export const historyMineInput = z
  .object({
    cursor: z.string().max(200, { error: "cursor: a nextCursor from a previous page" }).nullish(),
    limit: z
      .number()
      .int({ error: `limit: a whole number from 1 to ${HISTORY_MAX_LIMIT}` })
      .min(1, { error: `limit: a whole number from 1 to ${HISTORY_MAX_LIMIT}` })
      .max(HISTORY_MAX_LIMIT, { error: `limit: a whole number from 1 to ${HISTORY_MAX_LIMIT}` })
      .default(RECALL_ROUNDS),
  })
  .default({ limit: RECALL_ROUNDS });

/** One round as the last-game recall shows it (AGCO 13.1.1). */
export const recalledRoundSchema = z.object({
  kind: z
    .enum(["live", "quick"])
    .describe("live: a round at a live table; quick: a hand of the player's quick game."),
  roundId: z.string(),
  number: z.number().int().describe("The round's number within its shoe."),
  shoeId: z.string(),
  phase: z.enum(["betting", "dealing", "settled", "cancelled"]),
  table: z.object({ slug: z.string(), name: z.string(), game: z.string(), variant: z.string() }),
  openedAt: instant,
  closedAt: instant.nullable(),
  settledAt: instant.nullable(),
  cards: z
    .array(z.object({ position: z.string(), card: z.number().int(), label: z.string() }))
    .describe("Revealed cards only, in reveal order."),
  outcome: z.unknown().describe("The game's outcome once dealt, else null."),
  bets: z.array(
    z.object({
      betId: z.string(),
      bet: z.string(),
      seat: z.number().int().nullable(),
      stake: minorUnits,
      reserved: minorUnits,
      status: z.enum(["open", "settled", "refunded"]),
      returned: minorUnits.nullable().describe("Back to the wallet, stake included."),
      placedAt: instant,
    }),
  ),
  balanceBefore: minorUnits.nullable().describe("The wallet; null when the round moved none."),
  balanceAfter: minorUnits.nullable(),
  quick: z
    .object({
      hand: z.number().int().describe("The hand's number in the player's quick game."),
      pointsBefore: minorUnits.describe("Quick points held before the hand's first bet."),
      pointsAfter: minorUnits.describe("Quick points held once the hand settled."),
    })
    .nullable()
    .describe("A quick hand's own points, never the wallet's; null for a live round."),
  voided: z
    .object({ at: instant, reason: z.string() })
    .nullable()
    .describe("Set when an operator voided the round: what it moved was given or taken back."),
});

export const historyMineOutput = z.object({
  rounds: z.array(recalledRoundSchema),
  nextCursor: z.string().nullable(),
});

export const recallOutput = z.object({ rounds: z.array(recalledRoundSchema) });
