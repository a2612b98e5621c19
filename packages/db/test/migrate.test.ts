import { cp, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import pg from "pg";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";

import { migrate, MigrationChecksumError, MigrationFailedError } from "../src/index";
import { migrationChecksum, migrationsDir, readMigrations } from "../src/migrate";
import { createTestDatabase, testServerUrl } from "../src/testing";
import type { TestDatabase } from "../src/testing";
import { withDatabase } from "../src/resolve";

/** An empty database (not migrated) on the test server, dropped after the test. */
async function emptyDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `fuda_test_empty_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: testServerUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    url: withDatabase(testServerUrl(), name),
    drop: async () => {
      const client = new pg.Client({ connectionString: testServerUrl() });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

describe("migrate", () => {
  let database: { url: string; drop: () => Promise<void> };
  beforeEach(async () => {
    database = await emptyDatabase();
  });
  afterEach(async () => {
    await database.drop();
  });

  it("applies every committed migration once, then nothing on the next run", async () => {
    const all = (await readMigrations()).map((migration) => migration.name);
    expect(all.length).toBeGreaterThan(0);
    expect(await migrate(database.url)).toEqual({ applied: all });
    expect(await migrate(database.url)).toEqual({ applied: [] });
  });

  it("records each migration as prisma migrate deploy does, with the file's sha256", async () => {
    await migrate(database.url);
    const rows = await query<{
      id: string;
      checksum: string;
      migration_name: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
      started_at: Date;
      logs: string | null;
      applied_steps_count: number;
    }>(database.url, `SELECT * FROM "_prisma_migrations" ORDER BY migration_name`);
    const migrations = await readMigrations();
    expect(rows.map((row) => [row.migration_name, row.checksum])).toEqual(
      migrations.map((migration) => [migration.name, migration.checksum]),
    );
    for (const row of rows) {
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.checksum).toMatch(/^[0-9a-f]{64}$/);
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.started_at.getTime()).toBeLessThanOrEqual(row.finished_at!.getTime());
      expect(row.rolled_back_at).toBeNull();
      expect(row.logs).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
  });

  it("has the columns of Prisma's _prisma_migrations table", async () => {
    await migrate(database.url);
    const columns = await query<{ column_name: string; data_type: string; is_nullable: string }>(
      database.url,
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns.map((column) => Object.values(column).join(" "))).toEqual([
      "id character varying NO",
      "checksum character varying NO",
      "finished_at timestamp with time zone YES",
      "migration_name character varying NO",
      "logs text YES",
      "rolled_back_at timestamp with time zone YES",
      "started_at timestamp with time zone NO",
      "applied_steps_count integer NO",
    ]);
  });

  it("waits for the advisory lock prisma migrate deploy takes (72707369)", async () => {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query("SELECT pg_advisory_lock(72707369)");
      let done = false;
      const run = migrate(database.url).then((result) => {
        done = true;
        return result;
      });
      // Our migrator queues on Prisma's lock: its request shows in pg_locks, not granted.
      for (let tries = 0; ; tries++) {
        const waiting = await holder.query(
          `SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = 72707369 AND NOT granted`,
        );
        if (waiting.rows.length > 0) break;
        expect({ tries, done }).toEqual({ tries, done: false });
        if (tries > 200) throw new Error("migrate never asked for the advisory lock");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(done).toBe(false);
      await holder.query("SELECT pg_advisory_unlock(72707369)");
      expect((await run).applied.length).toBeGreaterThan(0);
    } finally {
      await holder.end();
    }
  });

  it("serializes concurrent runs with the advisory lock: each migration is applied once", async () => {
    const runs = await Promise.all([1, 2, 3, 4].map(() => migrate(database.url)));
    const applied = runs.flatMap((run) => run.applied);
    expect(applied).toEqual((await readMigrations()).map((migration) => migration.name));
    const rows = await query(database.url, `SELECT 1 FROM "_prisma_migrations"`);
    expect(rows).toHaveLength(applied.length);
  });
});

describe("migrate with a copy of the migrations", () => {
  let dir: string;
  let database: TestDatabase;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "fuda-migrations-"));
    await cp(migrationsDir, dir, { recursive: true });
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.drop();
    await rm(dir, { recursive: true, force: true });
  });
  afterAll(() => undefined);

  it("refuses to run when an applied migration's file was edited", async () => {
    const [first] = await readMigrations(dir);
    await writeFile(join(dir, first!.name, "migration.sql"), `${first!.sql}\n-- edited\n`);
    await expect(migrate(database.url, { migrationsDir: dir })).rejects.toThrow(
      MigrationChecksumError,
    );
    await expect(migrate(database.url, { migrationsDir: dir })).rejects.toThrow(
      `migration ${first!.name} was edited after it was applied`,
    );
  });

  it("accepts an LF file for a migration applied from a CRLF checkout", async () => {
    const name = "29991231000000_crlf";
    await cp(join(dir, (await readMigrations(dir))[0]!.name), join(dir, name), { recursive: true });
    await writeFile(join(dir, name, "migration.sql"), `CREATE TABLE "crlf" (id INT);\r\n`);
    expect(await migrate(database.url, { migrationsDir: dir })).toEqual({ applied: [name] });
    await writeFile(join(dir, name, "migration.sql"), `CREATE TABLE "crlf" (id INT);\n`);
    await expect(migrate(database.url, { migrationsDir: dir })).resolves.toEqual({ applied: [] });
  });

  it("refuses a migration prisma recorded as failed, and ignores one it rolled back", async () => {
    const name = "20000101000000_prisma_failed";
    await query(
      database.url,
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ('x', 'x', '${name}')`,
    );
    await expect(migrate(database.url, { migrationsDir: dir })).rejects.toThrow(
      `migration ${name} failed and was rolled back: recorded as failed by prisma migrate; run \`prisma migrate resolve\` first`,
    );
    await query(
      database.url,
      `UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE id = 'x'`,
    );
    await expect(migrate(database.url, { migrationsDir: dir })).resolves.toEqual({ applied: [] });
  });

  it("accepts an applied migration whose line endings git turned into CRLF", async () => {
    const [first] = await readMigrations(dir);
    await writeFile(join(dir, first!.name, "migration.sql"), first!.sql.replaceAll("\n", "\r\n"));
    await expect(migrate(database.url, { migrationsDir: dir })).resolves.toEqual({ applied: [] });
  });

  it("applies a new migration in its own transaction and records nothing when it fails", async () => {
    const name = "29991231000000_broken";
    await cp(join(dir, (await readMigrations(dir))[0]!.name), join(dir, name), { recursive: true });
    await writeFile(
      join(dir, name, "migration.sql"),
      `CREATE TABLE "half_done" (id INT);\nSELECT * FROM "no_such_table";\n`,
    );
    await expect(migrate(database.url, { migrationsDir: dir })).rejects.toThrow(
      MigrationFailedError,
    );
    const leftovers = await query(
      database.url,
      `SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'`,
    );
    expect(leftovers).toEqual([]);
    const recorded = await query(
      database.url,
      `SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '${name}'`,
    );
    expect(recorded).toEqual([]);

    await writeFile(join(dir, name, "migration.sql"), `CREATE TABLE "done" (id INT);\n`);
    expect(await migrate(database.url, { migrationsDir: dir })).toEqual({ applied: [name] });
    const [row] = await query<{ checksum: string }>(
      database.url,
      `SELECT checksum FROM "_prisma_migrations" WHERE migration_name = '${name}'`,
    );
    expect(row?.checksum).toBe(migrationChecksum(`CREATE TABLE "done" (id INT);\n`));
  });
});
