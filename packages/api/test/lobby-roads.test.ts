/**
 * The lobby's baccarat extras (docs/rules/baccarat.md, Good roads and Table statistics): the good
 * roads each table's current shoe shows, and its results over its last 100 settled rounds.
 */
import { afterAll, beforeAll, expect, it } from "vitest";

import type { Db, Table } from "@fuda/db";
import { seed } from "@fuda/db";
import { createTestDatabase, openShoeWithRoad } from "@fuda/db/testing";
import { baccarat } from "@fuda/rules";

import { lobbyTables } from "../src/domain/lobby";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seed(db);
});
afterAll(async () => {
  await database.drop();
});

/** A shoe in play at `table` whose road is `results` (B, P, T letters). */
const shoeWithRoad = (table: Table, results: string) =>
  openShoeWithRoad(
    db,
    table.id,
    baccarat.parseResults(results).map((round) => ({ ...round })),
  );

interface Result {
  winner: "player" | "banker" | "tie";
  playerPair?: boolean;
  bankerPair?: boolean;
  playerNatural?: boolean;
  bankerNatural?: boolean;
}

/** Settles `results` at `table` one transaction each, oldest first (the feed's finishing order). */
async function settle(table: Table, shoeId: string, results: Result[], voided = false) {
  const numbers = await db.round.count({ where: { shoeId } });
  for (const [index, result] of results.entries()) {
    await db.round.create({
      data: {
        tableId: table.id,
        shoeId,
        number: numbers + index + 1,
        phase: "settled",
        bettingClosesAt: new Date(),
        settledAt: new Date(),
        state: {},
        cards: [],
        outcome: {
          playerPair: false,
          bankerPair: false,
          playerNatural: false,
          bankerNatural: false,
          ...result,
        },
        ...(voided ? { voidedAt: new Date(), voidReason: "test", voidedBy: "test" } : {}),
      },
    });
  }
}

const times = (count: number, result: Result): Result[] =>
  Array.from({ length: count }, () => result);

it("each baccarat table shows the good road of its shoe, and the other games none", async () => {
  const tableA = await db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } });
  const tableB = await db.table.findUniqueOrThrow({ where: { slug: "baccarat-b" } });
  await shoeWithRoad(tableA, "PBPPBBPPTBB");
  await shoeWithRoad(tableB, "BPPPPT");
  const tables = await lobbyTables({ db });
  const of = (slug: string) => tables.find((table) => table.slug === slug)!.live;
  expect(of("baccarat-a").goodRoads).toEqual(["two-in-a-row"]);
  expect(of("baccarat-b").goodRoads).toEqual(["long-player"]);
  // The lobby's road is the shoe's newest marks; the good road is read from the whole shoe.
  expect(of("baccarat-a").road).toHaveLength(11);
  for (const slug of ["quick-baccarat", "pok-deng", "joker-blackjack"]) {
    expect(of(slug)).toMatchObject({ goodRoads: [], stats: null });
  }
});

it("a baccarat table's statistics count its last 100 settled rounds, voided ones left out", async () => {
  const table = await db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } });
  const shoe = await shoeWithRoad(table, "");
  expect((await lobbyTables({ db })).find((t) => t.slug === "baccarat-a")!.live.stats).toEqual({
    rounds: 0,
    player: 0,
    banker: 0,
    tie: 0,
    playerPair: 0,
    bankerPair: 0,
    natural: 0,
  });
  // Older than the last 100: not counted.
  await settle(table, shoe.id, times(7, { winner: "tie", playerPair: true, bankerNatural: true }));
  await settle(table, shoe.id, [
    ...times(30, { winner: "player" }),
    ...times(10, { winner: "player", playerPair: true, playerNatural: true }),
    ...times(10, { winner: "player", bankerPair: true }),
    ...times(35, { winner: "banker" }),
    ...times(8, { winner: "banker", bankerNatural: true, playerNatural: true }),
    ...times(2, { winner: "banker", playerPair: true, bankerPair: true }),
    ...times(5, { winner: "tie" }),
  ]);
  // Voided after they settled: left out; the last 100 are counted among the rounds that stand.
  await settle(table, shoe.id, times(3, { winner: "banker", bankerPair: true }), true);
  const { stats } = (await lobbyTables({ db })).find((t) => t.slug === "baccarat-a")!.live;
  expect(stats).toEqual({
    rounds: 100,
    player: 50,
    banker: 45,
    tie: 5,
    playerPair: 12,
    bankerPair: 12,
    natural: 18,
  });
});
