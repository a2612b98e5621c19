import { createHmac, createSecretKey, timingSafeEqual } from "node:crypto";
import type { KeyObject } from "node:crypto";

import type { Db, GroupCommit } from "@fuda/db";
import { groupCommit, sqlClient } from "@fuda/db";

import type { Auth } from "./auth";

/** The user behind a session cookie, as far as the game API needs to know it. */
export interface SessionUser {
  userId: string;
  role: string;
  /** The session's row id (`account.sessions` names it). */
  sessionId: string;
  /** When the session signed in, in ms: a step-up is a sign-in within the last minutes. */
  signedInAt: number;
  /** Whether the user has enrolled TOTP two-factor sign-in (required of staff). */
  twoFactorEnabled: boolean;
}

/** Roles that must use two-factor sign-in and get the shorter sessions below. */
export const staffRoles: readonly string[] = ["operator", "admin", "dealer"];

/** A staff session ends this long after its sign-in, however busy. */
export const STAFF_SESSION_MS = 12 * 60 * 60_000;

/** A staff session ends after this long without a request. */
export const STAFF_IDLE_MS = 30 * 60_000;

/** `last_seen_at` is written at most this often per session. */
const LAST_SEEN_EVERY_MS = 60_000;

/** What the lean path needs from better-auth's configuration, read once per `Auth`. */
interface SessionSettings {
  /** The session cookie's exact name, with its `__Secure-` prefix on https. */
  cookieName: string;
  /** better-auth's "don't remember me" cookie: a session it marks is never extended. */
  dontRememberName: string;
  key: KeyObject;
  expiresInMs: number;
  updateAgeMs: number;
  /** Signed cookie values already verified, and their tokens (see `verifiedToken`). */
  verified: Map<string, string>;
}

/** Most verified cookies remembered at once; past it the memory starts afresh. */
const MAX_VERIFIED = 10_000;

const settingsOf = new WeakMap<Auth, Promise<SessionSettings>>();

async function readSettings(auth: Auth): Promise<SessionSettings> {
  const context = await auth.$context;
  return {
    cookieName: context.authCookies.sessionToken.name,
    dontRememberName: context.authCookies.dontRememberToken.name,
    // better-call signs with HMAC-SHA256 keyed by the secret's UTF-8 bytes.
    key: createSecretKey(Buffer.from(context.secret, "utf8")),
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
    verified: new Map(),
  };
}

function settingsFor(auth: Auth): Promise<SessionSettings> {
  let pending = settingsOf.get(auth);
  if (pending === undefined) {
    pending = readSettings(auth);
    settingsOf.set(auth, pending);
  }
  return pending;
}

/**
 * The token a signed session cookie carries, its signature checked once per cookie value: an
 * HMAC a request was a few percent of the game API's thread at 64 players. Only what verified
 * is remembered (the same bytes verify the same way under the same key), so a forged cookie is
 * checked every time; whether the session still exists is read from its row on every call.
 */
function verifiedToken(signed: string | undefined, settings: SessionSettings): string | undefined {
  if (signed === undefined) return undefined;
  const known = settings.verified.get(signed);
  if (known !== undefined) return known;
  const token = verifiedCookie(signed, settings.key);
  if (token !== undefined) {
    if (settings.verified.size >= MAX_VERIFIED) settings.verified.clear();
    settings.verified.set(signed, token);
  }
  return token;
}

/**
 * One cookie's value from a Cookie header, read as better-call reads it: the first cookie of
 * that name wins, surrounding quotes go, and percent-escapes are decoded when they can be.
 */
export function cookieValue(header: string, name: string): string | undefined {
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"')) value = value.slice(1, -1);
    if (!value.includes("%")) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return undefined;
}

/**
 * The value of a cookie signed by better-call (`<value>.<base64 HMAC-SHA256 of value>`), or
 * undefined when it is absent, malformed or signed with another secret.
 */
export function verifiedCookie(signed: string | undefined, key: KeyObject): string | undefined {
  if (signed === undefined) return undefined;
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return undefined;
  const value = signed.slice(0, dot);
  const signature = signed.slice(dot + 1);
  // better-call's own checks: a SHA-256 digest in padded base64 is 44 characters ending in "=".
  if (signature.length !== 44 || !signature.endsWith("=")) return undefined;
  const given = Buffer.from(signature, "base64");
  const expected = createHmac("sha256", key).update(value, "utf8").digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : undefined;
}

interface SessionRow {
  id: string;
  token: string;
  user_id: string;
  created_at: Date;
  last_seen_at: Date;
  two_factor_enabled: boolean;
  role: string;
  banned: boolean;
  ban_expires: Date | null;
  expires_at: Date;
}

const readersOf = new WeakMap<Db, GroupCommit<string, SessionRow | undefined>>();

/**
 * Session rows by token, read in groups: every request reads its row (so a sign-out or a ban
 * counts at once), and under load the requests of one moment share one query instead of a
 * round trip each.
 */
function sessionRowsOf(db: Db): GroupCommit<string, SessionRow | undefined> {
  let reader = readersOf.get(db);
  if (reader === undefined) {
    // On node-postgres directly: every request of the game API reads its session.
    const sql = sqlClient(db);
    reader = groupCommit(async (tokens: string[]) => {
      const rows = await sql.$queryRaw<SessionRow[]>`
        SELECT s.id, s.token, s.user_id, s.expires_at, s.created_at, s.last_seen_at,
          u.role, u.banned, u.ban_expires, u.two_factor_enabled
        FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token = ANY(${tokens}::text[])`;
      const byToken = new Map(rows.map((row) => [row.token, row]));
      return tokens.map((token) => ({ ok: true, value: byToken.get(token) }));
    });
    readersOf.set(db, reader);
  }
  return reader;
}

/**
 * The user of the request's session cookie, or null: what `auth.api.getSession` answers for the
 * game API's purposes, without better-auth's per-request endpoint machinery (its context, its
 * WebCrypto key import per verification). The same rows decide: the session row is read on
 * every call (joined with its user; the calls of one moment share a query), so a sign-out, a ban (the admin plugin deletes
 * the user's sessions) or a revoked session ends it at once. An expired session, an unknown
 * token or a bad signature is no session. A session due for renewal (older than better-auth's
 * `updateAge`) has its expiry pushed back as getSession does, by one conditional UPDATE; the
 * browser's cookie is re-issued when it next calls /api/auth (the web app's session check).
 * A user still banned is refused too, although better-auth's getSession relies on the sessions
 * deleted at the ban alone.
 */
export async function readSession(
  auth: Auth,
  db: Db,
  cookieHeader: string,
): Promise<SessionUser | null> {
  const settings = await settingsFor(auth);
  const token = verifiedToken(cookieValue(cookieHeader, settings.cookieName), settings);
  if (token === undefined) return null;
  const row = await sessionRowsOf(db).run(token);
  const now = Date.now();
  if (row === undefined || row.expires_at.getTime() < now) return null;
  if (row.banned && (row.ban_expires === null || row.ban_expires.getTime() > now)) return null;
  const staff = staffRoles.includes(row.role);
  if (
    staff &&
    (now - row.created_at.getTime() > STAFF_SESSION_MS ||
      now - row.last_seen_at.getTime() > STAFF_IDLE_MS)
  ) {
    return null;
  }
  const due = row.expires_at.getTime() - settings.expiresInMs + settings.updateAgeMs <= now;
  const renew = due && !staff && !isDontRemember(cookieHeader, settings);
  if (renew || now - row.last_seen_at.getTime() >= LAST_SEEN_EVERY_MS) {
    // Conditional, so concurrent requests of one browser write it once. A staff session is
    // never extended: it ends STAFF_SESSION_MS after its sign-in.
    const expiresAt = renew ? new Date(now + settings.expiresInMs) : row.expires_at;
    await db.$executeRaw`
      UPDATE sessions SET expires_at = ${expiresAt}, last_seen_at = ${new Date(now)},
        updated_at = ${new Date(now)}
      WHERE token = ${token} AND last_seen_at = ${row.last_seen_at}`;
  }
  return {
    userId: row.user_id,
    role: row.role,
    sessionId: row.id,
    signedInAt: row.created_at.getTime(),
    twoFactorEnabled: row.two_factor_enabled,
  };
}

function isDontRemember(cookieHeader: string, settings: SessionSettings): boolean {
  const value = cookieValue(cookieHeader, settings.dontRememberName);
  return verifiedCookie(value, settings.key) !== undefined;
}

/**
 * The Cookie header without its session cookie when that session is over (signed out on another
 * device, banned, expired). better-auth's anonymous plugin reads the session after a sign-in to
 * upgrade a guest; finding a dead one, it expires the session cookie in the same answer that sets
 * the new one, and the browser, told both, keeps neither: it could not sign in again.
 */
export async function withoutEndedSession(
  auth: Auth,
  db: Db,
  cookieHeader: string,
): Promise<string> {
  const { cookieName } = await settingsFor(auth);
  if (cookieValue(cookieHeader, cookieName) === undefined) return cookieHeader;
  if ((await readSession(auth, db, cookieHeader)) !== null) return cookieHeader;
  return cookieHeader
    .split(";")
    .filter((part) => part.slice(0, part.indexOf("=")).trim() !== cookieName)
    .join(";");
}
