import { describeAccount } from "../domain/account";
import { publicProcedure, router } from "../trpc";

export const accountRouter = router({
  /** Who is calling: anonymous, a player, an operator or admin, or a partner. */
  me: publicProcedure.query(({ ctx }) => describeAccount({ db: ctx.db, actor: ctx.actor })),
});
