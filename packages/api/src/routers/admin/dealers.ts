import { z } from "zod";

import { listDealers, setAssignment, setDealerDisabled } from "../../domain/dealers";
import { adminProcedure, operatorProcedure, router } from "../../trpc";

const dealerId = z
  .string({ error: "dealerId: a dealer's user id" })
  .min(1, { error: "dealerId: a dealer's user id" })
  .max(64, { error: "dealerId: at most 64 characters" });
const tableId = z
  .string({ error: "tableId: a table id" })
  .min(1, { error: "tableId: a table id" })
  .max(64, { error: "tableId: at most 64 characters" });
const reason = z
  .string({ error: "reason: why, in words" })
  .trim()
  .min(3, { error: "reason: at least 3 characters" })
  .max(500, { error: "reason: at most 500 characters" });

const assignment = z.object({ dealerId, tableId, reason: reason.optional() });
const toggle = z.object({ dealerId, reason });

/**
 * Dealers (docs/studio.md, Roles): operators see them; admins assign them to tables and disable
 * them. Accounts are made with better-auth's `/api/auth/admin/create-user`, `role: "dealer"`.
 */
export const dealersRouter = router({
  list: operatorProcedure.query(({ ctx }) => listDealers(ctx.db)),
  assign: adminProcedure
    .input(assignment)
    .mutation(({ ctx, input }) =>
      setAssignment(ctx.db, { ...input, adminId: ctx.actor.userId, assigned: true }),
    ),
  unassign: adminProcedure
    .input(assignment)
    .mutation(({ ctx, input }) =>
      setAssignment(ctx.db, { ...input, adminId: ctx.actor.userId, assigned: false }),
    ),
  disable: adminProcedure
    .input(toggle)
    .mutation(({ ctx, input }) =>
      setDealerDisabled(ctx.db, { ...input, adminId: ctx.actor.userId, disabled: true }),
    ),
  enable: adminProcedure
    .input(toggle)
    .mutation(({ ctx, input }) =>
      setDealerDisabled(ctx.db, { ...input, adminId: ctx.actor.userId, disabled: false }),
    ),
});
