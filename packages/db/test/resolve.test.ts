import { chmod, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import pg from "pg";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { DatabaseUnavailableError, migrate, resolveDatabaseUrl } from "../src/index";
import { readMigrations } from "../src/migrate";
import { ensureDatabase } from "../src/resolve";
import { createTestDatabase } from "../src/testing";

async function count(url: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(sql);
    return Number(rows[0]?.n);
  } finally {
    await client.end();
  }
}

/** Drops the database `missing` names (created by a test), through the server of `url`. */
async function dropMissing(url: string, missing: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${new URL(missing).pathname.slice(1)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

describe("resolveDatabaseUrl", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("uses DATABASE_URL when it is set, and stop() leaves that server alone", async () => {
    const { url, drop } = await createTestDatabase();
    try {
      vi.stubEnv("DATABASE_URL", url);
      const resolved = await resolveDatabaseUrl();
      expect(resolved).toMatchObject({ url, embedded: false });
      await resolved.stop();
      expect(await count(url, "SELECT 1 AS n")).toBe(1);
    } finally {
      await drop();
    }
  });

  it("creates the DATABASE_URL database when the server does not have it yet", async () => {
    const { url, drop } = await createTestDatabase();
    const missing = url.replace(/fuda_test_\w+$/, (name) => `${name}_new`);
    try {
      vi.stubEnv("DATABASE_URL", missing);
      const resolved = await resolveDatabaseUrl();
      expect(await count(resolved.url, "SELECT 1 AS n")).toBe(1);
    } finally {
      await dropMissing(url, missing);
      await drop();
    }
  });

  it("several processes creating the same missing database at once all succeed", async () => {
    const { url, drop } = await createTestDatabase();
    const missing = url.replace(/fuda_test_\w+$/, (name) => `${name}_race`);
    try {
      await Promise.all([1, 2, 3, 4].map(() => ensureDatabase(missing)));
      expect(await count(missing, "SELECT 1 AS n")).toBe(1);
    } finally {
      await dropMissing(url, missing);
      await drop();
    }
  });

  it("refuses an unreachable server with one line naming host, port and cause", async () => {
    vi.stubEnv("DATABASE_URL", "postgresql://nobody@127.0.0.1:1/x");
    const failure = resolveDatabaseUrl();
    await expect(failure).rejects.toThrow(DatabaseUnavailableError);
    await expect(failure).rejects.toThrow(
      /^cannot connect to PostgreSQL at 127\.0\.0\.1:1 \(ECONNREFUSED\)$/,
    );
  });

  it("migrate refuses an unreachable server with the same one line", async () => {
    await expect(migrate("postgresql://nobody@127.0.0.1:1/x")).rejects.toThrow(
      new DatabaseUnavailableError("127.0.0.1:1", "ECONNREFUSED"),
    );
  });
});

describe("resolveDatabaseUrl without DATABASE_URL (embedded PostgreSQL)", () => {
  let base: string;
  beforeEach(async () => {
    vi.stubEnv("DATABASE_URL", "");
    base = await mkdtemp(join(tmpdir(), "fuda-embedded-"));
    // As root the server runs as `postgres`, which must be able to enter the temp directory.
    await chmod(base, 0o755);
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    await rm(base, { recursive: true, force: true });
  });

  it("starts a server in the data directory and keeps the data across a restart", async () => {
    const dataDir = join(base, "postgres");
    const lines: string[] = [];
    const first = await resolveDatabaseUrl({ dataDir, log: (line) => lines.push(line) });
    try {
      expect(first.embedded).toBe(true);
      expect(first.url).toMatch(/^postgresql:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/fuda$/);
      await migrate(first.url);
      expect(lines.some((line) => line.startsWith("initialising"))).toBe(true);
    } finally {
      await first.stop();
    }
    await expect(count(first.url, "SELECT 1 AS n")).rejects.toThrow();

    const restartLines: string[] = [];
    const second = await resolveDatabaseUrl({ dataDir, log: (line) => restartLines.push(line) });
    try {
      expect(restartLines.some((line) => line.startsWith("initialising"))).toBe(false);
      expect(await count(second.url, `SELECT count(*) AS n FROM "_prisma_migrations"`)).toBe(
        (await readMigrations()).length,
      );
      expect(await migrate(second.url)).toEqual({ applied: [] });
    } finally {
      await second.stop();
    }
  });
});
