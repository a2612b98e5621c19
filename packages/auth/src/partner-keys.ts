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

/** How often a key's `last_used_at` is written: a partner polling many times a second writes once. */
export const LAST_USE_EVERY_SECONDS = 60;

/**
 * The key's owner when `key` is a live key, recording its use (at most once a minute, by the
 * database's clock: every process shares it); undefined for an unknown or revoked key. One
 * statement: the lookup and the last-used time cannot disagree.
 */
export async function verifyPartnerKey(options: {
  db: Db;
  key: string;
}): Promise<VerifiedPartnerKey | undefined> {
  if (!options.key.startsWith(KEY_PREFIX)) return undefined;
  const rows = await options.db.$queryRaw<
    { id: string; partner_id: string; scopes: string[] }[]
  >`WITH k AS (
      SELECT "id", "partner_id", "scopes", "last_used_at" FROM "partner_keys"
      WHERE "key_hash" = ${hashKey(options.key)} AND "revoked_at" IS NULL
    ), used AS (
      UPDATE "partner_keys" p SET "last_used_at" = (now() AT TIME ZONE 'UTC')
      FROM k WHERE p."id" = k."id"
        AND (k."last_used_at" IS NULL OR k."last_used_at" <
             (now() AT TIME ZONE 'UTC') - make_interval(secs => ${LAST_USE_EVERY_SECONDS}))
    )
    SELECT "id", "partner_id", "scopes" FROM k`;
  const row = rows[0];
  if (row === undefined) return undefined;
  return { keyId: row.id, partnerId: row.partner_id, scopes: row.scopes as PartnerKeyScope[] };
}

/** Resolves a presented key: `verifyPartnerKey`, or a process's cache of it. */
export type PartnerKeyVerifier = (key: string) => Promise<VerifiedPartnerKey | undefined>;

/**
 * Live keys kept in memory for `ttlMs`: a partner polling hard costs the database one lookup per
 * key and interval, not one per request. A revoked key is refused by every process within
 * `ttlMs` (issue: within a second everywhere). Unknown keys are not kept: a key created a moment
 * ago works at once, and guesses cannot fill the memory. Concurrent lookups of one key share
 * one query.
 */
export function createPartnerKeyCache({
  db,
  ttlMs = 500,
  maxKeys = 10_000,
}: {
  db: Db;
  ttlMs?: number;
  maxKeys?: number;
}): PartnerKeyVerifier {
  const kept = new Map<
    string,
    { until: number; verified: Promise<VerifiedPartnerKey | undefined> }
  >();
  return (key) => {
    const now = performance.now();
    const entry = kept.get(key);
    if (entry !== undefined && entry.until > now) return entry.verified;
    kept.delete(key);
    const verified = verifyPartnerKey({ db, key });
    if (kept.size >= maxKeys) kept.delete(kept.keys().next().value!);
    kept.set(key, { until: now + ttlMs, verified });
    // Only live keys stay: a refusal or a failure is asked again next time.
    verified.then(
      (found) => {
        if (found === undefined && kept.get(key)?.verified === verified) kept.delete(key);
      },
      () => {
        if (kept.get(key)?.verified === verified) kept.delete(key);
      },
    );
    return verified;
  };
}
