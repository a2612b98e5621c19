import { createDb } from "@fuda/db";
import { readOrExit, serve } from "@fuda/env";

import { readEnv } from "./env";
import { readerUrl } from "./reader";
import { createFeedServer } from "./server";

const env = readOrExit(readEnv);
// Read-only: the feed connects as its reader role (no writes but a key's last use).
const db = createDb(readerUrl(env.DATABASE_URL));

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
    onClose: () => db.$disconnect(),
  },
);
