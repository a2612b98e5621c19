import { z } from "zod";

import { placeBetsSchema } from "@fuda/live";

const minorUnits = z.number().int().describe("Minor units: 100 are 1 point.");

/** The same schema the bet desk checks again: one definition of a slip. */
export const placeBetsInput = placeBetsSchema;

export const placementOutput = z.object({
  roundId: z.string(),
  slipId: z.string(),
  bets: z.array(
    z.object({
      id: z.string(),
      bet: z.string(),
      seat: z.number().int().nullable(),
      amount: minorUnits,
      reserved: minorUnits.describe(
        "What the wallet holds back for it (Pok Deng: stake + deposit).",
      ),
    }),
  ),
  replayed: z
    .boolean()
    .describe("True when this requestId was placed before: nothing new reserved."),
  balance: minorUnits.describe("The wallet after the reservation."),
});

export const undoInput = z.object({
  roundId: z
    .string({ error: "roundId: a round id" })
    .min(1, { error: "roundId: a round id" })
    .max(64, {
      error: "roundId: at most 64 characters",
    }),
});

export const undoOutput = z.object({
  roundId: z.string(),
  bets: z.number().int().describe("Bets refunded by this call."),
  refunded: minorUnits,
  balance: minorUnits,
});

export const mineInput = undoInput;

export const mineOutput = z.object({
  roundId: z.string(),
  stakes: z
    .array(z.object({ bet: z.string(), seat: z.number().int().nullable(), amount: minorUnits }))
    .describe("The caller's stakes in the round per bet id and seat, refunded bets left out."),
});
