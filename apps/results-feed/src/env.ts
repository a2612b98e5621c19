import { z } from "zod";

import { databaseUrl, httpUrl, loadEnv, port } from "@fuda/env";

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
  /** Where partners reach the feed; the OpenAPI server URL is built on it (relative if unset). */
  PUBLIC_URL: httpUrl.transform((url) => url.replace(/\/+$/, "")).optional(),
  /** Requests a second each partner key may make, sustained (per feed process). */
  FEED_RATE_LIMIT: positive(10),
  /** Requests a partner key may make at once after a quiet spell. */
  FEED_RATE_BURST: positive(20),
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  return loadEnv(envSchema, source);
}
