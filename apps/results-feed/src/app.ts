import { startWebhookDeliverer } from "@fuda/api";
import { createDb, poolOf } from "@fuda/db";
import { readOrExit, serve } from "@fuda/env";
import { createPacer } from "@fuda/limits";
import { createEventHub, createNatsEventHub, eventStreamFromEnv } from "@fuda/live";
import { createLogger, metricsListener, watchPool } from "@fuda/telemetry";

import { readEnv } from "./env";
import { readerUrl } from "./reader";
import { createFeedServer } from "./server";

const env = readOrExit(readEnv);
const log = createLogger("results-feed", { level: env.LOG_LEVEL, format: env.LOG_FORMAT });
// Read-only: the feed connects as its reader role (no writes but a key's last use and the
// webhooks' delivery state).
const connectionString = readerUrl(env.DATABASE_URL);
const db = createDb(connectionString);
watchPool("results-feed", poolOf(db));
// The pages' reads, from a replica when there is one.
const readDb =
  env.DATABASE_READ_URL === undefined ? db : createDb(readerUrl(env.DATABASE_READ_URL));
if (readDb !== db) watchPool("results-feed-read", poolOf(readDb));
// `GET /v1/stream`'s events: from NATS JetStream when the nodes share one (docs/scaling.md),
// else on the channel the game API's events are notified on (LISTEN and SELECT only: the
// reader role is enough).
const eventStream = await eventStreamFromEnv(env, "results-feed", log);
const events =
  eventStream === undefined
    ? createEventHub({ db, connectionString, log })
    : createNatsEventHub({ db, events: eventStream, log });
// Partners' webhooks from the outbox; its state is all in the database, so a restart resumes.
const deliverer = startWebhookDeliverer({
  db,
  backoffMs: env.FEED_WEBHOOK_BACKOFF_MS,
  maxBackoffMs: env.FEED_WEBHOOK_MAX_BACKOFF_MS,
  pollMs: env.FEED_WEBHOOK_POLL_MS,
  timeoutMs: env.FEED_WEBHOOK_TIMEOUT_MS,
  privateTargets: env.WEBHOOK_PRIVATE_TARGETS,
  log,
});

// Each key's rate, shared by every feed process on Redis (docs/scaling.md, Shared limits).
const pacer = createPacer(env.REDIS_URL, {
  prefix: env.REDIS_PREFIX,
  log: (fields, message) => {
    log.warn(fields, message);
  },
});

const metrics =
  env.METRICS_PORT === undefined ? undefined : metricsListener(env.HOST, env.METRICS_PORT, log);
serve(
  createFeedServer({
    db,
    publicUrl: env.PUBLIC_URL,
    rateLimit: { perSecond: env.FEED_RATE_LIMIT, burst: env.FEED_RATE_BURST },
    pacer,
    stream: { events },
    readDb,
    log,
    metricsToken: env.METRICS_TOKEN,
  }),
  {
    name: "results-feed",
    host: env.HOST,
    port: env.PORT,
    banner: " (reference at /docs)",
    log,
    // The attempts in flight are recorded first: an acknowledged delivery is never sent again.
    onClose: async () => {
      metrics?.close();
      await deliverer.stop();
      await pacer.close();
      await events.close();
      await eventStream?.close();
      await db.$disconnect();
      if (readDb !== db) await readDb.$disconnect();
    },
  },
);
