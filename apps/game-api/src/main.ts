import { createDb } from "@fuda/db";
import { exitOnEnvError } from "@fuda/env";

import { readEnv } from "./env";
import { createGameApiServer } from "./server";

const env = (() => {
  try {
    return readEnv();
  } catch (error) {
    return exitOnEnvError(error);
  }
})();

const db = createDb(env.DATABASE_URL);
const server = createGameApiServer({ db });

server.listen(env.PORT, env.HOST, () => {
  process.stdout.write(`game-api listening on http://${env.HOST}:${env.PORT}/trpc\n`);
});
server.on("error", (error) => {
  process.stderr.write(`game-api: cannot listen on ${env.HOST}:${env.PORT}: ${error.message}\n`);
  process.exit(1);
});

function shutdown(): void {
  server.close();
  server.closeAllConnections();
  void db.$disconnect().finally(() => process.exit(0));
}
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
