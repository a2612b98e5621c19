import { FudaError } from "@fuda/errors";
import type { BetDesk } from "@fuda/live";
import { ownStakes } from "@fuda/live";

import type { Context } from "../context";
import { playerCall, playerProcedure, router } from "../trpc";
import {
  mineInput,
  mineOutput,
  placeBetsInput,
  placementOutput,
  undoInput,
  undoOutput,
} from "./bets.schemas";

/** The process's bet desk; the results feed and tools run the API without live tables. */
function deskOf(ctx: Context): BetDesk {
  if (ctx.live === undefined) {
    throw new FudaError("CONFLICT", "live tables are not running in this process");
  }
  return ctx.live.desk;
}

/**
 * A player's bets on a live round: always the caller's own (the player is never an input). The
 * game API also runs these two without tRPC's middleware chain (`runPlayerCall`).
 */
export const betCalls = {
  place: playerCall({
    input: placeBetsInput,
    output: placementOutput,
    run: (ctx, player, input) => deskOf(ctx).place({ ...input, playerId: player.userId }),
  }),
  undo: playerCall({
    input: undoInput,
    output: undoOutput,
    run: (ctx, player, input) =>
      deskOf(ctx).undo({ playerId: player.userId, roundId: input.roundId }),
  }),
};

export const betsRouter = router({
  place: playerProcedure
    .input(betCalls.place.input)
    .output(betCalls.place.output)
    .mutation(({ ctx, input }) => betCalls.place.run(ctx, ctx.actor, input)),
  undo: playerProcedure
    .input(betCalls.undo.input)
    .output(betCalls.undo.output)
    .mutation(({ ctx, input }) => betCalls.undo.run(ctx, ctx.actor, input)),
  /** What the caller has on a round: a table page opened mid-round shows it and repeats it. */
  mine: playerProcedure
    .input(mineInput)
    .output(mineOutput)
    .query(({ ctx, input }) =>
      ownStakes({ db: ctx.db, playerId: ctx.actor.userId, roundId: input.roundId }),
    ),
});
