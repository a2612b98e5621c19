import { walletBalanceOutput, walletHistoryInput, walletHistoryOutput } from "@fuda/ledger";

import { walletBalance, walletHistory } from "../domain/wallet";
import { playerProcedure, router } from "../trpc";

/** A player's own points: never anyone else's (the player is the caller, never an input). */
export const walletRouter = router({
  balance: playerProcedure
    .output(walletBalanceOutput)
    .query(({ ctx }) => walletBalance({ db: ctx.db, playerId: ctx.actor.userId })),
  history: playerProcedure
    .input(walletHistoryInput)
    .output(walletHistoryOutput)
    .query(({ ctx, input }) =>
      walletHistory({
        db: ctx.db,
        playerId: ctx.actor.userId,
        cursor: input.cursor,
        limit: input.limit,
      }),
    ),
});
