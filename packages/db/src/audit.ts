import type { Prisma } from "./generated/prisma/client";

/** What an operator did, for the audit log (docs/operators.md, Audit log). */
export interface AuditRecord {
  /** The operator or admin who acted. */
  actorId: string;
  /** The procedure's name under `admin`, e.g. `tables.update`, `rounds.void`, `players.adjust`. */
  action: string;
  targetType: "table" | "round" | "player" | "partnerKey" | "webhook" | "dealer" | "chatLine";
  targetId: string;
  before?: Prisma.InputJsonValue | null;
  after?: Prisma.InputJsonValue | null;
  reason?: string | null;
}

/**
 * Appends one entry to the audit log. Call it with the transaction that makes the change, so
 * the change and its record commit together or not at all.
 */
export async function writeAudit(
  tx: Pick<Prisma.TransactionClient, "auditEntry">,
  record: AuditRecord,
): Promise<void> {
  await tx.auditEntry.create({
    data: {
      actorId: record.actorId,
      action: record.action,
      targetType: record.targetType,
      targetId: record.targetId,
      before: record.before ?? undefined,
      after: record.after ?? undefined,
      reason: record.reason ?? null,
    },
  });
}
