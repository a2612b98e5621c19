import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";

import { listTables, watchTables } from "../src";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seed(db);
});
afterAll(() => database.drop());

describe("listTables", () => {
  it("lists the seeded tables in lobby order with public game and status names", async () => {
    const tables = await listTables({ db });
    expect(tables.map((table) => [table.game, table.variant])).toEqual([
      ["baccarat", "commission"],
      ["baccarat", "no-commission"],
      ["quick-baccarat", "quick"],
      ["pok-deng", "five-seat"],
      ["joker-blackjack", "seven-seat"],
    ]);
    for (const table of tables) {
      expect(table.status).toBe("open");
      expect(Date.parse(table.createdAt)).not.toBeNaN();
      for (const limit of Object.values(table.limits)) {
        expect(Number.isInteger(limit.min) && limit.min > 0 && limit.max >= limit.min).toBe(true);
      }
    }
  });
});

describe("watchTables", () => {
  it("yields the list at once, then again only when a table changes", async () => {
    const controller = new AbortController();
    const stream = watchTables({ db, signal: controller.signal, intervalMs: 20 });
    const first = await stream.next();
    expect(first.value).toHaveLength(5);

    await db.table.update({ where: { slug: "pok-deng" }, data: { status: "PAUSED" } });
    const second = await stream.next();
    const pokDeng = (second.value as Awaited<ReturnType<typeof listTables>>).find(
      (table) => table.slug === "pok-deng",
    );
    expect(pokDeng?.status).toBe("paused");

    controller.abort();
    expect((await stream.next()).done).toBe(true);
    await db.table.update({ where: { slug: "pok-deng" }, data: { status: "OPEN" } });
  });
});
