import type { IncomingHttpHeaders } from "node:http";

import type { Db } from "@fuda/db";

import type { Auth } from "./auth";
import type { PartnerKeyScope } from "./partner-keys";
import type { PartnerKeyVerifier } from "./partner-keys";
import { verifyPartnerKey } from "./partner-keys";
import { isRoleName } from "./roles";
import { readSession } from "./session";

/** Who is calling, resolved once per request. */
export type Actor =
  | { kind: "anonymous" }
  | { kind: "player"; userId: string }
  | { kind: "operator"; userId: string; role: "operator" | "admin"; signedInAt: number }
  | { kind: "dealer"; userId: string; signedInAt: number }
  /**
   * Staff signed in with a password who have not enrolled two-factor sign-in yet: they may only
   * enrol (better-auth's /two-factor/* endpoints); every staff procedure refuses them. The
   * session's id: being sent to enrol is audited once per session (account.me).
   */
  | { kind: "enrolling"; userId: string; role: "operator" | "admin" | "dealer"; sessionId: string }
  | { kind: "partner"; keyId: string; partnerId: string; scopes: PartnerKeyScope[] };

export type ActorKind = Actor["kind"];

const anonymousActor: Actor = { kind: "anonymous" };

/** The caller and, for a session, its row's id (`account.sessions` marks the current one). */
export interface Caller {
  actor: Actor;
  sessionId?: string;
}

/** resolveActor's caller. */
export async function resolveActor(
  options: Parameters<typeof resolveCaller>[0],
): Promise<Actor | undefined> {
  return (await resolveCaller(options))?.actor;
}

/**
 * The caller of a request: a partner by `Authorization: Bearer <key>`, else the user of the
 * session cookie, else anonymous. Undefined when credentials were presented and refused (an
 * unknown or revoked key, a malformed Authorization header): the caller answers 401 rather than
 * quietly treating them as anonymous.
 */
export async function resolveCaller(options: {
  db: Db;
  /** Without it (the results feed) session cookies are not read. */
  auth?: Auth;
  /** A fetch `Headers`, or node's own (the game API's, read without a copy). */
  headers: Headers | IncomingHttpHeaders;
  /** How a presented key is checked (the feed's cache, `createPartnerKeyCache`); else each time. */
  partnerKeys?: PartnerKeyVerifier;
}): Promise<Caller | undefined> {
  const { db, auth, headers } = options;
  const partnerKeys: PartnerKeyVerifier =
    options.partnerKeys ?? ((key) => verifyPartnerKey({ db, key }));
  const header = (name: string): string | undefined => {
    if (headers instanceof Headers) return headers.get(name) ?? undefined;
    const value = headers[name];
    return Array.isArray(value) ? value.join(name === "cookie" ? "; " : ", ") : value;
  };
  const authorization = header("authorization");
  if (authorization !== undefined) {
    const key = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    if (key === undefined) return undefined;
    const verified = await partnerKeys(key);
    return verified === undefined ? undefined : { actor: { kind: "partner", ...verified } };
  }
  const cookie = header("cookie");
  if (auth === undefined || cookie === undefined) return { actor: anonymousActor };
  const session = await readSession(auth, db, cookie);
  if (session === null) return { actor: anonymousActor };
  const { userId, role, signedInAt, twoFactorEnabled, sessionId } = session;
  if (role === "operator" || role === "admin" || role === "dealer") {
    if (!twoFactorEnabled)
      return { actor: { kind: "enrolling", userId, role, sessionId }, sessionId };
    if (role === "dealer") return { actor: { kind: "dealer", userId, signedInAt }, sessionId };
    return { actor: { kind: "operator", userId, role, signedInAt }, sessionId };
  }
  // The database allows only the four roles; anything else would be a bug, not a player.
  if (!isRoleName(role)) throw new Error(`user ${userId} has an unknown role`);
  return { actor: { kind: "player", userId }, sessionId };
}
