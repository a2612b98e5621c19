/**
 * Real PostgreSQL for vitest: one server for the whole run, one database per caller.
 *
 * Usage, in a package's vitest.config.ts and tests:
 *   test: { globalSetup: ["@fuda/db/testing"] }
 *   const { db, drop } = await createTestDatabase(); // afterAll(drop)
 *
 * The server is the one `DATABASE_URL` points at when set (its `postgres` database is used to
 * create and drop test databases), else a throwaway embedded PostgreSQL in a temp directory.
 * The global setup hands its URL to the test workers with vitest's `provide`/`inject` under
 * the key `fudaPostgresServerUrl`, and also sets `FUDA_TEST_POSTGRES_URL` for child processes
 * a test spawns.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { inject } from "vitest";

import type { Db } from "./client";
import { createDb } from "./client";
import { withConnection } from "./connect";
import { startEmbeddedPostgres } from "./embedded";
import { migrate } from "./migrate";
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
  const fromEnv = process.env.DATABASE_URL;
  let serverUrl: string;
  let teardown: () => Promise<void>;
  if (fromEnv !== undefined && fromEnv !== "") {
    serverUrl = withDatabase(fromEnv, "postgres");
    await ensureDatabase(serverUrl);
    teardown = () => Promise.resolve();
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), "fuda-test-pg-"));
    const server = await startEmbeddedPostgres({ dataDir, persistent: false }).catch(
      async (error: unknown) => {
        await rm(dataDir, { recursive: true, force: true });
        throw error;
      },
    );
    serverUrl = server.url("postgres");
    teardown = async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    };
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

/** A new, migrated, uniquely named database on the test server (`fuda_test_<worker>_<random>`). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = testServerUrl();
  const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "0";
  const name = `fuda_test_${worker}_${randomBytes(4).toString("hex")}`;
  await withConnection(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = withDatabase(serverUrl, name);
  await migrate(url);
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
