import { listTables, watchTables } from "../domain/tables";
import { publicProcedure, router } from "../trpc";

export const tablesRouter = router({
  list: publicProcedure.query(({ ctx }) => listTables({ db: ctx.db })),
  /** Server-sent events: the list at once, then each time it changes. */
  watch: publicProcedure.subscription(({ ctx, signal }) => watchTables({ db: ctx.db, signal })),
});
