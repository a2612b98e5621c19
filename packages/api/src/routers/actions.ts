import { z } from "zod";

import { act, MAX_REQUEST_ID_LENGTH } from "@fuda/live";

import { playerProcedure, router } from "../trpc";

const minorUnits = z.number().int().describe("Minor units: 100 are 1 point.");

const actInput = z.object({
  roundId: z
    .string({ error: "roundId: a round id" })
    .min(1, { error: "roundId: a round id" })
    .max(64, { error: "roundId: at most 64 characters" }),
  seat: z
    .number({ error: "seat: a whole number" })
    .int({ error: "seat: a whole number" })
    .positive({ error: "seat: from 1" }),
  action: z
    .string({ error: "action: an action name" })
    .min(1, { error: "action: an action name" })
    .max(32, { error: "action: at most 32 characters" }),
  requestId: z
    .string({ error: "requestId: a string" })
    .min(1, { error: `requestId: 1 to ${MAX_REQUEST_ID_LENGTH} characters` })
    .max(MAX_REQUEST_ID_LENGTH, { error: `requestId: 1 to ${MAX_REQUEST_ID_LENGTH} characters` }),
});

/**
 * A player's decisions in a round with them (joker blackjack), always on the caller's own seat
 * and only when it is that seat's turn (docs/live-tables.md, Decisions).
 */
export const actionsRouter = router({
  act: playerProcedure
    .input(actInput)
    .output(
      z.object({
        roundId: z.string(),
        seat: z.number().int(),
        hand: z.number().int().describe("The seat's hand the action was taken on, from 0."),
        action: z.string(),
        stake: minorUnits.describe("What the action reserved besides: double, split, insurance."),
        balance: minorUnits.describe("The wallet after the action."),
        replayed: z.boolean().describe("True when this requestId acted before."),
      }),
    )
    .mutation(({ ctx, input }) => act(ctx.db, { ...input, playerId: ctx.actor.userId })),
});
