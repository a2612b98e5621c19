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

import { privateLiteralAddress } from "./public-address";
import type { WebhookPrivateTargets } from "./public-address";

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
 * The host of a webhook URL when it is plainly inside our network: `localhost` (and its
 * subdomains, RFC 6761) or a literal address that is not public. A name is not resolved here:
 * what it resolves to can change, so the deliverer checks every connection (webhook-deliverer.ts).
 */
export function privateWebhookHost(url: string): string | undefined {
  // The URL parser has already made 0x7f.1 or 2130706433 into 127.0.0.1, and lowercased.
  const hostname = new URL(url).hostname.replace(/\.$/, "");
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return hostname;
  return privateLiteralAddress(hostname) === undefined ? undefined : hostname;
}

/**
 * A new endpoint and its signing secret (32 random bytes), which is returned this once. A URL
 * on localhost or a private address is refused unless `privateTargets` is `allow`.
 */
export async function createWebhookEndpoint(options: {
  db: Db;
  actorId: string;
  partnerId: string;
  url: string;
  events: readonly WebhookEventType[];
  privateTargets?: WebhookPrivateTargets;
}) {
  const { db, actorId, partnerId, url, events, privateTargets = "refuse" } = options;
  const privateHost = privateTargets === "refuse" ? privateWebhookHost(url) : undefined;
  if (privateHost !== undefined) {
    throw new FudaError(
      "BAD_INPUT",
      `url: must be on a public address, not ${privateHost} (our own network is off limits)`,
      { field: "url", rule: "public" },
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
