/**
 * Dealers (docs/studio.md, Roles): accounts with role `dealer`, made by an admin (better-auth's
 * `/api/auth/admin/create-user` with `role: "dealer"`), assigned by admins to the tables whose
 * studio console they may use, disabled and enabled again. Every change is audited.
 */
import type { Db } from "@fuda/db";
import { writeAudit } from "@fuda/db";
import { isUuid } from "@fuda/live";

import { FudaError } from "../errors";

export interface DealerView {
  id: string;
  name: string;
  email: string;
  /** Disabled: every session ended, sign-in refused. */
  disabled: boolean;
  createdAt: string;
  tables: { id: string; slug: string; name: string }[];
}

export async function listDealers(db: Db): Promise<{ dealers: DealerView[] }> {
  const dealers = await db.user.findMany({
    where: { role: "dealer" },
    orderBy: { createdAt: "asc" },
    select: { id: true, name: true, email: true, banned: true, createdAt: true },
  });
  const assigned = await db.tableDealer.findMany({
    where: { dealerId: { in: dealers.map((dealer) => dealer.id) } },
    include: { table: { select: { id: true, slug: true, name: true } } },
    orderBy: { table: { name: "asc" } },
  });
  const views = dealers.map((dealer) => ({
    id: dealer.id,
    name: dealer.name,
    email: dealer.email,
    disabled: dealer.banned,
    createdAt: dealer.createdAt.toISOString(),
    tables: assigned.filter((row) => row.dealerId === dealer.id).map((row) => row.table),
  }));
  return { dealers: views };
}

type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

async function dealerRow(tx: Tx, dealerId: string) {
  const row = await tx.user.findUnique({
    where: { id: dealerId },
    select: { id: true, role: true, banned: true },
  });
  if (row?.role !== "dealer") {
    throw new FudaError("NOT_FOUND", `dealerId: no dealer ${dealerId}`, { field: "dealerId" });
  }
  return row;
}

async function tableRow(tx: Tx, tableId: string) {
  const row = isUuid(tableId)
    ? await tx.table.findUnique({ where: { id: tableId }, select: { id: true, slug: true } })
    : null;
  if (row === null) {
    throw new FudaError("NOT_FOUND", `tableId: no table ${tableId}`, { field: "tableId" });
  }
  return row;
}

export interface AssignInput {
  adminId: string;
  dealerId: string;
  tableId: string;
  reason?: string | undefined;
  assigned: boolean;
}

/** Assigns a dealer to a table (their console may deal it) or takes the assignment away. */
export async function setAssignment(db: Db, input: AssignInput) {
  const { adminId, dealerId, tableId, reason, assigned } = input;
  return db.$transaction(async (tx) => {
    await dealerRow(tx, dealerId);
    const table = await tableRow(tx, tableId);
    const key = { tableId_dealerId: { tableId, dealerId } };
    const before = (await tx.tableDealer.findUnique({ where: key })) !== null;
    if (before === assigned) {
      throw new FudaError(
        "CONFLICT",
        `tableId: dealer ${dealerId} is ${assigned ? "already" : "not"} assigned to ${table.slug}`,
        { field: "tableId" },
      );
    }
    if (assigned) {
      await tx.tableDealer.create({ data: { tableId, dealerId, assignedBy: adminId } });
    } else {
      await tx.tableDealer.delete({ where: key });
      // A console the dealer holds at that table lets go with the assignment.
      await tx.studioConsole.deleteMany({ where: { tableId, dealerId } });
    }
    await writeAudit(tx, {
      actorId: adminId,
      action: assigned ? "dealers.assign" : "dealers.unassign",
      targetType: "dealer",
      targetId: dealerId,
      before: { table: table.slug, assigned: before },
      after: { table: table.slug, assigned },
      reason: reason ?? null,
    });
    return { dealerId, tableId, assigned };
  });
}

/** Disables a dealer (every session ended, sign-in refused) or enables them again. */
export async function setDealerDisabled(
  db: Db,
  input: { adminId: string; dealerId: string; reason: string; disabled: boolean },
) {
  const { adminId, dealerId, reason, disabled } = input;
  return db.$transaction(async (tx) => {
    const row = await dealerRow(tx, dealerId);
    if (row.banned === disabled) {
      throw new FudaError(
        "CONFLICT",
        `dealerId: dealer ${dealerId} is ${disabled ? "already disabled" : "not disabled"}`,
        { field: "dealerId" },
      );
    }
    await tx.user.update({
      where: { id: dealerId },
      data: { banned: disabled, banReason: disabled ? reason : null, banExpires: null },
    });
    const ended = disabled
      ? (await tx.session.deleteMany({ where: { userId: dealerId } })).count
      : 0;
    if (disabled) await tx.studioConsole.deleteMany({ where: { dealerId } });
    await writeAudit(tx, {
      actorId: adminId,
      action: disabled ? "dealers.disable" : "dealers.enable",
      targetType: "dealer",
      targetId: dealerId,
      before: { disabled: row.banned },
      after: { disabled, sessionsEnded: ended },
      reason,
    });
    return { dealerId, disabled, sessionsEnded: ended };
  });
}
