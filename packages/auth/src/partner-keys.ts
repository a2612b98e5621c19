import { createHash, randomBytes } from "node:crypto";

import type { Db } from "@fuda/db";

/** What a partner key may do. The results feed reads with `feed:read`. */
export const partnerKeyScopes = ["feed:read"] as const;
export type PartnerKeyScope = (typeof partnerKeyScopes)[number];

/** Every key starts so; a leaked key is easy to recognise (and to scan for). */
const KEY_PREFIX = "fuda_pk_";
/** How much of a key is kept in clear to tell keys apart in a list. */
const SHOWN_LENGTH = KEY_PREFIX.length + 6;

/**
 * A key is 256 random bits, so a plain SHA-256 is enough to store it: there is nothing to
 * guess, and a fast hash lets every request find its key by an indexed lookup.
 */
function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export interface PartnerKeyView {
  id: string;
  partnerId: string;
  name: string;
  /** The key's first characters, e.g. `fuda_pk_Ab3xQz`. */
  start: string;
  scopes: PartnerKeyScope[];
  createdBy: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const viewSelect = {
  id: true,
  partnerId: true,
  name: true,
  start: true,
  scopes: true,
  createdBy: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const;

const asView = (row: Omit<PartnerKeyView, "scopes"> & { scopes: string[] }): PartnerKeyView => ({
  ...row,
  scopes: row.scopes as PartnerKeyScope[],
});

/** A new key for a partner; the plain key is in the answer and nowhere else, ever. */
export async function createPartnerKey(options: {
  /** The client, or the transaction that also writes the operator's audit entry. */
  db: Pick<Db, "partnerKey">;
  partnerId: string;
  name: string;
  scopes: readonly PartnerKeyScope[];
  createdBy: string;
}): Promise<{ key: string; partnerKey: PartnerKeyView }> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const row = await options.db.partnerKey.create({
    data: {
      partnerId: options.partnerId,
      name: options.name,
      start: key.slice(0, SHOWN_LENGTH),
      keyHash: hashKey(key),
      scopes: [...new Set(options.scopes)],
      createdBy: options.createdBy,
    },
    select: viewSelect,
  });
  return { key, partnerKey: asView(row) };
}

/** Every key, revoked ones included, newest first; optionally one partner's only. */
export async function listPartnerKeys(options: {
  db: Db;
  partnerId?: string;
}): Promise<PartnerKeyView[]> {
  const rows = await options.db.partnerKey.findMany({
    where: options.partnerId === undefined ? {} : { partnerId: options.partnerId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: viewSelect,
  });
  return rows.map(asView);
}

/**
 * Revokes a key: from now on it is refused. Revoking a revoked key keeps its first revocation
 * time. Undefined when there is no such key.
 */
export async function revokePartnerKey(options: {
  /** The client, or the transaction that also writes the operator's audit entry. */
  db: Pick<Db, "partnerKey">;
  id: string;
  now?: Date;
}): Promise<PartnerKeyView | undefined> {
  const { db, id, now = new Date() } = options;
  await db.partnerKey.updateMany({ where: { id, revokedAt: null }, data: { revokedAt: now } });
  const row = await db.partnerKey.findUnique({ where: { id }, select: viewSelect });
  return row === null ? undefined : asView(row);
}

export interface VerifiedPartnerKey {
  keyId: string;
  partnerId: string;
  scopes: PartnerKeyScope[];
}

/**
 * The key's owner when `key` is a live key, recording its use; undefined for an unknown or
 * revoked key. One statement: the lookup and the last-used time cannot disagree.
 */
export async function verifyPartnerKey(options: {
  db: Db;
  key: string;
}): Promise<VerifiedPartnerKey | undefined> {
  if (!options.key.startsWith(KEY_PREFIX)) return undefined;
  const rows = await options.db.$queryRaw<
    { id: string; partner_id: string; scopes: string[] }[]
  >`UPDATE "partner_keys" SET "last_used_at" = (now() AT TIME ZONE 'UTC')
     WHERE "key_hash" = ${hashKey(options.key)} AND "revoked_at" IS NULL
     RETURNING "id", "partner_id", "scopes"`;
  const row = rows[0];
  if (row === undefined) return undefined;
  return { keyId: row.id, partnerId: row.partner_id, scopes: row.scopes as PartnerKeyScope[] };
}
