import { z } from "zod";

import { databaseUrl, httpUrl, loadEnv, port } from "@fuda/env";

export const envSchema = z.object({
  PORT: port(4100),
  HOST: z.string().default("127.0.0.1"),
  DATABASE_URL: databaseUrl,
  /** Where partners reach the feed; the OpenAPI server URL is built on it (relative if unset). */
  PUBLIC_URL: httpUrl.transform((url) => url.replace(/\/+$/, "")).optional(),
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  return loadEnv(envSchema, source);
}
