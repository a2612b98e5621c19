import { z } from "zod";

import { listTables, watchTables } from "../domain/tables";
import { tableViewSchema } from "../domain/tables.types";
import { streamOf } from "../output";
import { publicProcedure, router } from "../trpc";

const tableListSchema = z.array(tableViewSchema);

export const tablesRouter = router({
  list: publicProcedure.output(tableListSchema).query(({ ctx }) => listTables({ db: ctx.db })),
  /** Server-sent events: the list at once, then each time it changes. */
  watch: publicProcedure
    .output(streamOf(tableListSchema))
    .subscription(({ ctx, signal }) => watchTables({ db: ctx.db, signal })),
});
