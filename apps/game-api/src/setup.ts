/**
 * `node dist/setup.mjs` in the game API's image: applies the committed migrations (bundled in)
 * and the idempotent demo seed to DATABASE_URL, then exits — the migrations Job of a cluster
 * and compose's db-setup service. One log line per step, JSON unless LOG_FORMAT=pretty.
 */
import { z } from "zod";

import { setupDatabase } from "@fuda/db";
import { databaseUrl, loadEnv, readOrExit, telemetryEnv } from "@fuda/env";
import { createLogger } from "@fuda/telemetry";

const env = readOrExit(() =>
  loadEnv(
    z.object({
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: telemetryEnv.LOG_LEVEL,
      LOG_FORMAT: telemetryEnv.LOG_FORMAT,
    }),
    process.env,
  ),
);
const log = createLogger("db-setup", { level: env.LOG_LEVEL, format: env.LOG_FORMAT });

try {
  const { applied, tables } = await setupDatabase({
    url: env.DATABASE_URL,
    log: (line) => {
      log.info(line);
    },
  });
  log.info({ applied, tables }, `${applied.length} migration(s) applied, ${tables} demo tables`);
} catch (error) {
  log.error({ err: error }, `database setup failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
