import { startWebhookDeliverer } from "@fuda/api";
import { createDb } from "@fuda/db";
import { readOrExit, serve } from "@fuda/env";

import { readEnv } from "./env";
import { readerUrl } from "./reader";
import { createFeedServer } from "./server";

const env = readOrExit(readEnv);
// Read-only: the feed connects as its reader role (no writes but a key's last use and the
// webhooks' delivery state).
const db = createDb(readerUrl(env.DATABASE_URL));
// Partners' webhooks from the outbox; its state is all in the database, so a restart resumes.
const deliverer = startWebhookDeliverer({
  db,
  backoffMs: env.FEED_WEBHOOK_BACKOFF_MS,
  maxBackoffMs: env.FEED_WEBHOOK_MAX_BACKOFF_MS,
  pollMs: env.FEED_WEBHOOK_POLL_MS,
  timeoutMs: env.FEED_WEBHOOK_TIMEOUT_MS,
});

serve(
  createFeedServer({
    db,
    publicUrl: env.PUBLIC_URL,
    rateLimit: { perSecond: env.FEED_RATE_LIMIT, burst: env.FEED_RATE_BURST },
  }),
  {
    name: "results-feed",
    host: env.HOST,
    port: env.PORT,
    banner: " (reference at /docs)",
    // The attempts in flight are recorded first: an acknowledged delivery is never sent again.
    onClose: () => deliverer.stop().finally(() => db.$disconnect()),
  },
);
