import { recall, roundsOfPlayer } from "@fuda/live";

import { playerProcedure, router } from "../trpc";
import { historyMineInput, historyMineOutput, recallOutput } from "./history.schemas";

/** The caller's own rounds: at the live tables and in the quick game (`kind`). */
export const historyRouter = router({
  /** Newest first, a page at a time. */
  mine: playerProcedure
    .input(historyMineInput)
    .output(historyMineOutput)
    .query(({ ctx, input }) =>
      roundsOfPlayer({
        db: ctx.db,
        playerId: ctx.actor.userId,
        cursor: input.cursor,
        limit: input.limit,
      }),
    ),
  /** The last-game recall: the last 10 rounds with every field the regulator lists. */
  recall: playerProcedure.output(recallOutput).query(async ({ ctx }) => ({
    rounds: await recall({ db: ctx.db, playerId: ctx.actor.userId }),
  })),
});
