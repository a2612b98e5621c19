import { createHash, randomUUID } from "node:crypto";
import type pg from "pg";

import { migrationSources, migrationsDir } from "./committed-migrations";
import { withConnection } from "./connect";
import { readMigrationFolder } from "./migration-folder";

export { migrationsDir };

/**
 * The advisory lock `prisma migrate deploy` takes, so our migrator and Prisma's never run at
 * the same time on one database.
 */
const PRISMA_ADVISORY_LOCK = 72707369;

/** Prisma's own bookkeeping table, column for column, so `prisma migrate status` reads it. */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/** An applied migration's file no longer matches what was applied. */
export class MigrationChecksumError extends Error {
  override readonly name = "MigrationChecksumError";

  constructor(readonly migration: string) {
    super(
      `migration ${migration} was edited after it was applied (its checksum changed); ` +
        `restore the file and put the change in a new migration`,
    );
  }
}

/** A migration's SQL failed; the migration was rolled back and nothing of it was recorded. */
export class MigrationFailedError extends Error {
  override readonly name = "MigrationFailedError";

  constructor(
    readonly migration: string,
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`migration ${migration} failed and was rolled back: ${reason}`, options);
  }
}

export interface Migration {
  name: string;
  sql: string;
  /** sha256 hex of the file's bytes: Prisma's checksum. */
  checksum: string;
}

export function migrationChecksum(sql: string): string {
  return createHash("sha256").update(sql, "utf8").digest("hex");
}

/** Prisma accepts a file whose line endings git converted (CRLF ↔ LF); so do we. */
function matchesChecksum(sql: string, checksum: string): boolean {
  return [sql, sql.replaceAll("\r\n", "\n"), sql.replaceAll(/\r?\n/g, "\r\n")].some(
    (variant) => migrationChecksum(variant) === checksum,
  );
}

/**
 * The migrations in `dir`, in the order Prisma applies them (by directory name); without `dir`,
 * the committed ones (from the folder, or from a server bundle's copy).
 */
export async function readMigrations(dir?: string): Promise<Migration[]> {
  const sources = dir === undefined ? await migrationSources() : await readMigrationFolder(dir);
  return sources.map(({ name, sql }) => ({ name, sql, checksum: migrationChecksum(sql) }));
}

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
}

export interface MigrateOptions {
  log?: (line: string) => void;
  /** Where the migrations are; defaults to this package's `prisma/migrations`. */
  migrationsDir?: string;
}

/**
 * Applies the migrations not yet applied to the database at `url`, each in its own transaction,
 * recording them in `_prisma_migrations` as `prisma migrate deploy` would. Safe to call from
 * several processes at once: they queue on an advisory lock.
 */
export async function migrate(
  url: string,
  options: MigrateOptions = {},
): Promise<{ applied: string[] }> {
  const log = options.log ?? (() => undefined);
  const migrations = await readMigrations(options.migrationsDir);
  return withConnection(url, async (client) => {
    await client.query("SELECT pg_advisory_lock($1)", [PRISMA_ADVISORY_LOCK]);
    try {
      return { applied: await applyPending(client, migrations, log) };
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [PRISMA_ADVISORY_LOCK]);
    }
  });
}

async function applyPending(
  client: pg.Client,
  migrations: Migration[],
  log: (line: string) => void,
): Promise<string[]> {
  await client.query(CREATE_MIGRATIONS_TABLE);
  const { rows } = await client.query<MigrationRow>(
    `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`,
  );
  const live = rows.filter((row) => row.rolled_back_at === null);
  const failed = live.find((row) => row.finished_at === null);
  if (failed) {
    // Only Prisma's own migrate leaves such a row (ours roll back whole); Prisma must resolve it.
    throw new MigrationFailedError(
      failed.migration_name,
      "recorded as failed by prisma migrate; run `prisma migrate resolve` first",
    );
  }
  const appliedChecksums = new Map(live.map((row) => [row.migration_name, row.checksum]));

  const applied: string[] = [];
  for (const migration of migrations) {
    const checksum = appliedChecksums.get(migration.name);
    if (checksum !== undefined) {
      if (!matchesChecksum(migration.sql, checksum)) {
        throw new MigrationChecksumError(migration.name);
      }
      continue;
    }
    const started = performance.now();
    await applyOne(client, migration);
    log(`applied migration ${migration.name} (${Math.round(performance.now() - started)} ms)`);
    applied.push(migration.name);
  }
  return applied;
}

async function applyOne(client: pg.Client, migration: Migration): Promise<void> {
  const startedAt = new Date();
  await client.query("BEGIN");
  try {
    await client.query(migration.sql);
    await client.query(
      `INSERT INTO "_prisma_migrations"
         (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at,
          applied_steps_count)
       VALUES ($1, $2, clock_timestamp(), $3, NULL, NULL, $4, 1)`,
      [randomUUID(), migration.checksum, migration.name, startedAt],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new MigrationFailedError(migration.name, reason, { cause: error });
  }
}

/** The committed migrations, read once per process (they cannot change while it runs). */
let committed: Promise<Migration[]> | undefined;

/**
 * The committed migrations the database at `db` has not applied (a `/readyz` check: a server
 * newer than its database must not take traffic). Any role that may read `_prisma_migrations`.
 */
export async function pendingMigrations(db: {
  $queryRaw<T>(query: TemplateStringsArray): Promise<T>;
}): Promise<string[]> {
  committed ??= readMigrations();
  const rows = await db.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM "_prisma_migrations"
    WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const applied = new Set(rows.map((row) => row.migration_name));
  return (await committed).map((migration) => migration.name).filter((name) => !applied.has(name));
}
