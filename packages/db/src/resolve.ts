import { createHash } from "node:crypto";
import { join } from "node:path";

import { repoRoot } from "@fuda/env";

import { serverUser, startEmbeddedPostgres, unreachableFolder } from "./embedded";
import { withConnection } from "./connect";
import { DatabaseUnavailableError } from "./errors";

export interface ResolvedDatabase {
  url: string;
  /** True when we started an embedded PostgreSQL for this process. */
  embedded: boolean;
  /**
   * Resolves with one line saying how the embedded server ended (whoever stops it decides
   * whether that was asked for); never for `DATABASE_URL` (that server is not ours to watch).
   */
  exited: Promise<string>;
  /** Stops the embedded server; a no-op for `DATABASE_URL`. */
  stop: () => Promise<void>;
}

export interface ResolveDatabaseOptions {
  /** Data directory of the embedded server; default `<repo root>/.data/postgres`. */
  dataDir?: string;
  log?: (line: string) => void;
}

/** The database the platform runs on, when `DATABASE_URL` does not name one. */
export const EMBEDDED_DATABASE = "fuda";

/**
 * `DATABASE_URL` when set; otherwise an embedded PostgreSQL whose data survives restarts.
 * Either way the database exists and answers when this resolves (it is created if missing).
 * Throws `DatabaseUnavailableError` when the server cannot be reached.
 */
export async function resolveDatabaseUrl(
  options: ResolveDatabaseOptions = {},
): Promise<ResolvedDatabase> {
  const fromEnv = process.env.DATABASE_URL;
  if (fromEnv !== undefined && fromEnv !== "") {
    await ensureDatabase(fromEnv);
    return {
      url: fromEnv,
      embedded: false,
      exited: new Promise(() => undefined),
      stop: () => Promise.resolve(),
    };
  }
  const dataDir = options.dataDir ?? (await defaultDataDir(options.log));
  const server = await startEmbeddedPostgres({ dataDir, persistent: true, log: options.log });
  try {
    const url = server.url(EMBEDDED_DATABASE);
    await ensureDatabase(url);
    return { url, embedded: true, exited: server.exited, stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/**
 * `<repo root>/.data/postgres`, unless the server's user (`postgres`, when we are root) cannot
 * reach it, as in a clone under /root (0700): then a folder of this clone's own in /var/lib/fuda.
 */
async function defaultDataDir(log: (line: string) => void = () => undefined): Promise<string> {
  const root = repoRoot();
  const inRepo = join(root, ".data", "postgres");
  const user = serverUser();
  if (user === undefined || (await unreachableFolder(inRepo, user)) === undefined) return inRepo;
  const clone = createHash("sha256").update(root).digest("hex").slice(0, 12);
  const outside = join("/var/lib/fuda", clone, "postgres");
  log(`the \`${user.name}\` user cannot reach ${inRepo}; keeping this clone's data in ${outside}`);
  return outside;
}

/**
 * Connects to `url`, creating its database (from the server's `postgres` database) when the
 * server says it does not exist.
 */
export async function ensureDatabase(url: string): Promise<void> {
  try {
    await withConnection(url, () => Promise.resolve());
  } catch (error) {
    if (!(error instanceof DatabaseUnavailableError) || !hasCode(error.cause, "3D000")) throw error;
    try {
      await createDatabase(url);
    } catch (createError) {
      throw new DatabaseUnavailableError(error.address, error.reason, { cause: createError });
    }
  }
}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === code;
}

/** `url` with its database replaced by `database`. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}

/** The database a URL names. */
export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1));
}

async function createDatabase(url: string): Promise<void> {
  await withConnection(withDatabase(url, "postgres"), async (admin) => {
    try {
      await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(databaseName(url))}`);
    } catch (error) {
      // Another process created it first: fine. PostgreSQL says so with 42P04, or with 23505
      // (unique violation on pg_database) when both CREATE DATABASE statements ran at once.
      if (!hasCode(error, "42P04") && !hasCode(error, "23505")) throw error;
    }
  });
}
