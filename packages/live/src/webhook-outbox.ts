/**
 * The partners' webhooks' outbox (docs/feed.md, Webhooks): an event's row and one pending
 * delivery per endpoint subscribed to it, written in the transaction of the step that produced
 * the event. The event exists exactly when the step committed, so the results feed's deliverer
 * can lose none across restarts, and a rolled-back step announces nothing.
 */
import { randomUUID } from "node:crypto";

import { Prisma } from "@fuda/db";

import type { RawTx, TableRef } from "./dealer-rows";
import type { WebhookEventType } from "./webhook-events";

/**
 * The event (its payload plus the table's slug, game and variant) and its deliveries to every
 * active endpoint subscribed to `type` at this moment, as two CTEs (`webhook_event`,
 * `webhook_delivery`) for a step's statement to carry.
 */
export function webhookEventCtes(
  table: TableRef,
  type: WebhookEventType,
  payload: Prisma.InputJsonObject,
): Prisma.Sql {
  // The game's public name as publicGameName writes it (BACCARAT → baccarat, POK_DENG → pok-deng).
  return Prisma.sql`
    webhook_event AS (
      INSERT INTO webhook_events (id, type, payload)
      SELECT ${randomUUID()}::uuid, ${type},
             jsonb_build_object('table', t.slug, 'game', lower(replace(t.game::text, '_', '-')),
                                'variant', t.variant) || ${JSON.stringify(payload)}::jsonb
      FROM tables t WHERE t.id = ${table.id}::uuid
      RETURNING id, type
    ),
    webhook_delivery AS (
      INSERT INTO webhook_deliveries (id, event_id, endpoint_id)
      SELECT gen_random_uuid(), webhook_event.id, endpoint.id
      FROM webhook_event JOIN webhook_endpoints endpoint
        ON endpoint.revoked_at IS NULL AND webhook_event.type = ANY (endpoint.events)
    )`;
}

/** Writes the event and its deliveries (`webhookEventCtes`) in `tx`. */
export async function writeWebhookEvent(
  tx: Pick<RawTx, "$executeRaw">,
  table: TableRef,
  type: WebhookEventType,
  payload: Prisma.InputJsonObject,
): Promise<void> {
  await tx.$executeRaw`WITH ${webhookEventCtes(table, type, payload)} SELECT 1`;
}
