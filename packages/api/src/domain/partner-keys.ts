import type { PartnerKeyScope, PartnerKeyView } from "@fuda/auth";
import { createPartnerKey, revokePartnerKey } from "@fuda/auth";
import type { Db } from "@fuda/db";
import { writeAudit } from "@fuda/db";

/** A partner key as callers see it: dates as ISO 8601 strings, never the key or its hash. */
export function toPartnerKeyJson(key: PartnerKeyView) {
  return {
    ...key,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
  };
}

/** An admin's new key, audited in the same transaction (the audit holds the view, never the key). */
export function createAuditedPartnerKey(options: {
  db: Db;
  actorId: string;
  partnerId: string;
  name: string;
  scopes: readonly PartnerKeyScope[];
}) {
  const { db, actorId, ...key } = options;
  return db.$transaction(async (tx) => {
    const created = await createPartnerKey({ db: tx, ...key, createdBy: actorId });
    const partnerKey = toPartnerKeyJson(created.partnerKey);
    await writeAudit(tx, {
      actorId,
      action: "partnerKeys.create",
      targetType: "partnerKey",
      targetId: partnerKey.id,
      before: null,
      after: partnerKey,
    });
    return { key: created.key, partnerKey };
  });
}

/**
 * An admin's revocation, audited in the same transaction with the key before and after.
 * Undefined (and nothing written) when there is no such key.
 */
export function revokeAuditedPartnerKey(options: { db: Db; actorId: string; id: string }) {
  const { db, actorId, id } = options;
  return db.$transaction(async (tx) => {
    // Locked so the "before" is the row the revocation changes.
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM partner_keys WHERE id = ${id}::uuid FOR UPDATE`;
    if (locked.length === 0) return undefined;
    const before = await tx.partnerKey.findUniqueOrThrow({ where: { id } });
    const revoked = await revokePartnerKey({ db: tx, id });
    if (revoked === undefined) return undefined;
    const after = toPartnerKeyJson(revoked);
    await writeAudit(tx, {
      actorId,
      action: "partnerKeys.revoke",
      targetType: "partnerKey",
      targetId: id,
      before: { ...after, revokedAt: before.revokedAt?.toISOString() ?? null },
      after,
    });
    return after;
  });
}
