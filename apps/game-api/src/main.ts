import { ledgerHooks } from "@fuda/api";
import { createAuth } from "@fuda/auth";
import { createDb } from "@fuda/db";
import { readOrExit, serve } from "@fuda/env";

import { readEnv } from "./env";
import { createGameApiServer } from "./server";

const env = readOrExit(readEnv);
const db = createDb(env.DATABASE_URL);
const auth = createAuth({
  db,
  secret: env.BETTER_AUTH_SECRET,
  baseURL: env.BETTER_AUTH_URL,
  trustedOrigins: env.AUTH_TRUSTED_ORIGINS,
  ...ledgerHooks({ db }),
});

serve(createGameApiServer({ db, auth }), {
  name: "game-api",
  host: env.HOST,
  port: env.PORT,
  banner: "/trpc (accounts at /api/auth)",
  onClose: () => db.$disconnect(),
});
