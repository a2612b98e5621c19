import { monitorTables } from "../../domain/monitor";
import { operatorProcedure, router } from "../../trpc";

/** The floor at a glance; the portal reads it again when a table's event stream moves. */
export const monitorRouter = router({
  /** Every table's round in play: phase, closing time, stakes per bet id, players, exposure. */
  tables: operatorProcedure.query(({ ctx }) => monitorTables({ db: ctx.db })),
});
