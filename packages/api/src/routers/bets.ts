import { FudaError } from "@fuda/errors";
import type { BetDesk } from "@fuda/live";

import type { Context } from "../context";
import { playerProcedure, router } from "../trpc";
import { placeBetsInput, placementOutput, undoInput, undoOutput } from "./bets.schemas";

/** The process's bet desk; the results feed and tools run the API without live tables. */
function deskOf(ctx: Context): BetDesk {
  if (ctx.live === undefined) {
    throw new FudaError("CONFLICT", "live tables are not running in this process");
  }
  return ctx.live.desk;
}

/** A player's bets on a live round: always the caller's own (the player is never an input). */
export const betsRouter = router({
  place: playerProcedure
    .input(placeBetsInput)
    .output(placementOutput)
    .mutation(({ ctx, input }) => deskOf(ctx).place({ ...input, playerId: ctx.actor.userId })),
  undo: playerProcedure
    .input(undoInput)
    .output(undoOutput)
    .mutation(({ ctx, input }) =>
      deskOf(ctx).undo({ playerId: ctx.actor.userId, roundId: input.roundId }),
    ),
});
