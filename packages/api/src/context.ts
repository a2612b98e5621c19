import type { IncomingHttpHeaders } from "node:http";

import type { Actor, Auth, PartnerKeyVerifier } from "@fuda/auth";
import { resolveCaller } from "@fuda/auth";
import type { Db } from "@fuda/db";
import type { Live as LiveRuntime } from "@fuda/live";

import type { WebhookPrivateTargets } from "./domain/public-address";
import { FudaError, toCallerError, toTRPCError } from "./errors";

/** What every procedure may use. Built by the transport (game API, results feed, tests). */
export interface Context {
  db: Db;
  /** Who is calling; procedures check it only through the builders of trpc.ts. */
  actor: Actor;
  /** The caller's session row, when they called with a session cookie. */
  sessionId?: string;
  /** The live tables' bet desk and event hub: the game API's; absent in the results feed. */
  live?: Live;
  /** WEBHOOK_PRIVATE_TARGETS: whether a webhook may be registered on a private address. */
  webhookPrivateTargets?: WebhookPrivateTargets;
}

/** What procedures use of the process's live runtime (`startLive`): its desk and its hub. */
export type Live = Pick<LiveRuntime, "desk" | "hub"> & Partial<Pick<LiveRuntime, "chat">>;

export interface CreateContextOptions {
  db: Db;
  /** Reads session cookies; the results feed has none and accepts only partner keys. */
  auth?: Auth;
  /** The request's headers; none for an in-process caller, who is anonymous. */
  headers?: Headers | IncomingHttpHeaders;
  live?: Live;
  /** Unset: `refuse`. */
  webhookPrivateTargets?: WebhookPrivateTargets;
  /** How partner keys are checked (the feed's cache); each time against `db` when absent. */
  partnerKeys?: PartnerKeyVerifier;
}

/**
 * Resolves the caller once per request. Credentials that are refused (an unknown or revoked
 * key) are a 401 for the whole request, whatever the procedure.
 */
export async function createContext({
  db,
  auth,
  headers,
  live,
  webhookPrivateTargets,
  partnerKeys,
}: CreateContextOptions): Promise<Context> {
  if (headers === undefined) {
    return { db, live, webhookPrivateTargets, actor: { kind: "anonymous" } };
  }
  const caller = await resolveCaller({ db, auth, headers, partnerKeys }).catch((error: unknown) => {
    // Outside any procedure, so cleaned here: a retryable 503 while the database is away, and
    // never a database message for anything else.
    throw toCallerError(error);
  });
  if (caller === undefined) {
    throw toTRPCError(
      new FudaError("UNAUTHENTICATED", "authorization: the API key is unknown or revoked"),
    );
  }
  return { db, live, webhookPrivateTargets, actor: caller.actor, sessionId: caller.sessionId };
}
