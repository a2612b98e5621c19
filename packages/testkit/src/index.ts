// Helpers for tests that run the real apps: ports, child processes, the browser, the app stack.
export { hydrated, launchChromium } from "./chromium";
// The launcher needs these too, so they live in @fuda/env.
export { freePort, repoRoot, spawnApp, type SpawnAppOptions, type SpawnedApp } from "@fuda/env";
export { startNatsServer, type NatsServer } from "./nats";
export { startRedisServer, type RedisServer } from "./redis";
export { startPgProxy, type PgProxy } from "./pg-proxy";
export { rawRequest, type RawAnswer } from "./raw-request";
export {
  startGameApi,
  startNextApp,
  startNextStack,
  startResultsFeed,
  type NextAppName,
  type NextStack,
} from "./stack";
export {
  benchServerUrl,
  benchTable,
  createThrowawayDatabase,
  databaseUrlOf,
  parseTps,
  percentile,
  pgbenchScript,
  pgbenchTps,
  machineBusyMs,
  openPgbench,
  PGBENCH_SCALE,
  type Pgbench,
  type PgbenchRun,
  type ThrowawayDatabase,
} from "./pgbench";
export { until } from "./until";
export { cpuSince, postgresCpuMs, processesCpuMs, spawnedCpuMs } from "./cpu";
export {
  authClient,
  enrolTwoFactor,
  signInStaff,
  totpCode,
  totpSecretOf,
  type AuthPost,
} from "./two-factor";
export { inputKeys, type WalkedSchema } from "./input-keys";
