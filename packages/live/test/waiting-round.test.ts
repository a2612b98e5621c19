/**
 * A joker blackjack round nobody bet on waits for a bet (docs/rules/live-tables.md, Round phases:
 * `dealsWithoutBets: false`): its window starts again, announced, and no card leaves the shoe;
 * a bet ends the wait; an operator's pause cancels a round waiting so.
 */
import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { FudaError } from "@fuda/errors";
import { seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { HmacDrbg } from "@fuda/shoe";
import { until } from "@fuda/testkit";

import { createBetDesk, leave, silentLog, sit, startDealer } from "../src";
import type { BetDesk, Dealer } from "../src";
import { newPlayer, testClock } from "./fixtures";

const WINDOW_MS = 600;

// Deals at full speed; a seat's turn times out after the table's second (settings below).
const timing = {
  dealDelayMs: 0,
  resultPauseMs: 0,
  bettingWindowMs: () => WINDOW_MS,
  totalsIntervalMs: 50,
  lateCloseGraceMs: 10_000,
};

let database: TestDatabase;
let db: Db;
let desk: BetDesk;
let dealer: Dealer;
let tableId: string;
const clock = testClock();

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  desk = createBetDesk({ db });
  await seed(db);
  const table = await db.table.findUniqueOrThrow({ where: { slug: "joker-blackjack" } });
  tableId = table.id;
  // Only joker blackjack deals, its turns timing out after a second.
  await db.table.updateMany({ where: { id: { not: tableId } }, data: { status: "PAUSED" } });
  await db.table.update({
    where: { id: tableId },
    data: { settings: { ...(table.settings as object), actionSeconds: 1 } },
  });
  dealer = startDealer({
    db,
    connectionString: database.url,
    timing,
    claimIntervalMs: 100,
    rng: () => new HmacDrbg({ serverSeed: "0a0b0c0d" }),
    clock,
    log: silentLog,
  });
});
afterAll(async () => {
  await dealer.stop();
  await desk.close();
  await database.drop();
});

const bettingRound = () =>
  until("a joker blackjack round betting", async () => {
    const round = await db.round.findFirst({ where: { tableId, phase: "betting" } });
    return round ?? undefined;
  });

const reopenings = async (roundId: string) => {
  const events = await db.tableEvent.findMany({
    where: { roundId, type: "round.opened" },
    orderBy: { id: "asc" },
  });
  return events.map((event) => event.payload as { closesAt: string; reopened?: boolean });
};

const openShoe = () => db.shoe.findFirstOrThrow({ where: { tableId, endedAt: null } });

describe("a joker blackjack round nobody bet on", () => {
  it("stays betting with a later closesAt, announced by round.opened with reopened: true; no card leaves the shoe", async () => {
    const round = await bettingRound();
    const shoeBefore = await openShoe();
    const opened = await until("two more betting windows", async () => {
      const events = await reopenings(round.id);
      return events.length >= 3 ? events : undefined;
    });
    const [first, ...again] = opened;
    expect(first!.reopened).toBeUndefined();
    expect(again.every((event) => event.reopened === true)).toBe(true);
    const closes = opened.map((event) => Date.parse(event.closesAt));
    // Each window starts when the one before ended: at least a window later each time.
    for (let k = 1; k < closes.length; k++) {
      expect(closes[k]! - closes[k - 1]!).toBeGreaterThanOrEqual(WINDOW_MS);
    }

    const row = await db.round.findUniqueOrThrow({ where: { id: round.id } });
    expect(row.phase).toBe("betting");
    expect(row.bettingClosesAt.getTime()).toBeGreaterThanOrEqual(closes[closes.length - 1]!);
    expect(row.cards).toEqual([]);
    expect(row.closedAt).toBeNull();
    const shoeAfter = await openShoe();
    expect(shoeAfter.id).toBe(shoeBefore.id);
    expect(shoeAfter.position).toBe(shoeBefore.position);
    expect(
      await db.tableEvent.count({
        where: { roundId: round.id, type: { in: ["round.closed", "card.dealt"] } },
      }),
    ).toBe(0);
    // The same round, still: no other was opened meanwhile.
    expect(await db.round.count({ where: { tableId, phase: { not: "betting" } } })).toBe(0);
  });

  it("is dealt and settled once a bet comes", async () => {
    const round = await bettingRound();
    const player = await newPlayer(db);
    await sit(db, { playerId: player, tableId, seat: 3 });
    const requestId = randomUUID();
    // A bet that lands between the window's end and its restart is refused: sent again, the same
    // request, it is placed once.
    await until("the bet placed", async () => {
      try {
        await desk.place({
          playerId: player,
          roundId: round.id,
          requestId,
          bets: [{ bet: "main", seat: 3, amount: 1_000 }],
        });
        return true;
      } catch (error) {
        if (error instanceof FudaError && error.code === "BETTING_CLOSED") return undefined;
        throw error;
      }
    });
    const settled = await until(
      "the round settled",
      async () => {
        const row = await db.round.findUniqueOrThrow({ where: { id: round.id } });
        return row.phase === "settled" ? row : undefined;
      },
      20_000,
    );
    expect(settled.cards.length).toBeGreaterThanOrEqual(4);
    const bets = await db.bet.findMany({ where: { roundId: round.id } });
    expect(bets.map((bet) => [bet.playerId, bet.status])).toEqual([[player, "settled"]]);
    expect(await db.tableEvent.count({ where: { roundId: round.id, type: "round.closed" } })).toBe(
      1,
    );
  });

  it("frees a seat asked to leave once its bet is undone: the window starts again with no bet in play", async () => {
    const round = await bettingRound();
    const player = await newPlayer(db);
    await sit(db, { playerId: player, tableId, seat: 5 });
    // All in one fresh window, so that the bet is undone before it ends.
    const windows = (await reopenings(round.id)).length;
    await until("a window started again", async () =>
      (await reopenings(round.id)).length > windows ? true : undefined,
    );
    await until("the bet placed", async () => {
      await desk.place({
        playerId: player,
        roundId: round.id,
        requestId: `leave-${round.id}`,
        bets: [{ bet: "main", seat: 5, amount: 1_000 }],
      });
      return true;
    });
    expect(await leave(db, { playerId: player, tableId, seat: 5 })).toEqual({
      seat: 5,
      left: false,
    });
    await desk.undo({ playerId: player, roundId: round.id });
    await until("the seat freed", async () =>
      (await db.seat.count({ where: { tableId, seat: 5 } })) === 0 ? true : undefined,
    );
    const row = await db.round.findUniqueOrThrow({ where: { id: round.id } });
    expect(row.phase).toBe("betting");
    expect(row.cards).toEqual([]);
  });

  it("is cancelled when the operator pauses the table while it waits; none opens until the table is open again", async () => {
    const round = await bettingRound();
    await until("the round waiting", async () =>
      (await reopenings(round.id)).length >= 2 ? true : undefined,
    );
    const shoeBefore = await openShoe();
    await db.table.update({ where: { id: tableId }, data: { status: "PAUSED" } });
    const cancelled = await until("the waiting round cancelled", async () => {
      const row = await db.round.findUniqueOrThrow({ where: { id: round.id } });
      return row.phase === "cancelled" ? row : undefined;
    });
    expect(cancelled.cards).toEqual([]);
    const event = await db.tableEvent.findFirstOrThrow({
      where: { roundId: round.id, type: "round.cancelled" },
    });
    expect(event.payload).toMatchObject({
      refunds: 0,
      reason: "table paused while waiting for a bet",
    });
    expect((await openShoe()).position).toBe(shoeBefore.position);
    // Several windows and dealer steps later (the claim pass reads the paused table every 100 ms here), still
    // no round: every loop of the dealer (its tables', its claims') asleep, then time moved on.
    await clock.asleep(dealer.owned().length + 1);
    await clock.advance(3_000);
    expect(await db.round.count({ where: { tableId, phase: "betting" } })).toBe(0);

    await db.table.update({ where: { id: tableId }, data: { status: "OPEN" } });
    const next = await bettingRound();
    expect(next.number).toBeGreaterThan(round.number);
  });
});
