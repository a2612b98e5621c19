// Helpers for tests that run the real apps: ports, child processes, the browser.
export { launchChromium } from "./chromium";
export { repoRoot } from "./paths";
export { freePort } from "./ports";
export { spawnApp, type SpawnAppOptions, type SpawnedApp } from "./spawn";
