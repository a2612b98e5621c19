import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { withConnection } from "../src/connect";
import { migrationsDir, readMigrations } from "../src/migrate";
import { withDatabase } from "../src/resolve";
import { createTestDatabase, migratedTemplate, testServerUrl } from "../src/testing";

async function rows<T>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  return withConnection(url, async (client) => (await client.query(sql, values)).rows as T[]);
}

describe("test databases are clones of a migrated template", () => {
  const dropped: string[] = [];
  afterAll(async () => {
    for (const name of dropped) {
      await withConnection(testServerUrl(), async (client) => {
        await client.query(`ALTER DATABASE ${name} IS_TEMPLATE false`);
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    }
  });

  it("createTestDatabase gives a migrated database cloned from fuda_template_<hash>", async () => {
    const template = await migratedTemplate(testServerUrl());
    expect(template).toMatch(/^fuda_template_[0-9a-f]{16}$/);
    const [found] = await rows<{ datistemplate: boolean }>(
      testServerUrl(),
      "SELECT datistemplate FROM pg_database WHERE datname = $1",
      [template],
    );
    expect(found).toEqual({ datistemplate: true });
    const database = await createTestDatabase();
    try {
      const applied = await rows<{ migration_name: string }>(
        database.url,
        `SELECT migration_name FROM "_prisma_migrations" ORDER BY migration_name`,
      );
      expect(applied.map((row) => row.migration_name)).toEqual(
        (await readMigrations()).map((migration) => migration.name),
      );
    } finally {
      await database.drop();
    }
  });

  it("a new migration gets a template of its own; the same migrations reuse theirs", async () => {
    const dir = await mkdtemp(join(tmpdir(), "fuda-migrations-"));
    try {
      await cp(migrationsDir, dir, { recursive: true });
      await mkdir(join(dir, "99999999999999_extra"));
      await writeFile(
        join(dir, "99999999999999_extra", "migration.sql"),
        "CREATE TABLE extra (id int);",
      );
      const before = await migratedTemplate(testServerUrl());
      const after = await migratedTemplate(testServerUrl(), dir);
      dropped.push(after);
      expect(after).not.toBe(before);
      const tables = await rows<{ n: string }>(
        withDatabase(testServerUrl(), after),
        "SELECT count(*) AS n FROM pg_tables WHERE tablename = 'extra'",
      );
      expect(tables).toEqual([{ n: "1" }]);
      expect(await migratedTemplate(testServerUrl(), dir)).toBe(after);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
