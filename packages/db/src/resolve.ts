import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { startEmbeddedPostgres } from "./embedded";
import { withConnection } from "./connect";
import { DatabaseUnavailableError } from "./errors";

export interface ResolvedDatabase {
  url: string;
  /** True when we started an embedded PostgreSQL for this process. */
  embedded: boolean;
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
    return { url: fromEnv, embedded: false, stop: () => Promise.resolve() };
  }
  const dataDir = options.dataDir ?? join(findRepoRoot(), ".data", "postgres");
  const server = await startEmbeddedPostgres({ dataDir, persistent: true, log: options.log });
  try {
    const url = server.url(EMBEDDED_DATABASE);
    await ensureDatabase(url);
    return { url, embedded: true, stop: server.stop };
  } catch (error) {
    await server.stop();
    throw error;
  }
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

/** The monorepo root: the nearest directory above this package holding pnpm-workspace.yaml. */
export function findRepoRoot(from: string = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "pnpm-workspace.yaml"))) return dir;
    if (dirname(dir) === dir) {
      throw new Error(`no pnpm-workspace.yaml above ${from}: cannot find the repository root`);
    }
  }
}
