import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import { HmacDrbg, verifyShoe } from "@fuda/shoe";
import { until } from "@fuda/testkit";

import { appendEvents, createEventHub, definitionOf, silentLog, startDealer } from "../src";
import type { Dealer } from "../src";
import { testClock } from "./fixtures";
import type { TestClock } from "./fixtures";

// A betting window long enough to act in while a round is open, deals at full speed.
const timing = {
  dealDelayMs: 0,
  resultPauseMs: 0,
  bettingWindowMs: () => 300,
  totalsIntervalMs: 50,
  lateCloseGraceMs: 10_000,
};

/** A seeded database where only the tables `dealt` are open, and a dealer over it on `clock`. */
async function floorDealing(
  dealt: readonly string[],
  {
    clock,
    claimIntervalMs,
    withHub,
  }: { clock: TestClock; claimIntervalMs: number; withHub: boolean },
) {
  const database = await createTestDatabase();
  const db = database.db;
  await seed(db);
  const ids = await Promise.all(
    dealt.map(async (slug) => (await db.table.findUniqueOrThrow({ where: { slug } })).id),
  );
  await db.table.updateMany({ where: { id: { notIn: ids } }, data: { status: "PAUSED" } });
  const hub = withHub
    ? createEventHub({ db, connectionString: database.url, log: silentLog })
    : undefined;
  const dealer = startDealer({
    db,
    connectionString: database.url,
    timing,
    claimIntervalMs,
    rng: () => new HmacDrbg({ serverSeed: "0d0e0f" }),
    clock,
    log: silentLog,
    hub,
  });
  return {
    db,
    ids,
    dealer,
    async stop() {
      await dealer.stop();
      await hub?.close();
      await database.drop();
    },
  };
}

const liveRound = (db: Db, tableId: string) =>
  db.round.findFirst({ where: { tableId, phase: { in: ["betting", "dealing"] } } });

describe("the dealer and the operator's table changes (admin.tables.*)", () => {
  let floor: Awaited<ReturnType<typeof floorDealing>>;
  let db: Db;
  let dealer: Dealer;
  let baccaratId: string;
  let pokDengId: string;
  const clock = testClock();

  beforeAll(async () => {
    // Only the two tables under test deal.
    floor = await floorDealing(["baccarat-a", "pok-deng"], {
      clock,
      claimIntervalMs: 100,
      withHub: false,
    });
    ({ db, dealer } = floor);
    [baccaratId, pokDengId] = floor.ids as [string, string];
  });
  afterAll(() => floor.stop());

  it("a pause takes effect between rounds: the round in play is finished, no new one opens until the table is open again", async () => {
    const round = await until("a baccarat round open for bets", async () => {
      const found = await db.round.findFirst({ where: { tableId: baccaratId, phase: "betting" } });
      return found ?? undefined;
    });
    await db.table.update({ where: { id: baccaratId }, data: { status: "PAUSED" } });
    // The round in play is dealt to the end.
    await until("the round in play to settle", async () => {
      const row = await db.round.findUniqueOrThrow({ where: { id: round.id } });
      return row.phase === "settled" ? row : undefined;
    });
    const opened = await db.round.count({ where: { tableId: baccaratId } });
    // Several betting windows and dealer steps later (the claim pass reads the paused table every
    // 100 ms here), still no new round: every loop of the dealer asleep, then time moved on.
    await clock.asleep(dealer.owned().length + 1);
    await clock.advance(3_000);
    expect(await db.round.count({ where: { tableId: baccaratId } })).toBe(opened);
    expect(await liveRound(db, baccaratId)).toBeNull();

    await db.table.update({ where: { id: baccaratId }, data: { status: "OPEN" } });
    // The claim pass (every 100 ms here) reads it open and wakes its runner.
    await until(
      "a new round once open again",
      async () => (await liveRound(db, baccaratId)) ?? undefined,
      5_000,
    );
  });

  it("a new shoe asked for mid-round: the round in play ends in the old shoe, whose reveal verifies; the next round opens in a new shoe", async () => {
    const round = await until(
      "a Pok Deng round in play",
      async () => (await liveRound(db, pokDengId)) ?? undefined,
    );
    await db.table.update({ where: { id: pokDengId }, data: { settings: { newShoe: true } } });
    const next = await until("a round in another shoe", async () => {
      const found = await db.round.findFirst({
        // Opened after it: Pok Deng's one-deck shoes follow one another quickly.
        where: {
          tableId: pokDengId,
          shoeId: { not: round.shoeId },
          openedAt: { gt: round.openedAt },
        },
      });
      return found ?? undefined;
    });
    expect(next.number).toBe(1);
    const settled = await db.round.findUniqueOrThrow({ where: { id: round.id } });
    expect(settled.phase).toBe("settled");
    const old = await db.shoe.findUniqueOrThrow({ where: { id: round.shoeId } });
    expect(old.endedAt).not.toBeNull();
    expect(verifyShoe(old.commitment, old.reveal as { salt: string; cards: string })).toEqual({
      ok: true,
    });
    // The request is cleared with the shoe's end: one new shoe, not one per round.
    expect((await db.table.findUniqueOrThrow({ where: { id: pokDengId } })).settings).toEqual({});
    expect(await db.shoe.count({ where: { tableId: pokDengId, endedAt: null } })).toBe(1);
    const ended = await db.tableEvent.findMany({
      where: { tableId: pokDengId, type: "shoe.ended" },
    });
    expect(ended.map((event) => (event.payload as { shoeId: string }).shoeId)).toContain(old.id);
  });

  it("a joker blackjack table's decks and jokers choose its shoe's cards", () => {
    const table = { game: "JOKER_BLACKJACK" as const, variant: "seven-seat" };
    expect(definitionOf(table)!.shoeCards()).toHaveLength(6 * 52 + 1);
    expect(definitionOf({ ...table, settings: { decks: 4, jokers: 2 } })!.shoeCards()).toHaveLength(
      4 * 52 + 2,
    );
  });
});

describe("a paused table's dealer between rounds", () => {
  let floor: Awaited<ReturnType<typeof floorDealing>>;
  let db: Db;
  let dealer: Dealer;
  let tableId: string;
  const clock = testClock();

  beforeAll(async () => {
    // Every table paused, one claim pass at the start: what wakes a paused table here is its
    // event or its own look.
    floor = await floorDealing([], { clock, claimIntervalMs: 600_000, withHub: true });
    ({ db, dealer } = floor);
    tableId = (await db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } })).id;
  });
  afterAll(() => floor.stop());

  it("reads nothing until woken: its table.updated wakes it at once; a change written without one is seen by the claim pass or, at the latest, the table's own look every 10 s", async () => {
    const live = (await db.table.findMany()).filter((table) => definitionOf(table) !== null);
    await until("every table taken", () =>
      Promise.resolve(dealer.owned().length === live.length ? true : undefined),
    );
    await clock.asleep(dealer.owned().length + 1);
    // Opened in the database alone: five seconds on, the paused runner has not looked.
    await db.table.update({ where: { id: tableId }, data: { status: "OPEN" } });
    await clock.advance(5_000);
    expect(await liveRound(db, tableId)).toBeNull();
    await clock.advance(5_000);
    await until(
      "a round once the table looked again",
      async () => (await liveRound(db, tableId)) ?? undefined,
      5_000,
    );

    await db.table.update({ where: { id: tableId }, data: { status: "PAUSED" } });
    await until("the round in play to settle", async () =>
      (await liveRound(db, tableId)) === null ? true : undefined,
    );
    await clock.asleep(dealer.owned().length + 1);
    // As an operator opens it (admin.tables.*): the row and its table.updated in one transaction.
    await db.$transaction(async (tx) => {
      const table = await tx.table.update({ where: { id: tableId }, data: { status: "OPEN" } });
      const { id, slug, variant, name, countdownSeconds, createdAt, updatedAt } = table;
      const payload = {
        ...{ id, slug, variant, name, countdownSeconds, limits: {} },
        game: "baccarat" as const,
        status: "open" as const,
        createdAt: createdAt.toISOString(),
        updatedAt: updatedAt.toISOString(),
      };
      await appendEvents(tx, [{ tableId, type: "table.updated", payload }]);
    });
    await until("a round at once", async () => (await liveRound(db, tableId)) ?? undefined, 5_000);
  });
});
