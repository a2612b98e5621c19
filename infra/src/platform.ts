/**
 * `pnpm start` / `pnpm dev`: the whole platform from one command. Resolves the database
 * (embedded when DATABASE_URL is unset), builds, migrates, seeds, starts the four apps, prints
 * their URLs, and on Ctrl-C stops everything it started, the embedded database last.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";

import { readOrExit, repoRoot, spawnApp } from "@fuda/env";
import type { Db } from "@fuda/db";
import type { SpawnedApp } from "@fuda/env";
import { createLogger } from "@fuda/telemetry";
import type { Logger } from "@fuda/telemetry";

import { readEnv } from "./env";
import type { Env } from "./env";

type Mode = "start" | "dev";

interface AppSpec {
  name: string;
  folder: string;
  port: number;
  /**
   * Polled until it answers below 500: every server's readiness route (503 until ready). Under
   * `pnpm dev` the Next apps have none (next dev answers 404): they count as up once they answer.
   */
  readyPath: string;
  /** What to print next to its URL. */
  path: string;
}

function appsOf(env: Env): AppSpec[] {
  return [
    {
      name: "game-api",
      folder: "apps/game-api",
      port: env.GAME_API_PORT,
      readyPath: "/readyz",
      path: "/trpc",
    },
    { name: "web", folder: "apps/web", port: env.WEB_PORT, readyPath: "/readyz", path: "/" },
    { name: "admin", folder: "apps/admin", port: env.ADMIN_PORT, readyPath: "/readyz", path: "/" },
    {
      name: "results-feed",
      folder: "apps/results-feed",
      port: env.RESULTS_FEED_PORT,
      readyPath: "/readyz",
      path: "/docs",
    },
  ];
}

/** The launcher's own lines, readable unless LOG_FORMAT=json: made once main has read its env. */
let logger: Logger | undefined;

function log(line: string): void {
  logger?.info(line);
}

/** What the launcher started, stopped in reverse order on Ctrl-C, SIGTERM or a failure. */
interface Lifecycle {
  /** True once stopping began: exits seen after that are ours. */
  readonly stopping: boolean;
  onStop(stop: () => Promise<void>): void;
  /** Prints `fuda: <reason>` (one line) and stops everything with exit code 1. */
  fail(reason: string): Promise<void>;
  stopAll(code: number): Promise<void>;
}

function lifecycle(): Lifecycle {
  const stops: (() => Promise<void>)[] = [];
  const state = { stopping: false };
  const stopAll = async (code: number): Promise<void> => {
    if (state.stopping) return;
    state.stopping = true;
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    process.exit(code);
  };
  return {
    get stopping() {
      return state.stopping;
    },
    onStop: (stop) => stops.push(stop),
    fail: async (reason) => {
      if (state.stopping) return;
      process.stderr.write(`fuda: ${reason}\n`);
      await stopAll(1);
    },
    stopAll,
  };
}

function stopOnSignals(platform: Lifecycle): void {
  // `on`, not `once`: a terminal's Ctrl-C can reach us twice (directly and relayed by a
  // wrapper), and a second default SIGINT would kill the launcher before it has stopped what it
  // started.
  process.on("SIGINT", () => {
    if (!platform.stopping) log("stopping…");
    void platform.stopAll(0);
  });
  process.on("SIGTERM", () => void platform.stopAll(0));
}

/** Runs a step; `quiet` keeps its output unless it fails. */
function run(command: string, args: string[], cwd: string, quiet = false): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: quiet ? "pipe" : "inherit" });
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", (error) => {
      reject(new Error(`${command}: ${error.message}`));
    });
    child.on("exit", (code) => {
      if (code === 0) {
        resolve();
        return;
      }
      process.stderr.write(output);
      reject(new Error(`${command} ${args.join(" ")} failed (exit code ${code ?? "signal"})`));
    });
  });
}

const turbo = (root: string) => join(root, "node_modules", ".bin", "turbo");

/** The Prisma client is generated code: made before the first import of @fuda/db. */
function generatePrismaClient(root: string): Promise<void> {
  return run(turbo(root), ["run", "generate", "--filter=@fuda/db"], root, true);
}

/**
 * DATABASE_URL's database, or the embedded PostgreSQL, migrated and seeded. If the embedded
 * server dies while the platform runs, the platform stops with one line saying so.
 */
async function startDatabase(env: Env, platform: Lifecycle): Promise<string> {
  const { resolveDatabaseUrl, setupDatabase } = await import("@fuda/db");
  const database = await resolveDatabaseUrl({ dataDir: env.EMBEDDED_POSTGRES_DIR, log });
  platform.onStop(() => database.stop());
  void database.exited.then((how) =>
    platform.fail(`the embedded PostgreSQL ${how}; stopping the platform`),
  );
  log(
    database.embedded ? `embedded PostgreSQL at ${database.url}` : "PostgreSQL from DATABASE_URL",
  );
  const setUp = await setupDatabase({ url: database.url, log });
  log(
    `migrations: ${setUp.applied.length === 0 ? "up to date" : `applied ${setUp.applied.join(", ")}`}; ${setUp.tables} demo tables`,
  );
  if (database.embedded) await printDemoAccounts(database.url);
  return database.url;
}

/** Public passwords: only ever on a developer's own embedded database. */
async function printDemoAccounts(url: string): Promise<void> {
  const { seedDemoAccountsAt } = await import("@fuda/auth");
  const { ledgerHooks } = await import("@fuda/api");
  // The demo player starts like any other player: the starting grant, through the ledger.
  const hooks = (db: Db) => ledgerHooks({ db });
  // Straight to the terminal: the log lines redact e-mail addresses and passwords.
  for (const demo of await seedDemoAccountsAt({ url, hooks })) {
    process.stdout.write(`demo ${demo.role}: ${demo.email} / ${demo.password}\n`);
  }
}

async function buildApps(root: string): Promise<void> {
  log("building (cached after the first time)…");
  await run(turbo(root), ["run", "build", "--output-logs=errors-only"], root);
}

async function scriptOf(folder: string, name: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(folder, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const script = manifest.scripts?.[name];
  if (script === undefined) throw new Error(`${folder}/package.json has no "${name}" script`);
  return script;
}

/** Relays an app's output line by line with its name in front. */
function prefixed(name: string): (chunk: string) => void {
  let pending = "";
  return (chunk) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) process.stdout.write(`${name.padEnd(13)}| ${line}\n`);
  };
}

/** Starts the four apps together; once all answer, any of them exiting stops the platform. */
async function startApps(options: {
  root: string;
  mode: Mode;
  env: Env;
  databaseUrl: string;
  metricsToken: string;
  platform: Lifecycle;
}): Promise<void> {
  const { root, mode, env, databaseUrl, metricsToken, platform } = options;
  const apps = appsOf(env);
  // allSettled, not all: every app that did come up must be registered for stopping.
  const results = await Promise.allSettled(
    apps.map(async (app) => {
      const folder = join(root, app.folder);
      const spawned = await spawnApp({
        cwd: folder,
        // The app's own script run directly, as `pnpm run` would, minus pnpm's wrapper (which
        // reports every Ctrl-C as a failed command).
        command: "sh",
        args: ["-c", `exec ${await scriptOf(folder, mode)}`],
        env: {
          PATH: `${join(folder, "node_modules", ".bin")}:${join(root, "node_modules", ".bin")}:${env.PATH}`,
          LOG_FORMAT: env.LOG_FORMAT,
          LOG_LEVEL: env.LOG_LEVEL,
          METRICS_TOKEN: metricsToken,
          PORT: String(app.port),
          HOST: env.HOST,
          DATABASE_URL: databaseUrl,
          GAME_API_URL: `http://${env.HOST}:${env.GAME_API_PORT}/trpc`,
          AUTH_TRUSTED_ORIGINS: `http://${env.HOST}:${env.WEB_PORT},http://${env.HOST}:${env.ADMIN_PORT}`,
        },
        url: `http://${env.HOST}:${app.port}`,
        readyPath: app.readyPath,
        timeoutMs: mode === "dev" ? 180_000 : 60_000,
        onOutput: prefixed(app.name),
      });
      platform.onStop(() => spawned.stop());
      return spawned;
    }),
  );
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
  const started = results.map((result) => (result as PromiseFulfilledResult<SpawnedApp>).value);
  for (const [index, app] of started.entries()) {
    void app.exited.then(() => platform.fail(`${apps[index]!.name} exited; stopping the platform`));
  }
}

/**
 * The URLs, and how to scrape the metrics: with the token itself when the launcher made it, by
 * name when the caller set it (a terminal's scrollback is no place for an operator's secret).
 */
function printUrls(env: Env, metricsToken: string): void {
  const urls = appsOf(env).map(
    (app) => `  ${app.name.padEnd(13)} http://${env.HOST}:${app.port}${app.path}`,
  );
  const bearer = env.METRICS_TOKEN === undefined ? metricsToken : "$METRICS_TOKEN";
  const scrape = ["GAME_API_PORT", "RESULTS_FEED_PORT"] as const;
  const metrics = scrape.map(
    (port) => `  curl -H "authorization: Bearer ${bearer}" http://${env.HOST}:${env[port]}/metrics`,
  );
  process.stdout.write(
    `\nFuda is running:\n${urls.join("\n")}\nMetrics:\n${metrics.join("\n")}\nPress Ctrl-C to stop.\n\n`,
  );
}

async function main(mode: Mode): Promise<void> {
  const env = readOrExit(readEnv);
  logger = createLogger("fuda", { level: env.LOG_LEVEL, format: env.LOG_FORMAT });
  // One token for the run: the apps check it, the banner prints how to use it.
  const metricsToken = env.METRICS_TOKEN ?? randomBytes(24).toString("base64url");
  const root = repoRoot();
  const platform = lifecycle();
  stopOnSignals(platform);
  try {
    await generatePrismaClient(root);
    const databaseUrl = await startDatabase(env, platform);
    if (mode === "start") await buildApps(root);
    await startApps({ root, mode, env, databaseUrl, metricsToken, platform });
    printUrls(env, metricsToken);
  } catch (error) {
    await platform.fail(error instanceof Error ? error.message.split("\n")[0]! : String(error));
  }
}

const mode = process.argv[2];
if (mode !== "start" && mode !== "dev") {
  process.stderr.write("usage: platform.ts start|dev\n");
  process.exit(2);
}
void main(mode);
