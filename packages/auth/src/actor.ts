import type { Db } from "@fuda/db";

import type { Auth } from "./auth";
import type { PartnerKeyScope } from "./partner-keys";
import { verifyPartnerKey } from "./partner-keys";
import { isRoleName } from "./roles";

/** Who is calling, resolved once per request. */
export type Actor =
  | { kind: "anonymous" }
  | { kind: "player"; userId: string }
  | { kind: "operator"; userId: string; role: "operator" | "admin" }
  | { kind: "partner"; keyId: string; partnerId: string; scopes: PartnerKeyScope[] };

export type ActorKind = Actor["kind"];

const anonymousActor: Actor = { kind: "anonymous" };

/**
 * The caller of a request: a partner by `Authorization: Bearer <key>`, else the user of the
 * session cookie, else anonymous. Undefined when credentials were presented and refused (an
 * unknown or revoked key, a malformed Authorization header): the caller answers 401 rather than
 * quietly treating them as anonymous.
 */
export async function resolveActor(options: {
  db: Db;
  /** Without it (the results feed) session cookies are not read. */
  auth?: Auth;
  headers: Headers;
}): Promise<Actor | undefined> {
  const { db, auth, headers } = options;
  const authorization = headers.get("authorization");
  if (authorization !== null) {
    const key = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
    if (key === undefined) return undefined;
    const verified = await verifyPartnerKey({ db, key });
    return verified === undefined ? undefined : { kind: "partner", ...verified };
  }
  if (auth === undefined || headers.get("cookie") === null) return anonymousActor;
  const session = await auth.api.getSession({ headers }).catch(async (error: unknown) => {
    // better-auth reports a database it cannot reach as its own "Failed to get session", without
    // the cause: ask the database, and throw its own error when it is the one away.
    await db.$queryRaw`SELECT 1`;
    throw error;
  });
  if (session === null) return anonymousActor;
  const role: unknown = session.user.role;
  if (role === "operator" || role === "admin") {
    return { kind: "operator", userId: session.user.id, role };
  }
  // The database allows only the three roles; anything else would be a bug, not a player.
  if (!isRoleName(role)) throw new Error(`user ${session.user.id} has an unknown role`);
  return { kind: "player", userId: session.user.id };
}
