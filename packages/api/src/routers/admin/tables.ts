import {
  askNewShoe,
  createTable,
  listAdminTables,
  setTableStatus,
  updateTable,
} from "../../domain/admin-tables";
import { operatorProcedure, requireFreshSignIn, router } from "../../trpc";
import { createTableInput, tableChangeInput, updateTableInput } from "./tables.schemas";

/** A status change: audited under its procedure's name, effective between rounds. */
const statusChange = (status: "OPEN" | "PAUSED" | "CLOSED", action: string) =>
  operatorProcedure.input(tableChangeInput).mutation(({ ctx, input }) =>
    setTableStatus({
      db: ctx.db,
      actorId: ctx.actor.userId,
      tableId: input.tableId,
      reason: input.reason,
      status,
      action,
    }),
  );

/** The operators' tables (docs/operators.md, Tables); every change is audited. */
export const tablesRouter = router({
  /** Every table with its status, limits and settings. */
  list: operatorProcedure.query(({ ctx }) => listAdminTables({ db: ctx.db })),
  create: operatorProcedure.input(createTableInput).mutation(async ({ ctx, input }) => {
    const { reason, ...table } = input;
    // A pay table is what every bet returns: setting one is a step-up action.
    if (table.settings?.payTable !== undefined) {
      await requireFreshSignIn(ctx, ctx.actor, "admin.tables.create");
    }
    return createTable({ db: ctx.db, actorId: ctx.actor.userId, table, reason });
  }),
  /** Name, limits per bet id, countdown and settings; the rules check the result. */
  update: operatorProcedure.input(updateTableInput).mutation(async ({ ctx, input }) => {
    const { tableId, reason, ...edits } = input;
    if (edits.settings?.payTable !== undefined) {
      await requireFreshSignIn(ctx, ctx.actor, "admin.tables.update");
    }
    return updateTable({ db: ctx.db, actorId: ctx.actor.userId, tableId, reason, edits });
  }),
  open: statusChange("OPEN", "tables.open"),
  /** No new round after the one in play; bets are refused meanwhile. */
  pause: statusChange("PAUSED", "tables.pause"),
  close: statusChange("CLOSED", "tables.close"),
  /** The dealer ends the shoe in play before its next round and shuffles a new one. */
  newShoe: operatorProcedure.input(tableChangeInput).mutation(({ ctx, input }) =>
    askNewShoe({
      db: ctx.db,
      actorId: ctx.actor.userId,
      tableId: input.tableId,
      reason: input.reason,
    }),
  ),
});
