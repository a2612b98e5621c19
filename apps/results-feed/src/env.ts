import { z } from "zod";

import {
  databaseUrl,
  httpUrl,
  loadEnv,
  port,
  natsEnv,
  redisEnv,
  telemetryEnv,
  webhookPrivateTargets,
} from "@fuda/env";

/** A positive whole number with its default (rate limits). */
const positive = (fallback: number) =>
  z.coerce
    .number({ error: "must be a number" })
    .int({ error: "must be a whole number" })
    .min(1, { error: "must be at least 1" })
    .default(fallback);

export const envSchema = z.object({
  PORT: port(4100),
  HOST: z.string().default("127.0.0.1"),
  DATABASE_URL: databaseUrl,
  /**
   * Where the feed's pages read rounds, tables and shoes: a replica (CloudNativePG's `-ro`
   * service). Unset: DATABASE_URL. Keys, webhooks and the stream stay on DATABASE_URL, which
   * they write or LISTEN on.
   */
  DATABASE_READ_URL: databaseUrl.optional(),
  /** Where partners reach the feed; the OpenAPI server URL is built on it (relative if unset). */
  PUBLIC_URL: httpUrl.transform((url) => url.replace(/\/+$/, "")).optional(),
  /** Requests a second each partner key may make, sustained (per feed process). */
  FEED_RATE_LIMIT: positive(10),
  /** Requests a partner key may make at once after a quiet spell. */
  FEED_RATE_BURST: positive(20),
  /** Partners' webhooks: the first retry's delay in ms, doubled for each further one (docs/feed.md). */
  FEED_WEBHOOK_BACKOFF_MS: positive(30_000),
  /** The longest wait, in ms, between two attempts of one webhook delivery (default 1 h). */
  FEED_WEBHOOK_MAX_BACKOFF_MS: positive(3_600_000),
  /** How often, in ms, the webhook deliverer looks for due deliveries when idle. */
  FEED_WEBHOOK_POLL_MS: positive(1_000),
  /** How long, in ms, a partner's endpoint has to answer one delivery. */
  FEED_WEBHOOK_TIMEOUT_MS: positive(10_000),
  /** `refuse`: no delivery to an address that is not public (SSRF); `allow`: tests. */
  WEBHOOK_PRIVATE_TARGETS: webhookPrivateTargets,
  ...natsEnv,
  ...redisEnv,
  ...telemetryEnv,
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  return loadEnv(envSchema, source);
}
