import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";

import {
  appRouter,
  createCallerFactory,
  createContext,
  feedRouter,
  listTables,
  watchTables,
} from "../src";
import { streamOf } from "../src/output";

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

const app = () => createCallerFactory(appRouter)(() => createContext({ db }));
const feed = () => createCallerFactory(feedRouter)(() => createContext({ db }));

describe("one table view for every caller", () => {
  it("the app's tables.list, its tables.watch and the feed's /tables answer the same tables", async () => {
    const list = await app().tables.list();
    expect(list.map((table) => table.slug)).toHaveLength(5);
    expect((await feed().tables()).tables).toEqual(list);
    const stream = (await app().tables.watch())[Symbol.asyncIterator]();
    expect((await stream.next()).value).toEqual(list);
    await stream.return?.();
  });

  it("reads Table.limits through the rules' schema: a bad stored limit is an error naming the table and the rule", async () => {
    const { limits } = await db.table.findUniqueOrThrow({ where: { slug: "joker-blackjack" } });
    await db.table.update({
      where: { slug: "joker-blackjack" },
      data: { limits: { main: { min: 500_000, max: 1_000 } } },
    });
    try {
      await expect(listTables({ db })).rejects.toThrow(
        /table "joker-blackjack": its stored limits .*min must not be above max.*main\.max/s,
      );
      await db.table.update({
        where: { slug: "joker-blackjack" },
        data: { limits: { main: { min: "10", max: 1_000 } } },
      });
      await expect(listTables({ db })).rejects.toThrow(/table "joker-blackjack".*main\.min/s);
      // What a caller sees is the bare internal error, never the stored value.
      await expect(app().tables.list()).rejects.toMatchObject({ message: "Internal server error" });
    } finally {
      await db.table.update({ where: { slug: "joker-blackjack" }, data: { limits: limits! } });
    }
  });
});

describe("streamOf", () => {
  it("parses each value a stream yields and fails on the first that breaks the schema", async () => {
    async function* numbers() {
      for (const value of [1, 2, "three"]) yield await Promise.resolve(value);
    }
    const stream = await streamOf(z.number()).parseAsync(numbers());
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const value of stream) seen.push(value);
      })(),
    ).rejects.toThrow(/expected number/);
    expect(seen).toEqual([1, 2]);
  });
});
