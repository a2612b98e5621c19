// The portal's production server, bundled by `pnpm build` into the standalone build
// (.next/standalone/apps/admin/server.mjs) and run there with plain node (`pnpm start`).
import { serveNext } from "@fuda/env";
import { createLogger, requestIdOf, serveHealth, withRequestId } from "@fuda/telemetry";

import { env } from "../src/env";

serveNext({
  name: "admin",
  dir: import.meta.dirname,
  host: env.HOST,
  port: env.PORT,
  gameApiUrl: env.GAME_API_URL,
  log: createLogger("admin", { level: env.LOG_LEVEL, format: env.LOG_FORMAT }),
  telemetry: { requestIdOf, withRequestId, serveHealth },
});
