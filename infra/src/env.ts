import { z } from "zod";

import { databaseUrl, loadEnv, port, telemetryEnv } from "@fuda/env";

/** The launcher's configuration; each app validates its own again when it starts. */
export const envSchema = z.object({
  /** Unset: an embedded PostgreSQL with its data in .data/postgres. */
  DATABASE_URL: databaseUrl.optional(),
  /** The embedded PostgreSQL's data folder; unset: `.data/postgres` in the repository. */
  EMBEDDED_POSTGRES_DIR: z.string().optional(),
  HOST: z.string().default("127.0.0.1"),
  WEB_PORT: port(3000),
  ADMIN_PORT: port(3001),
  GAME_API_PORT: port(4000),
  RESULTS_FEED_PORT: port(4100),
  /** The apps' scripts run with their package's and the workspace's bin folders in front. */
  PATH: z.string().default(""),
  /** The launcher's lines and the apps': readable unless the caller asks for JSON. */
  LOG_FORMAT: telemetryEnv.LOG_FORMAT.default("pretty"),
  LOG_LEVEL: telemetryEnv.LOG_LEVEL,
  /** `/metrics` on the game API and the results feed; unset: a new one each start. */
  METRICS_TOKEN: telemetryEnv.METRICS_TOKEN,
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  return loadEnv(envSchema, source);
}
