/**
 * Partners' webhook endpoints as operators manage them (admin.webhooks.*, docs/feed.md,
 * Webhooks): registered with a secret generated here and shown once, revoked, and their
 * delivery log. Every change is audited in its own transaction; the audit never holds a secret.
 */
import { randomBytes } from "node:crypto";

import type { Db } from "@fuda/db";
import { writeAudit } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import type { WebhookEventType } from "@fuda/live";

import { isPublicAddress, literalAddress, privateResolvedAddress } from "./public-address";
import type { HostLookup, WebhookPrivateTargets } from "./public-address";

/** The prefix tells a webhook secret apart from an API key in a partner's configuration. */
const SECRET_PREFIX = "whsec_";

interface EndpointRow {
  id: string;
  partnerId: string;
  url: string;
  events: string[];
  createdBy: string;
  createdAt: Date;
  revokedAt: Date | null;
}

const endpointFields = {
  id: true,
  partnerId: true,
  url: true,
  events: true,
  createdBy: true,
  createdAt: true,
  revokedAt: true,
} as const;

/** An endpoint as callers see it: dates as ISO 8601 strings, never the secret. */
export function toWebhookEndpointJson(endpoint: EndpointRow) {
  return {
    ...endpoint,
    createdAt: endpoint.createdAt.toISOString(),
    revokedAt: endpoint.revokedAt?.toISOString() ?? null,
  };
}

export type WebhookEndpointJson = ReturnType<typeof toWebhookEndpointJson>;

/**
 * Why a webhook URL's host is inside our network, in words for the refusal: `localhost` (and
 * its subdomains, RFC 6761), a literal address that is not public, or a name any of whose
 * addresses is not public (`metadata.google.internal, which resolves to 169.254.169.254`).
 * Undefined when the host is public as far as registration can tell: a name that does not
 * resolve (yet, or not within the lookup's timeout) is accepted, because partners register an
 * endpoint before its DNS has propagated, and the deliverer checks what the name resolves to
 * at every connection anyway (webhook-deliverer.ts).
 */
export async function privateWebhookHost(
  url: string,
  resolving: { lookup?: HostLookup; timeoutMs?: number } = {},
): Promise<string | undefined> {
  // The URL parser has already made 0x7f.1 or 2130706433 into 127.0.0.1, and lowercased.
  const hostname = new URL(url).hostname.replace(/\.$/, "");
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return hostname;
  const literal = literalAddress(hostname);
  if (literal !== undefined) return isPublicAddress(literal) ? undefined : hostname;
  const resolved = await privateResolvedAddress(hostname, resolving);
  return resolved === undefined ? undefined : `${hostname}, which resolves to ${resolved}`;
}

/**
 * A new endpoint and its signing secret (32 random bytes), which is returned this once. A URL
 * on localhost, on a private address or on a name resolving to one is refused unless
 * `privateTargets` is `allow`; `lookup` resolves names (default: the system resolver) and is
 * given up on after `lookupTimeoutMs` (default 2 s).
 */
export async function createWebhookEndpoint(options: {
  db: Db;
  actorId: string;
  partnerId: string;
  url: string;
  events: readonly WebhookEventType[];
  privateTargets?: WebhookPrivateTargets;
  lookup?: HostLookup;
  lookupTimeoutMs?: number;
}) {
  const { db, actorId, partnerId, url, events, privateTargets = "refuse" } = options;
  const privateHost =
    privateTargets === "refuse"
      ? await privateWebhookHost(url, {
          lookup: options.lookup,
          timeoutMs: options.lookupTimeoutMs,
        })
      : undefined;
  if (privateHost !== undefined) {
    throw new FudaError(
      "BAD_INPUT",
      `url: must be on a public address, not ${privateHost} (our own network is off limits)`,
      { field: "url", rule: "PRIVATE_ADDRESS" },
    );
  }
  const secret = `${SECRET_PREFIX}${randomBytes(32).toString("base64url")}`;
  return db.$transaction(async (tx) => {
    const created = await tx.webhookEndpoint.create({
      data: { partnerId, url, secret, events: [...new Set(events)], createdBy: actorId },
      select: endpointFields,
    });
    const endpoint = toWebhookEndpointJson(created);
    await writeAudit(tx, {
      actorId,
      action: "webhooks.create",
      targetType: "webhook",
      targetId: endpoint.id,
      before: null,
      after: endpoint,
    });
    return { secret, endpoint };
  });
}

export async function listWebhookEndpoints(options: { db: Db; partnerId?: string }) {
  const { db, partnerId } = options;
  const endpoints = await db.webhookEndpoint.findMany({
    where: partnerId === undefined ? {} : { partnerId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    select: endpointFields,
  });
  return endpoints.map(toWebhookEndpointJson);
}

/**
 * Revokes an endpoint: nothing more is sent to it, and its pending deliveries fail now rather
 * than wait out their 24 h. Audited with the endpoint before and after; undefined (nothing
 * written) when there is no such endpoint. Revoking twice keeps the first revocation's time.
 */
export function revokeWebhookEndpoint(options: { db: Db; actorId: string; id: string }) {
  const { db, actorId, id } = options;
  return db.$transaction(async (tx) => {
    // Locked so the "before" is the row the revocation changes.
    const locked = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM webhook_endpoints WHERE id = ${id}::uuid FOR UPDATE`;
    if (locked.length === 0) return undefined;
    const before = await tx.webhookEndpoint.findUniqueOrThrow({
      where: { id },
      select: endpointFields,
    });
    const revoked = await tx.webhookEndpoint.update({
      where: { id },
      data: { revokedAt: before.revokedAt ?? new Date() },
      select: endpointFields,
    });
    await tx.webhookDelivery.updateMany({
      where: { endpointId: id, status: "pending" },
      data: { status: "failed", failedAt: new Date(), nextAttemptAt: null },
    });
    const after = toWebhookEndpointJson(revoked);
    await writeAudit(tx, {
      actorId,
      action: "webhooks.revoke",
      targetType: "webhook",
      targetId: id,
      before: toWebhookEndpointJson(before),
      after,
    });
    return after;
  });
}

/** The most deliveries one call of the delivery log returns. */
export const DELIVERIES_MAX_LIMIT = 200;

/**
 * An endpoint's delivery log, newest first: each event sent to it, its state and every attempt
 * (status code or error, duration, time). Undefined when there is no such endpoint.
 */
export async function webhookDeliveries(options: { db: Db; endpointId: string; limit: number }) {
  const { db, endpointId, limit } = options;
  const endpoint = await db.webhookEndpoint.findUnique({
    where: { id: endpointId },
    select: endpointFields,
  });
  if (endpoint === null) return undefined;
  const deliveries = await db.webhookDelivery.findMany({
    where: { endpointId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: limit,
    include: {
      event: { select: { id: true, type: true, createdAt: true } },
      attemptLog: { orderBy: { attemptedAt: "asc" } },
    },
  });
  return {
    endpoint: toWebhookEndpointJson(endpoint),
    deliveries: deliveries.map((delivery) => ({
      id: delivery.id,
      eventId: delivery.event.id,
      type: delivery.event.type,
      eventAt: delivery.event.createdAt.toISOString(),
      status: delivery.status,
      attempts: delivery.attempts,
      nextAttemptAt: delivery.nextAttemptAt?.toISOString() ?? null,
      deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
      failedAt: delivery.failedAt?.toISOString() ?? null,
      attemptLog: delivery.attemptLog.map((attempt) => ({
        at: attempt.attemptedAt.toISOString(),
        statusCode: attempt.statusCode,
        error: attempt.error,
        durationMs: attempt.durationMs,
      })),
    })),
  };
}
