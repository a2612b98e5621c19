import { createDb } from "@fuda/db";
import { exitOnEnvError } from "@fuda/env";

import { readEnv } from "./env";
import { createFeedServer } from "./server";

const env = (() => {
  try {
    return readEnv();
  } catch (error) {
    return exitOnEnvError(error);
  }
})();

const db = createDb(env.DATABASE_URL);
const server = createFeedServer({ db, publicUrl: env.PUBLIC_URL });

server.listen(env.PORT, env.HOST, () => {
  process.stdout.write(
    `results-feed listening on http://${env.HOST}:${env.PORT} (reference at /docs)\n`,
  );
});
server.on("error", (error) => {
  process.stderr.write(
    `results-feed: cannot listen on ${env.HOST}:${env.PORT}: ${error.message}\n`,
  );
  process.exit(1);
});

function shutdown(): void {
  server.close();
  server.closeAllConnections();
  void db.$disconnect().finally(() => process.exit(0));
}
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
