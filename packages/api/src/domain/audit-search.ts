/** `admin.audit.search`: the audit log, newest first, a page at a time (docs/operators.md). */
import type { Db, Prisma } from "@fuda/db";

export interface AuditFilter {
  actorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** Entries at or after / before this time. */
  from?: Date;
  to?: Date;
  /** The last entry id of the previous page: the next page starts below it. */
  cursor?: string;
  limit: number;
  /** Oldest first instead of newest first. */
  oldestFirst?: boolean;
}

export interface AuditEntryView {
  id: string;
  actorId: string;
  /** The actor's email, when their account still exists. */
  actorEmail: string | null;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  reason: string | null;
  at: string;
}

export async function searchAudit({
  db,
  filter,
}: {
  db: Db;
  filter: AuditFilter;
}): Promise<{ entries: AuditEntryView[]; nextCursor: string | null }> {
  const where: Prisma.AuditEntryWhereInput = {
    actorId: filter.actorId,
    action: filter.action,
    targetType: filter.targetType,
    targetId: filter.targetId,
    at:
      filter.from === undefined && filter.to === undefined
        ? undefined
        : {
            gte: filter.from,
            lt: filter.to,
          },
    // Ids grow with each entry (in the order of their times), so "below the cursor" is "older
    // than the previous page" and "above" newer.
    id:
      filter.cursor === undefined
        ? undefined
        : filter.oldestFirst === true
          ? { gt: BigInt(filter.cursor) }
          : { lt: BigInt(filter.cursor) },
  };
  const rows = await db.auditEntry.findMany({
    where,
    orderBy: { id: filter.oldestFirst === true ? "asc" : "desc" },
    take: filter.limit + 1,
  });
  const page = rows.slice(0, filter.limit);
  const actors = await db.user.findMany({
    where: { id: { in: [...new Set(page.map((row) => row.actorId))] } },
    select: { id: true, email: true },
  });
  const emailOf = new Map(actors.map((actor) => [actor.id, actor.email]));
  return {
    entries: page.map((row) => ({
      id: row.id.toString(),
      actorId: row.actorId,
      actorEmail: emailOf.get(row.actorId) ?? null,
      action: row.action,
      targetType: row.targetType,
      targetId: row.targetId,
      before: row.before,
      after: row.after,
      reason: row.reason,
      at: row.at.toISOString(),
    })),
    nextCursor: rows.length > filter.limit ? page.at(-1)!.id.toString() : null,
  };
}
