import { listTables } from "../domain/tables";
import { publicProcedure, router } from "../trpc";

export const tablesRouter = router({
  list: publicProcedure.query(({ ctx }) => listTables({ db: ctx.db })),
});
