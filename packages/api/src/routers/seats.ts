import { z } from "zod";

import { leave, sit } from "@fuda/live";

import { playerProcedure, router } from "../trpc";

const seatInput = z.object({
  tableId: z
    .string({ error: "tableId: a table id" })
    .min(1, { error: "tableId: a table id" })
    .max(64, {
      error: "tableId: at most 64 characters",
    }),
  seat: z
    .number({ error: "seat: a whole number" })
    .int({ error: "seat: a whole number" })
    .positive({ error: "seat: from 1" }),
});

/**
 * Seats at a seated table (joker blackjack), always the caller's own: one player per seat; a
 * seat in a round is left when the round ends (docs/live-tables.md, Seats).
 */
export const seatsRouter = router({
  sit: playerProcedure
    .input(seatInput)
    .output(
      z.object({
        seat: z.number().int(),
        playerId: z.string(),
        name: z.string(),
        leaving: z.boolean(),
      }),
    )
    .mutation(({ ctx, input }) => sit(ctx.db, { ...input, playerId: ctx.actor.userId })),
  leave: playerProcedure
    .input(seatInput)
    .output(
      z.object({
        seat: z.number().int(),
        left: z.boolean().describe("False: the seat is in a round and is freed when it ends."),
      }),
    )
    .mutation(({ ctx, input }) => leave(ctx.db, { ...input, playerId: ctx.actor.userId })),
});
