import { z } from "zod";

import { WEBHOOK_EVENT_TYPES } from "@fuda/live";

import { DELIVERIES_MAX_LIMIT } from "../../domain/webhook-endpoints";
import { partnerIdSchema } from "./partner-keys.schemas";

const endpointId = (field: string) =>
  z.uuid({ error: `${field}: must be a webhook endpoint id (a UUID)` });

export const createWebhookInput = z.object({
  partnerId: partnerIdSchema,
  url: z
    .string({ error: "url: an http or https URL" })
    .trim()
    .max(2000, { error: "url: at most 2000 characters" })
    .refine(
      (value) => {
        try {
          const { protocol, hostname } = new URL(value);
          return (protocol === "http:" || protocol === "https:") && hostname !== "";
        } catch {
          return false;
        }
      },
      { error: "url: must be an http or https URL" },
    )
    // Listed in the portal for every operator to read; a delivery is signed with its secret.
    .refine(
      (value) => {
        try {
          const { username, password } = new URL(value);
          return username === "" && password === "";
        } catch {
          return true;
        }
      },
      { error: "url: must not carry a user name or password (the secret signs each delivery)" },
    ),
  events: z
    .array(
      z.enum(WEBHOOK_EVENT_TYPES, {
        error: `events: each one of ${WEBHOOK_EVENT_TYPES.join(", ")}`,
      }),
      { error: `events: a list of ${WEBHOOK_EVENT_TYPES.join(", ")}` },
    )
    .min(1, { error: "events: at least one" }),
});

export const listWebhooksInput = z.object({ partnerId: partnerIdSchema.optional() }).optional();

export const revokeWebhookInput = z.object({ id: endpointId("id") });

export const webhookDeliveriesInput = z.object({
  endpointId: endpointId("endpointId"),
  limit: z
    .number({ error: "limit: a whole number" })
    .int({ error: "limit: a whole number" })
    .min(1, { error: `limit: a whole number from 1 to ${DELIVERIES_MAX_LIMIT}` })
    .max(DELIVERIES_MAX_LIMIT, {
      error: `limit: a whole number from 1 to ${DELIVERIES_MAX_LIMIT}`,
    })
    .default(50),
});
