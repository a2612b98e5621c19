import { playQuick, quickState } from "@fuda/live";
import type { QuickAction } from "@fuda/live";

import type { Context } from "../context";
import { playerProcedure, router } from "../trpc";
import { quickAddInput, quickViewOutput } from "./quick.schemas";

type Player = Context & { actor: { userId: string } };

/** One button of the caller's own quick game. */
const press = (ctx: Player, action: QuickAction) =>
  playQuick({ db: ctx.db, playerId: ctx.actor.userId, action });

/**
 * The quick game (docs/rules/quick-baccarat.md): one game per player, always the caller's own,
 * in quick points that never touch the wallet. Each step answers the game as it now stands.
 */
export const quickRouter = router({
  state: playerProcedure
    .output(quickViewOutput)
    .query(({ ctx }) => quickState({ db: ctx.db, playerId: ctx.actor.userId })),
  add: playerProcedure
    .input(quickAddInput)
    .output(quickViewOutput)
    .mutation(({ ctx, input }) => press(ctx, { step: "add", spot: input.spot })),
  undo: playerProcedure.output(quickViewOutput).mutation(({ ctx }) => press(ctx, { step: "undo" })),
  deal: playerProcedure.output(quickViewOutput).mutation(({ ctx }) => press(ctx, { step: "deal" })),
  next: playerProcedure.output(quickViewOutput).mutation(({ ctx }) => press(ctx, { step: "next" })),
  startOver: playerProcedure
    .output(quickViewOutput)
    .mutation(({ ctx }) => press(ctx, { step: "startOver" })),
});
