import cluster from "node:cluster";

import { ledgerHooks } from "@fuda/api";
import { createAuth, defaultSignInLimits } from "@fuda/auth";
import { createDb } from "@fuda/db";
import { readOrExit, serve } from "@fuda/env";
import { startLive } from "@fuda/live";

import type { Env } from "./env";
import { readEnv } from "./env";
import { createGameApiServer } from "./server";
import { superviseWorkers, workerCount } from "./workers";

/** One serving process: the database pool, accounts, the live runtime and the HTTP server. */
function serveGameApi(env: Env): void {
  const db = createDb(env.DATABASE_URL);
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
    deal: env.DEALER === "on",
    timing: {
      dealDelayMs: env.DEAL_DELAY_MS,
      resultPauseMs: env.RESULT_PAUSE_MS,
      ...(windowMs === undefined ? {} : { bettingWindowMs: () => windowMs }),
    },
    log: (line) => {
      console.log(`game-api: ${line}`);
    },
  });

  serve(
    createGameApiServer({
      db,
      auth,
      live,
      webhookPrivateTargets: env.WEBHOOK_PRIVATE_TARGETS,
      trustedProxies: env.TRUSTED_PROXIES,
    }),
    {
      name: "game-api",
      host: env.HOST,
      port: env.PORT,
      banner: "/trpc (accounts at /api/auth)",
      onClose: async () => {
        await live.stop();
        await db.$disconnect();
      },
    },
  );
}

// The primary reads the environment first, so a development secret is made once, before its
// workers read it.
const env = readOrExit(readEnv);
const workers = workerCount(env.GAME_API_WORKERS);
if (cluster.isPrimary && workers > 1) {
  superviseWorkers({
    count: workers,
    log: (line) => {
      console.log(`game-api: ${line}`);
    },
  });
} else {
  serveGameApi(env);
}
