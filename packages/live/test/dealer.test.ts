import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { baccarat } from "@fuda/rules";
import { HmacDrbg, shoeJsonOf, verifyShoe } from "@fuda/shoe";
import { until } from "@fuda/testkit";

import { auditLiveTables, definitionOf, liveRoundFromJson, silentLog, startDealer } from "../src";
import type { Dealer } from "../src";
import { testClock } from "./fixtures";

const fast = {
  dealDelayMs: 0,
  resultPauseMs: 0,
  bettingWindowMs: () => 40,
  totalsIntervalMs: 20,
  lateCloseGraceMs: 10_000,
};

const tableId = async (db: Db, slug: string) =>
  (await db.table.findUniqueOrThrow({ where: { slug } })).id;

describe("the dealer", () => {
  let database: TestDatabase;
  let dealer: Dealer;
  const clock = testClock();
  beforeAll(async () => {
    database = await createTestDatabase();
    await seed(database.db);
    dealer = startDealer({
      db: database.db,
      connectionString: database.url,
      timing: fast,
      claimIntervalMs: 100,
      rng: () => new HmacDrbg({ serverSeed: "0a0b0c" }),
      clock,
      log: silentLog,
    });
  });
  afterAll(async () => {
    await dealer.stop();
    await database.drop();
  });

  it("deals a whole baccarat shoe: each round's cards are the shoe's next cards, the reveal verifies, the road is roads() of the results", async () => {
    const db = database.db;
    const id = await tableId(db, "baccarat-a");
    const shoe = await until(
      "a baccarat shoe to end",
      async () =>
        (await db.shoe.findFirst({ where: { tableId: id, endedAt: { not: null } } })) ?? undefined,
      170_000,
    );
    const reveal = shoe.reveal as { salt: string; cards: string };
    expect(verifyShoe(shoe.commitment, reveal)).toEqual({ ok: true });
    const order = Buffer.from(reveal.cards, "hex");
    const rounds = await db.round.findMany({
      where: { shoeId: shoe.id },
      orderBy: { number: "asc" },
    });
    expect(rounds.map((round) => round.number)).toEqual(rounds.map((_, index) => index + 1));
    let position = (shoe.firstBurn as { burnCount: number }).burnCount + 1;
    for (const round of rounds) {
      expect(round.phase).toBe("settled");
      const state = liveRoundFromJson(round.state);
      expect(state.first).toBe(position);
      expect(round.cards).toEqual([...order.subarray(position, position + round.cards.length)]);
      position += round.cards.length;
    }
    expect(liveRoundFromJson(rounds.at(-1)!.state).lastRound).toBe(true);
    const marks = rounds.map((round) => {
      const { winner, playerPair, bankerPair } = baccarat.dealtFrom(round.cards);
      return { winner, playerPair, bankerPair };
    });
    expect(baccarat.roads(shoe.road as never)).toEqual(baccarat.roads(marks));
    // Stored whole, though each step sent only what moved of it: its order, where it stands, and
    // where each of its rounds started.
    const state = shoeJsonOf(shoe.state, "shoe state");
    expect(state.cards).toBe(reveal.cards);
    expect(state.position).toBe(shoe.position);
    expect(state.roundStarts).toEqual(rounds.map((round) => liveRoundFromJson(round.state).first));
    // The next shoe starts with its commitment published.
    const next = await until(
      "the next shoe",
      async () => (await db.shoe.findFirst({ where: { tableId: id, endedAt: null } })) ?? undefined,
    );
    const started = await db.tableEvent.findFirst({
      where: { tableId: id, type: "shoe.started", payload: { path: ["shoeId"], equals: next.id } },
    });
    expect(started?.payload).toMatchObject({ commitment: next.commitment, cardCount: 416 });
    expect(await auditLiveTables(db)).toEqual([]);
  }, 180_000); // a whole shoe (about 80 rounds, eight per second alone) takes minutes while the full run shares the two cores

  it("announces every round in order: opened, closed, each card, result, settled", async () => {
    const db = database.db;
    const id = await tableId(db, "pok-deng");
    const round = await until(
      "a settled Pok Deng round",
      async () =>
        (await db.round.findFirst({ where: { tableId: id, phase: "settled" } })) ?? undefined,
    );
    const events = await db.tableEvent.findMany({
      where: { roundId: round.id },
      orderBy: { id: "asc" },
    });
    const types = events.map((event) => event.type).filter((type) => type !== "bets.totals");
    const definition = definitionOf({ game: "POK_DENG", variant: "five-seat" })!;
    expect(types).toEqual([
      "round.opened",
      "round.closed",
      ...round.cards.map(() => "card.dealt"),
      "round.result",
      "round.settled",
    ]);
    const dealt = events.filter((event) => event.type === "card.dealt");
    expect(dealt.map((event) => (event.payload as { card: number }).card)).toEqual(round.cards);
    // No pause between cards: the whole deal and its settlement are one step, one transaction
    // (the rows' `xmin`), after the close's own.
    const steps = await db.$queryRaw<{ type: string; tx: string }[]>`
      SELECT type, xmin::text AS tx FROM table_events
      WHERE round_id = ${round.id}::uuid AND type <> 'bets.totals' ORDER BY id`;
    const [opened, closed, ...deal] = steps.map((row) => row.tx);
    expect(new Set(deal).size).toBe(1);
    expect(new Set([opened, closed, deal[0]]).size).toBe(3);
    expect(definition.publicView(liveRoundFromJson(round.state)).outcome).toEqual(round.outcome);
  });

  it("an operator's pause takes effect between rounds: the round in progress is dealt and settled, no new one opens until the table reopens", async () => {
    const db = database.db;
    const id = await tableId(db, "baccarat-a");
    const round = await until(
      "a betting round at baccarat-a",
      async () =>
        (await db.round.findFirst({ where: { tableId: id, phase: "betting" } })) ?? undefined,
    );
    await db.table.update({ where: { id }, data: { status: "PAUSED" } });
    const ended = await until("the round to end", async () => {
      const now = await db.round.findUniqueOrThrow({ where: { id: round.id } });
      return now.phase === "settled" || now.phase === "cancelled" ? now : undefined;
    });
    expect(ended.phase).toBe("settled");
    // Two more looks at the paused table (one each second), every loop of the dealer asleep
    // first, then time moved on.
    await clock.asleep(dealer.owned().length + 1);
    await clock.advance(2_500);
    expect(await db.round.count({ where: { tableId: id, openedAt: { gt: round.openedAt } } })).toBe(
      0,
    );
    await db.table.update({ where: { id }, data: { status: "OPEN" } });
    await until("a new round after reopening", async () =>
      (await db.round.count({ where: { tableId: id, openedAt: { gt: round.openedAt } } })) > 0
        ? true
        : undefined,
    );
  });

  it("runs one table per process: a second dealer on the same database claims nothing while the first lives, and takes over when it stops", async () => {
    const db = database.db;
    const secondClock = testClock();
    const second = startDealer({
      db,
      connectionString: database.url,
      timing: fast,
      claimIntervalMs: 100,
      clock: secondClock,
      log: silentLog,
    });
    try {
      // Four claim passes of the second dealer, its first one done.
      await secondClock.asleep(1);
      await secondClock.advance(400);
      expect(second.owned()).toEqual([]);
      // Both baccarat tables, Pok Deng and joker blackjack: every live table but the quick game.
      expect(dealer.owned().length).toBe(4);
      await dealer.stop();
      const owned = await until("the second dealer to take the tables", () =>
        Promise.resolve(second.owned().length === 4 ? second.owned() : undefined),
      );
      expect(owned.length).toBe(4);
      // It goes on dealing them.
      const id = await tableId(db, "baccarat-b");
      const before = await db.round.count({ where: { tableId: id, phase: "settled" } });
      await until("another round at baccarat-b", async () =>
        (await db.round.count({ where: { tableId: id, phase: "settled" } })) > before + 1
          ? true
          : undefined,
      );
    } finally {
      await second.stop();
    }
  });
});
