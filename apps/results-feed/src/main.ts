import { startWebhookDeliverer } from "@fuda/api";
import { createDb } from "@fuda/db";
import { readOrExit, serve } from "@fuda/env";
import { createEventHub } from "@fuda/live";

import { readEnv } from "./env";
import { readerUrl } from "./reader";
import { createFeedServer } from "./server";

const env = readOrExit(readEnv);
// Read-only: the feed connects as its reader role (no writes but a key's last use and the
// webhooks' delivery state).
const connectionString = readerUrl(env.DATABASE_URL);
const db = createDb(connectionString);
// `GET /v1/stream` listens on the channel the game API's events are notified on (LISTEN and
// SELECT only: the reader role is enough).
const events = createEventHub({ db, connectionString });
// Partners' webhooks from the outbox; its state is all in the database, so a restart resumes.
const deliverer = startWebhookDeliverer({
  db,
  backoffMs: env.FEED_WEBHOOK_BACKOFF_MS,
  maxBackoffMs: env.FEED_WEBHOOK_MAX_BACKOFF_MS,
  pollMs: env.FEED_WEBHOOK_POLL_MS,
  timeoutMs: env.FEED_WEBHOOK_TIMEOUT_MS,
  privateTargets: env.WEBHOOK_PRIVATE_TARGETS,
});

serve(
  createFeedServer({
    db,
    publicUrl: env.PUBLIC_URL,
    rateLimit: { perSecond: env.FEED_RATE_LIMIT, burst: env.FEED_RATE_BURST },
    stream: { events },
  }),
  {
    name: "results-feed",
    host: env.HOST,
    port: env.PORT,
    banner: " (reference at /docs)",
    // The attempts in flight are recorded first: an acknowledged delivery is never sent again.
    onClose: async () => {
      await deliverer.stop();
      await events.close();
      await db.$disconnect();
    },
  },
);
