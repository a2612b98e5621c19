import cluster from "node:cluster";

import { ledgerHooks, startBooksWatch } from "@fuda/api";
import { createAuth, defaultSignInLimits } from "@fuda/auth";
import { createDb, poolOf } from "@fuda/db";
import { readOrExit, serve } from "@fuda/env";
import { createPacer } from "@fuda/limits";
import { eventStreamFromEnv, startLive } from "@fuda/live";
import { createLogger, metricsListener, watchPool } from "@fuda/telemetry";

import type { Env } from "./env";
import { readEnv } from "./env";
import { createGameApiServer } from "./server";
import { superviseWorkers, workerCount } from "./workers";

/**
 * One serving process: the database pool, accounts, the live runtime and the HTTP server, doing
 * what its roles say (docs/scaling.md, Roles).
 */
async function serveGameApi(env: Env): Promise<void> {
  const log = createLogger("game-api", { level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  const roles = new Set(env.ROLES);
  if (env.DEALER === "off") roles.delete("dealing");
  const db = createDb(env.DATABASE_URL);
  watchPool("game-api", poolOf(db));
  const events = await eventStreamFromEnv(env, `game-api ${process.pid}`, log);
  // Every caller's pace, shared by every node on Redis (docs/scaling.md, Shared limits).
  const pacer = createPacer(env.REDIS_URL, {
    prefix: env.REDIS_PREFIX,
    log: (fields, message) => {
      log.warn(fields, message);
    },
  });
  // The whole ledger audited every minute for the dashboard; once per cluster would do, so
  // only dealing nodes run it.
  const books = roles.has("dealing") ? startBooksWatch({ db, log }) : undefined;
  const auth = createAuth({
    db,
    secret: env.BETTER_AUTH_SECRET,
    baseURL: env.BETTER_AUTH_URL,
    trustedOrigins: env.AUTH_TRUSTED_ORIGINS,
    signInLimits: {
      ...defaultSignInLimits,
      addressCreations: {
        ...defaultSignInLimits.addressCreations,
        attempts: env.AUTH_NEW_ACCOUNTS_PER_ADDRESS,
      },
      addressFailures: {
        ...defaultSignInLimits.addressFailures,
        attempts: env.AUTH_FAILURES_PER_ADDRESS,
      },
    },
    ...ledgerHooks({ db }),
  });
  const windowMs = env.BETTING_WINDOW_MS;
  const live = startLive({
    db,
    connectionString: env.DATABASE_URL,
    deal: roles.has("dealing"),
    events,
    pacer,
    betPace: env.BET_PACE,
    // Nodes that write events may publish them; a stream edge only reads.
    relay: roles.has("dealing") || roles.has("api"),
    timing: {
      dealDelayMs: env.DEAL_DELAY_MS,
      resultPauseMs: env.RESULT_PAUSE_MS,
      ...(windowMs === undefined ? {} : { bettingWindowMs: () => windowMs }),
    },
    log,
  });

  const server = createGameApiServer({
    db,
    auth,
    live,
    webhookPrivateTargets: env.WEBHOOK_PRIVATE_TARGETS,
    trustedProxies: env.TRUSTED_PROXIES,
    log,
    metricsToken: env.METRICS_TOKEN,
    serves: { api: roles.has("api"), streams: roles.has("stream") },
  });
  const metrics =
    env.METRICS_PORT === undefined ? undefined : metricsListener(env.HOST, env.METRICS_PORT, log);
  serve(server, {
    name: "game-api",
    host: env.HOST,
    port: env.PORT,
    banner: `/trpc (accounts at /api/auth); roles ${[...roles].join(", ")}${
      events === undefined ? "" : `; events over NATS (${env.NATS_STREAM})`
    }`,
    log,
    onClose: async () => {
      metrics?.close();
      await books?.stop();
      await live.stop();
      await pacer.close();
      await events?.close();
      await db.$disconnect();
    },
  });
}

// The primary reads the environment first, so a development secret is made once, before its
// workers read it.
const env = readOrExit(readEnv);
const workers = workerCount(env.GAME_API_WORKERS);
if (cluster.isPrimary && workers > 1) {
  const log = createLogger("game-api", { level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  superviseWorkers({
    count: workers,
    log: (line) => {
      log.info(line);
    },
  });
} else {
  await serveGameApi(env);
}
