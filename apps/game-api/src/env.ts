import { z } from "zod";

import { databaseUrl, loadEnv, port } from "@fuda/env";

export const envSchema = z.object({
  PORT: port(4000),
  HOST: z.string().default("127.0.0.1"),
  DATABASE_URL: databaseUrl,
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  return loadEnv(envSchema, source);
}
