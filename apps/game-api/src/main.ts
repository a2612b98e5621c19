import { createDb } from "@fuda/db";
import { readOrExit, serve } from "@fuda/env";

import { readEnv } from "./env";
import { createGameApiServer } from "./server";

const env = readOrExit(readEnv);
const db = createDb(env.DATABASE_URL);

serve(createGameApiServer({ db }), {
  name: "game-api",
  host: env.HOST,
  port: env.PORT,
  banner: "/trpc",
  onClose: () => db.$disconnect(),
});
