/**
 * Real PostgreSQL for vitest: one server for the whole run, one database per caller, each a
 * clone of a migrated template database (a clone costs milliseconds, migrating from scratch
 * does not).
 *
 * Usage, in a package's vitest.config.ts and tests:
 *   test: { globalSetup: ["@fuda/db/testing"] }     (the @fuda/vitest-config preset does this)
 *   const { db, drop } = await createTestDatabase(); // afterAll(drop)
 *
 * The server is the one `DATABASE_URL` points at when set (its `postgres` database is used to
 * create and drop test databases), else a throwaway embedded PostgreSQL in a temp directory.
 * The global setup hands its URL to the test workers with vitest's `provide`/`inject` under
 * the key `fudaPostgresServerUrl`, and also sets `FUDA_TEST_POSTGRES_URL` for child processes
 * a test spawns.
 */
import { spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { inject } from "vitest";

// Type only: the client is generated code, imported once it surely exists (see setup).
import type { Db } from "./client";
import { withConnection } from "./connect";
import { startEmbeddedPostgres } from "./embedded";
import { migrate, readMigrations } from "./migrate";
import { ensureDatabase, withDatabase } from "./resolve";

declare module "vitest" {
  export interface ProvidedContext {
    fudaPostgresServerUrl: string;
  }
}

const SERVER_URL_ENV = "FUDA_TEST_POSTGRES_URL";

interface GlobalSetupContext {
  provide(key: "fudaPostgresServerUrl", value: string): void;
}

/** vitest globalSetup: provides a PostgreSQL server for the run; returns the teardown. */
export async function setup(project: GlobalSetupContext): Promise<() => Promise<void>> {
  try {
    return await provideServer(project);
  } catch (error) {
    // Our errors are one line that names the cause; vitest would add stacks and causes.
    const line = new Error(error instanceof Error ? error.message : String(error));
    line.stack = line.message;
    throw line;
  }
}

async function provideServer(project: GlobalSetupContext): Promise<() => Promise<void>> {
  generatePrismaClientIfMissing();
  const fromEnv = process.env.DATABASE_URL;
  let serverUrl: string;
  let teardown: () => Promise<void>;
  if (fromEnv !== undefined && fromEnv !== "") {
    serverUrl = withDatabase(fromEnv, "postgres");
    await ensureDatabase(serverUrl);
    teardown = () => Promise.resolve();
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), "fuda-test-pg-"));
    // A throwaway server removes its data folder itself, on every path.
    const server = await startEmbeddedPostgres({ dataDir, persistent: false });
    serverUrl = server.url("postgres");
    teardown = () => server.stop();
  }
  project.provide("fudaPostgresServerUrl", serverUrl);
  process.env[SERVER_URL_ENV] = serverUrl;
  return teardown;
}

/** The test server's URL (its `postgres` database), from the global setup. */
export function testServerUrl(): string {
  const url = inject("fudaPostgresServerUrl") || process.env[SERVER_URL_ENV];
  if (!url) {
    throw new Error(
      'no test PostgreSQL: add globalSetup: ["@fuda/db/testing"] to this package\'s vitest config',
    );
  }
  return url;
}

export interface TestDatabase {
  url: string;
  db: Db;
  /** Disconnects `db` and drops the database. */
  drop: () => Promise<void>;
}

/**
 * A new, migrated, uniquely named database on the test server (`fuda_test_<worker>_<random>`):
 * a clone of the template database of the current migrations.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testServerUrl();
  let building = templates.get(serverUrl);
  if (building === undefined) {
    building = migratedTemplate(serverUrl);
    templates.set(serverUrl, building);
    // A failed build is not remembered: the next test tries again.
    building.catch(() => templates.delete(serverUrl));
  }
  const template = await building;
  const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "0";
  const name = `fuda_test_${worker}_${randomBytes(4).toString("hex")}`;
  await withConnection(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`),
  );
  const url = withDatabase(serverUrl, name);
  const { createDb } = await import("./client");
  const db = createDb(url);
  return {
    url,
    db,
    drop: async () => {
      await db.$disconnect();
      await withConnection(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

/** Each test worker asks the server for the template once. */
const templates = new Map<string, Promise<string>>();

/** Serialises template builds across every test process using one server. */
const TEMPLATE_LOCK = 72707370;

/**
 * `fuda_template_<hash of the migrations>` on the server, built the first time under an
 * advisory lock (the first process builds it, the others wait and reuse it). It is built under
 * another name and renamed when complete, so a run killed half-way leaves no broken template.
 * Templates of other migrations (other branches sharing the server) are left alone.
 */
export async function migratedTemplate(serverUrl: string, migrationsDir?: string): Promise<string> {
  const migrations = await readMigrations(migrationsDir);
  const hash = createHash("sha256")
    .update(migrations.map((migration) => `${migration.name}:${migration.checksum}\n`).join(""))
    .digest("hex")
    .slice(0, 16);
  const name = `fuda_template_${hash}`;
  await withConnection(serverUrl, async (client) => {
    await client.query("SELECT pg_advisory_lock($1)", [TEMPLATE_LOCK]);
    try {
      const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [
        name,
      ]);
      if (rowCount !== 0) return;
      const building = `${name}_building`;
      await client.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${building}`);
      await migrate(withDatabase(serverUrl, building), { migrationsDir });
      await client.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await client.query(`ALTER DATABASE ${name} IS_TEMPLATE true`);
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [TEMPLATE_LOCK]);
    }
  });
  return name;
}

/**
 * The Prisma client is generated code that only Turbo's pipeline makes: generate it here when a
 * package's tests run alone on a fresh clone (`pnpm --filter <package> test`).
 */
function generatePrismaClientIfMissing(): void {
  const packageDir = fileURLToPath(new URL("..", import.meta.url));
  if (existsSync(join(packageDir, "src", "generated", "prisma", "client.ts"))) return;
  const result = spawnSync("pnpm", ["--silent", "run", "generate"], {
    cwd: packageDir,
    encoding: "utf8",
  });
  if (result.status !== 0) {
    throw new Error(`could not generate the Prisma client: ${result.stderr || result.error}`);
  }
}

/**
 * A shoe in play at `tableId` whose road is `road` (the shoe before it ended), with no cards: a
 * test's scripted road, for what reads roads (the lobby's good roads, its statistics).
 */
export async function openShoeWithRoad(db: Db, tableId: string, road: object[]) {
  await db.shoe.updateMany({ where: { tableId, endedAt: null }, data: { endedAt: new Date() } });
  return db.shoe.create({
    data: {
      tableId,
      commitment: "c0ffee",
      cards: Buffer.from([]),
      state: {},
      position: 0,
      burned: [],
      firstBurn: {},
      road,
    },
  });
}
