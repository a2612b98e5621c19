// Helpers for tests that run the real apps: ports, child processes, the browser, the app stack.
export { launchChromium } from "./chromium";
export { repoRoot } from "./paths";
export { freePort } from "@fuda/env";
export { startPgProxy, type PgProxy } from "./pg-proxy";
export { rawRequest, type RawAnswer } from "./raw-request";
export { spawnApp, type SpawnAppOptions, type SpawnedApp } from "./spawn";
export {
  startGameApi,
  startNextApp,
  startNextStack,
  type NextAppName,
  type NextStack,
} from "./stack";
