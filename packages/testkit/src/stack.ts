import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

import type { Browser, Page } from "playwright-core";

import { freePort, repoRoot, spawnApp } from "@fuda/env";
import { freshBundle } from "@fuda/env/bundle";
import type { SpawnedApp } from "@fuda/env";

import { launchChromium } from "./chromium";

/**
 * A Node app of ours (`apps/<name>`) from its bundle, as production runs it (`node
 * dist/main.mjs`), rebuilt first when older than any of its sources: it starts in a third of the
 * time tsx takes, and crash tests restart the game API dozens of times. Its lines are readable
 * and at info, as under `pnpm start`: tests read what it says (the test runner's own level is
 * warn: tooling/vitest). Ready once `/readyz` answers.
 */
async function startBundledApp(
  name: "game-api" | "results-feed",
  port: number,
  env: Record<string, string>,
): Promise<SpawnedApp> {
  const folder = join(repoRoot(), "apps", name);
  return spawnApp({
    cwd: folder,
    command: process.execPath,
    args: [await freshBundle(folder)],
    env: { PORT: String(port), LOG_FORMAT: "pretty", LOG_LEVEL: "info", ...env },
    url: `http://127.0.0.1:${port}`,
    readyPath: "/readyz",
  });
}

/**
 * The game API on a free port (or `port`), on the given database; `env` adds settings (e.g. the
 * dealer's pace).
 */
export async function startGameApi({
  databaseUrl,
  port,
  env = {},
}: {
  databaseUrl: string;
  port?: number;
  env?: Record<string, string>;
}): Promise<SpawnedApp> {
  return startBundledApp("game-api", port ?? (await freePort()), {
    DATABASE_URL: databaseUrl,
    ...env,
  });
}

/** The results feed on a free port, on the given database; `env` adds settings (its limits). */
export async function startResultsFeed({
  databaseUrl,
  env = {},
}: {
  databaseUrl: string;
  env?: Record<string, string>;
}): Promise<SpawnedApp> {
  const port = await freePort();
  return startBundledApp("results-feed", port, {
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...env,
  });
}

export type NextAppName = "web" | "admin";

/**
 * A built Next app's production server (its `pnpm start`: `node server.mjs` in its standalone
 * build) on a free port, reading the game API's tRPC endpoint `gameApiUrl`; `env` adds settings
 * (e.g. FRAME_ANCESTORS).
 */
export async function startNextApp({
  app,
  gameApiUrl,
  env = {},
}: {
  app: NextAppName;
  gameApiUrl: string;
  env?: Record<string, string>;
}): Promise<SpawnedApp> {
  const folder = join(repoRoot(), "apps", app);
  const server = join(folder, ".next", "standalone", "apps", app, "server.mjs");
  await buildIfMissing(folder, server);
  const port = await freePort();
  return spawnApp({
    cwd: folder,
    command: process.execPath,
    args: [server],
    env: {
      PORT: String(port),
      GAME_API_URL: gameApiUrl,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "info",
      ...env,
    },
    url: `http://127.0.0.1:${port}`,
    // It listens at once; requests wait for Next to be ready.
    readyPath: "/livez",
  });
}

/**
 * Turbo builds the Next apps before their tests; a package's tests run alone on a fresh clone
 * (`pnpm --filter @fuda/web test`) build it here instead.
 */
async function buildIfMissing(folder: string, server: string): Promise<void> {
  if (existsSync(server)) return;
  await promisify(execFile)("pnpm", ["--silent", "build"], {
    cwd: folder,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
    maxBuffer: 64 * 1024 * 1024,
  });
}

export interface NextStack {
  gameApi: SpawnedApp;
  app: SpawnedApp;
  browser: Browser;
  /** A Chromium page of the given viewport, not yet opened on the app. */
  page: Page;
  /** Stops what was started, the browser first and the game API last. */
  stop(): Promise<void>;
}

/**
 * What a Next app's end-to-end test runs against: the game API on `databaseUrl`, the built app
 * reading it, and Debian Chromium. If a step fails, what already started is stopped.
 */
export async function startNextStack({
  app,
  databaseUrl,
  viewport,
}: {
  app: NextAppName;
  databaseUrl: string;
  viewport: { width: number; height: number };
}): Promise<NextStack> {
  const started: { stop(): Promise<void> }[] = [];
  const stop = async (): Promise<void> => {
    // splice: a second call (a failed start, then afterAll) stops nothing twice.
    for (const part of started.splice(0).reverse()) await part.stop();
  };
  try {
    const gameApi = await startGameApi({ databaseUrl });
    started.push(gameApi);
    const nextApp = await startNextApp({ app, gameApiUrl: `${gameApi.url}/trpc` });
    started.push(nextApp);
    const browser = await launchChromium();
    started.push({ stop: () => browser.close() });
    const page = await browser.newPage({ viewport });
    return { gameApi, app: nextApp, browser, page, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
