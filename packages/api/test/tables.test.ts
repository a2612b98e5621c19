import { setTimeout as sleep } from "node:timers/promises";

import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";

import { createDb, seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";

import {
  appRouter,
  createCallerFactory,
  createContext,
  feedRouter,
  listTables,
  watchTables,
  type TableView,
} from "../src";
import { streamOf } from "../src/output";
import { startPgProxy } from "@fuda/testkit";

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

/** Whether `promise` is still unsettled after `ms` (the stream polls many times meanwhile). */
const stillPending = (promise: Promise<unknown>, ms: number): Promise<boolean> =>
  Promise.race([promise.then(() => false), sleep(ms).then(() => true)]);

describe("watchTables", () => {
  it("yields the list at once, then again only when a table changes", async () => {
    const controller = new AbortController();
    const stream = watchTables({ db, signal: controller.signal, intervalMs: 20 });
    const first = await stream.next();
    expect(first.value).toHaveLength(5);

    // Fifteen polls of an unchanged list yield nothing.
    const second = stream.next();
    expect(await stillPending(second, 300)).toBe(true);

    await db.table.update({ where: { slug: "pok-deng" }, data: { status: "PAUSED" } });
    const pokDeng = ((await second).value as TableView[]).find(
      (table) => table.slug === "pok-deng",
    );
    expect(pokDeng?.status).toBe("paused");

    controller.abort();
    expect((await stream.next()).done).toBe(true);
    await db.table.update({ where: { slug: "pok-deng" }, data: { status: "OPEN" } });
  });

  it("stays open while the database is gone and yields the change once it is back", async () => {
    const proxy = await startPgProxy(database.url);
    const proxied = createDb(proxy.url);
    const controller = new AbortController();
    try {
      const stream = watchTables({ db: proxied, signal: controller.signal, intervalMs: 20 });
      expect((await stream.next()).value).toHaveLength(5);

      await proxy.stop();
      const next = stream.next();
      // Cut connections, then refused ones: the stream neither ends nor throws.
      expect(await stillPending(next, 300)).toBe(true);

      await db.table.update({ where: { slug: "baccarat-a" }, data: { status: "CLOSED" } });
      await proxy.start();
      const tables = (await next).value as TableView[];
      expect(tables.find((table) => table.slug === "baccarat-a")?.status).toBe("closed");
    } finally {
      controller.abort();
      await db.table.update({ where: { slug: "baccarat-a" }, data: { status: "OPEN" } });
      await proxied.$disconnect();
      await proxy.close();
    }
  });
});

describe("tables.watch through the router", () => {
  it("a failure inside the stream reaches the caller cleaned: a code and a plain message", async () => {
    const broken = await createTestDatabase();
    try {
      await seed(broken.db);
      const caller = createCallerFactory(appRouter)(() => createContext({ db: broken.db }));
      const stream = (await caller.tables.watch())[Symbol.asyncIterator]();
      expect((await stream.next()).value).toHaveLength(5);
      await broken.db.$executeRawUnsafe("DROP TABLE tables CASCADE");
      const failure = await stream.next().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TRPCError);
      expect(failure).toMatchObject({
        code: "INTERNAL_SERVER_ERROR",
        message: "Internal server error",
      });
    } finally {
      await broken.drop();
    }
  });
});

const app = () => createCallerFactory(appRouter)(() => createContext({ db }));
// The feed's routes answer partners only: its transport admits a `feed:read` key first.
const feed = () =>
  createCallerFactory(feedRouter)(() => ({
    db,
    actor: { kind: "partner", keyId: "key", partnerId: "acme-stats", scopes: ["feed:read"] },
  }));

describe("one table view for every caller", () => {
  it("the app's tables.list, its tables.watch and the feed's /tables answer the same tables", async () => {
    const list = await app().tables.list();
    expect(list.map((table) => table.slug)).toHaveLength(5);
    expect((await feed().tables()).tables).toEqual(list);
    const stream = (await app().tables.watch())[Symbol.asyncIterator]();
    // The lobby adds each table's live summary to the same view.
    const watched = (await stream.next()).value as (TableView & { live: unknown })[];
    expect(watched.map(({ live: _live, ...table }) => table)).toEqual(list);
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
