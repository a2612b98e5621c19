/**
 * The SQL migrations are written separately from schema.prisma (offline: packages/db/README.md,
 * Why our own migrator), so this proves a freshly migrated database is exactly what the schema
 * describes. The expectation is derived from Prisma's own reading of schema.prisma (its DMMF),
 * never copied by hand.
 */
import { readFile } from "node:fs/promises";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { withConnection } from "../src/connect";
import { createTestDatabase } from "../src/testing";
import type { TestDatabase } from "../src/testing";
import { actualShape, expectedShape, loadDatamodel } from "./schema-shape";
import type { Shape } from "./schema-shape";

describe("a freshly migrated database matches schema.prisma", () => {
  let database: TestDatabase;
  let expected: Shape;
  beforeAll(async () => {
    database = await createTestDatabase();
    expected = expectedShape(
      await loadDatamodel(new URL("../prisma/schema.prisma", import.meta.url)),
    );
  });
  afterAll(async () => {
    await database.drop();
  });

  it("has every model's table with its columns, types, nullability and simple defaults", async () => {
    const actual = await actualShape(database.url, expected);
    expect(Object.keys(actual.tables).sort()).toEqual(Object.keys(expected.tables).sort());
    for (const [table, { columns }] of Object.entries(expected.tables)) {
      expect({ table, columns: actual.tables[table]?.columns }).toEqual({ table, columns });
    }
  });

  it("has the partial unique indexes the live tables rely on: one live round and one open shoe per table", async () => {
    const rows = await database.db.$queryRaw<{ name: string }[]>`
      SELECT i.relname AS name FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid
      WHERE ix.indpred IS NOT NULL AND ix.indisunique ORDER BY 1`;
    expect(rows.map((row) => row.name)).toEqual([
      "rounds_one_live_per_table",
      "shoes_one_open_per_table",
    ]);
  });

  it("has every primary key, unique constraint, index and foreign key, and no others", async () => {
    const actual = await actualShape(database.url, expected);
    for (const [table, { indexes, foreignKeys }] of Object.entries(expected.tables)) {
      expect({ table, indexes: actual.tables[table]?.indexes }).toEqual({ table, indexes });
      expect({ table, foreignKeys: actual.tables[table]?.foreignKeys }).toEqual({
        table,
        foreignKeys,
      });
    }
  });

  it("has every enum with its values in the schema's order", async () => {
    expect((await actualShape(database.url, expected)).enums).toEqual(expected.enums);
  });

  it("notices drift: a column that lost NOT NULL or an extra index no longer matches", async () => {
    const drifted = await createTestDatabase();
    try {
      await withConnection(drifted.url, async (client) => {
        await client.query(`ALTER TABLE "tables" ALTER COLUMN "name" DROP NOT NULL`);
        await client.query(`CREATE INDEX "tables_name_idx" ON "tables" ("name")`);
      });
      const actual = await actualShape(drifted.url, expected);
      expect(actual.tables.tables?.columns.name?.notNull).toBe(false);
      expect(actual).not.toEqual(expected);
      expect(actual.tables.tables?.indexes.map((index) => index.name)).toContain("tables_name_idx");
    } finally {
      await drifted.drop();
    }
  });
});

describe("the drift check reads every kind of column Prisma creates", () => {
  it("matches Prisma's own SQL for a schema with every scalar type, lists, maps, keys and relations", async () => {
    const fixture = (name: string) => new URL(`fixtures/${name}`, import.meta.url);
    const expected = expectedShape(await loadDatamodel(fixture("every-type.prisma")));
    // every-type.sql is Prisma 6.19's `migrate diff --from-empty` output for every-type.prisma.
    const sql = await readFile(fixture("every-type.sql"), "utf8");
    const database = await createTestDatabase();
    try {
      await withConnection(database.url, async (client) => {
        // Every migrated table and type goes, whatever the migrations have added since.
        await client.query(`DROP SCHEMA public CASCADE; CREATE SCHEMA public;`);
        await client.query(sql);
      });
      expect(await actualShape(database.url, expected)).toEqual(expected);
    } finally {
      await database.drop();
    }
  });
});
