import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { FudaError } from "@fuda/errors";
import { parseCardCode } from "@fuda/shoe";

import { until } from "@fuda/testkit";

import type { BetDesk, Dealer } from "../src";
import {
  act,
  createBetDesk,
  silentLog,
  sit,
  startDealer,
  correctRound,
  studioCard,
  studioClose,
  studioMistake,
  studioNewShoe,
  studioOpen,
  studioState,
  studioTakeBack,
} from "../src";
import { newPlayer } from "./fixtures";
import { failure } from "./helpers";

let requests = 0;
const requestId = () => `r${++requests}`;

describe("studio dealing: a dealer deals a baccarat table from a physical shoe", () => {
  let database: TestDatabase;
  let db: Db;
  let tableId: string;
  const dealerId = "dealer-1";
  const call = () => ({ dealerId, tableId, consoleId: "console-a", requestId: requestId() });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await seed(db);
    tableId = (await db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } })).id;
    await db.table.update({ where: { id: tableId }, data: { dealing: "studio" } });
    for (const id of [dealerId, "dealer-2"]) {
      await db.user.create({
        data: { id, name: id, email: `${id}@studio.test`, role: "dealer" },
      });
    }
    await db.tableDealer.create({ data: { tableId, dealerId, assignedBy: "admin" } });
  });
  afterAll(async () => {
    await database.drop();
  });

  const rule = async (promise: Promise<unknown>): Promise<unknown> => {
    const error = await failure(promise);
    expect(error).toBeInstanceOf(FudaError);
    return (error as FudaError).details.rule;
  };

  it("deals a round the console names card by card, refuses what the shoe cannot hold, takes a card back", async () => {
    let state = await studioState(db, call());
    expect(state.next.kind).toBe("firstCard");
    expect(state.console.mine).toBe(true);
    expect(await rule(studioOpen(db, call()))).toBe("NOT_NOW");

    const first = await studioCard(db, { ...call(), card: "3s" });
    expect(first).toMatchObject({ card: "3S", position: "first-card", index: 0 });
    expect(first.state.shoe).toMatchObject({ firstCard: "3S", burnCount: 3, position: 4 });
    expect(first.state.next.kind).toBe("open");

    state = await studioOpen(db, call());
    expect(state.round).toMatchObject({ number: 1, phase: "betting" });
    expect(state.next.kind).toBe("close");
    expect(await rule(studioCard(db, { ...call(), card: "2S" }))).toBe("NO_CARD_EXPECTED");

    state = await studioClose(db, call());
    expect(state.next).toMatchObject({ kind: "card", position: "player-1", index: 4 });

    // A scan that is no card changes nothing; nor does a joker at baccarat.
    expect(await rule(studioCard(db, { ...call(), card: "ZZ" }))).toBe("UNREADABLE_CARD");
    expect(await rule(studioCard(db, { ...call(), card: "JK" }))).toBe("CARD_NOT_IN_SHOE");
    expect((await studioState(db, call())).round?.cards).toEqual([]);

    const positions: string[] = [];
    for (const code of ["2S", "4D", "3H", "KC"]) {
      positions.push((await studioCard(db, { ...call(), card: code })).position);
    }
    // A mistyped third card, taken back before the next one.
    const wrong = await studioCard(db, { ...call(), card: "2H" });
    expect(wrong.state.takeBack).toEqual({ position: "player-3", card: "2H" });
    state = await studioTakeBack(db, call());
    expect(state.round?.cards.map((shown) => shown.card)).toEqual(["2S", "4D", "3H", "KC"]);
    expect(state.next).toMatchObject({ kind: "card", position: "player-3" });
    const events = await db.tableEvent.findMany({ where: { tableId, type: "card.withdrawn" } });
    expect(events).toHaveLength(1);

    for (const code of ["7S", "5H"]) {
      positions.push((await studioCard(db, { ...call(), card: code })).position);
    }
    expect(positions).toEqual([
      "player-1",
      "banker-1",
      "player-2",
      "banker-2",
      "player-3",
      "banker-3",
    ]);
    state = await studioState(db, call());
    expect(state.round).toBeNull();
    expect(state.lastResult?.outcome).toMatchObject({ winner: "banker" });
    expect(state.next.kind).toBe("open");
    expect(await rule(studioCard(db, { ...call(), card: "2C" }))).toBe("NO_CARD_EXPECTED");

    // Eight A♠ in eight decks, and no ninth.
    const round = await db.round.findFirstOrThrow({
      where: { tableId },
      orderBy: { openedAt: "desc" },
    });
    expect(round.phase).toBe("settled");
    expect(round.cards).toHaveLength(6);

    // Every action is on record with the dealer's id, refusals included.
    const log = await db.studioAction.findMany({ where: { tableId }, orderBy: { id: "asc" } });
    expect(log.every((entry) => entry.dealerId === dealerId)).toBe(true);
    expect(log.map((entry) => entry.action)).toContain("takeBack");
    expect(
      log.filter((entry) => (entry.detail as { refused?: string }).refused !== undefined).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it("the same request again enters the card once", async () => {
    await studioOpen(db, call());
    await studioClose(db, call());
    const same = call();
    const once = await studioCard(db, { ...same, card: "AS" });
    const twice = await studioCard(db, { ...same, card: "AS" });
    expect(twice).toMatchObject({ card: "AS", index: once.index, replayed: true });
    expect(twice.state.round?.cards).toHaveLength(1);
  });

  it("a second console and a dealer of another table are refused", async () => {
    expect(await rule(studioState(db, { dealerId, tableId, consoleId: "console-b" }))).toBe(
      "CONSOLE_TAKEN",
    );
    expect(await rule(studioState(db, { dealerId: "dealer-2", tableId }))).toBe("NOT_YOUR_TABLE");
    expect(await rule(studioState(db, { dealerId: "dealer-2", tableId: "not-a-uuid" }))).toBe(
      "NOT_YOUR_TABLE",
    );
  });

  it("a new shoe between rounds publishes the recorded order", async () => {
    for (const code of ["AD", "2D", "3D", "KD", "QD", "JD"]) {
      const state = (await studioState(db, call())).next;
      if (state.kind !== "card") break;
      await studioCard(db, { ...call(), card: code });
    }
    const state = await studioNewShoe(db, call());
    expect(state.shoe).toBeNull();
    expect(state.next.kind).toBe("firstCard");
    const ended = await db.tableEvent.findFirstOrThrow({ where: { tableId, type: "shoe.ended" } });
    const reveal = (ended.payload as { reveal: { cards: string } }).reveal.cards;
    // The first card, three burns never entered, then the cards as dealt.
    expect(reveal.slice(0, 2 * 6)).toBe("03ffffff0224");
  });
});

describe("studio dealing: Pok Deng", () => {
  let database: TestDatabase;
  let db: Db;
  let tableId: string;
  let desk: BetDesk;
  const dealerId = "dealer-pd";
  const call = () => ({ dealerId, tableId, requestId: requestId() });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await seed(db);
    tableId = (await db.table.findUniqueOrThrow({ where: { slug: "pok-deng" } })).id;
    await db.table.update({
      where: { id: tableId },
      data: { dealing: "studio", settings: { enterBurns: true } },
    });
    await db.user.create({
      data: { id: dealerId, name: "D", email: "pd@studio.test", role: "dealer" },
    });
    await db.tableDealer.create({ data: { tableId, dealerId, assignedBy: "admin" } });
    desk = createBetDesk({ db });
  });
  afterAll(async () => {
    await desk.close();
    await database.drop();
  });

  it("enters the burns, deals the twelve cards in the game's order and settles a seat by the rule book", async () => {
    const first = await studioCard(db, { ...call(), card: "2H" });
    expect(first.state.next).toMatchObject({ kind: "burn", burn: { done: 0, of: 2 }, index: 1 });
    await studioCard(db, { ...call(), card: "KD" });
    expect((await studioState(db, call())).next.burn).toEqual({ done: 1, of: 2 });
    await studioCard(db, { ...call(), card: "QD" });
    const opened = await studioOpen(db, call());
    const roundId = opened.round!.id;
    const player = await newPlayer(db);
    await desk.place({
      playerId: player,
      roundId,
      requestId: requestId(),
      bets: [{ bet: "seat", seat: 1, amount: 1_000 }],
    });
    await studioClose(db, call());
    // Seat 1: 9♠ + K♠ = 9 (a pok); every other hand and the Banker: 2 + 3 = 5.
    const order: string[] = [];
    const cards = [
      "9S",
      "KS",
      ...Array.from({ length: 10 }, (_, k) => (k % 2 === 0 ? "2C" : "3C")),
    ];
    for (const card of cards) {
      order.push((await studioCard(db, { ...call(), card })).position);
    }
    expect(order.slice(0, 2)).toEqual(["seat-1-1", "seat-1-2"]);
    expect(order.slice(-2)).toEqual(["banker-1", "banker-2"]);
    const round = await db.round.findUniqueOrThrow({ where: { id: roundId } });
    expect(round.phase).toBe("settled");
    const [bet] = await db.bet.findMany({ where: { roundId } });
    // A pok beats the Banker's 5 and pays 1 to 1 (docs/rules/pok-deng.md).
    expect(Number(bet!.returned)).toBeGreaterThan(1_000);
    const shoe = await db.shoe.findFirstOrThrow({ where: { tableId } });
    expect(Array.from(shoe.cards.subarray(0, 3))).toEqual(
      ["2H", "KD", "QD"].map((code) => parseCardCode(code)),
    );
  });
});

describe("studio dealing: joker blackjack, the dealer deals to the seat the console names", () => {
  let database: TestDatabase;
  let db: Db;
  let tableId: string;
  let desk: BetDesk;
  let dealer: Dealer;
  const dealerId = "dealer-jb";
  const call = () => ({ dealerId, tableId, requestId: requestId() });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await seed(db);
    tableId = (await db.table.findUniqueOrThrow({ where: { slug: "joker-blackjack" } })).id;
    await db.table.updateMany({ where: { id: { not: tableId } }, data: { status: "PAUSED" } });
    await db.table.update({ where: { id: tableId }, data: { dealing: "studio" } });
    await db.user.create({
      data: { id: dealerId, name: "D", email: "d@studio.test", role: "dealer" },
    });
    await db.tableDealer.create({ data: { tableId, dealerId, assignedBy: "admin" } });
    desk = createBetDesk({ db });
    dealer = startDealer({
      db,
      connectionString: database.url,
      timing: { dealDelayMs: 0, resultPauseMs: 0, bettingWindowMs: () => 60_000 },
      claimIntervalMs: 100,
      log: silentLog,
    });
    // The dealer's first step at a table it takes cancels a round found betting (recovery).
    await until("the dealer at the table", () =>
      Promise.resolve(dealer.owned().includes(tableId) ? true : undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
  });
  afterAll(async () => {
    await dealer.stop();
    await desk.close();
    await database.drop();
  });

  it("a player hits and stands; the dealer's cards go where the engine says; settled once", async () => {
    const player = await newPlayer(db);
    await sit(db, { tableId, seat: 3, playerId: player });
    let state = await studioState(db, call());
    expect(state.next.kind).toBe("open");
    state = await studioOpen(db, call());
    const roundId = state.round!.id;
    await desk.place({
      playerId: player,
      roundId,
      requestId: requestId(),
      bets: [{ bet: "main", seat: 3, amount: 1_000 }],
    });
    await studioClose(db, call());
    const positions: (string | null)[] = [];
    for (const code of ["5S", "9H", "6D"]) {
      positions.push((await studioState(db, call())).next.position);
      await studioCard(db, { ...call(), card: code });
    }
    // The hole card, dealt face down, is not read until it is turned: it is entered then.
    expect(positions).toEqual(["seat-3.1-1", "dealer-1", "seat-3.1-2"]);
    state = await until("seat 3's turn", async () => {
      const now = await studioState(db, call());
      return now.next.kind === "player" ? now : undefined;
    });
    expect(state.next.decision).toMatchObject({ seat: 3 });

    await act(db, { playerId: player, roundId, seat: 3, action: "hit", requestId: requestId() });
    state = await studioState(db, call());
    expect(state.next).toMatchObject({
      kind: "card",
      action: { seat: 3, action: "hit" },
      position: "seat-3.1-3",
    });
    await studioCard(db, { ...call(), card: "9S" });
    await until("seat 3's turn again", async () =>
      (await studioState(db, call())).next.kind === "player" ? true : undefined,
    );
    await act(db, { playerId: player, roundId, seat: 3, action: "stand", requestId: requestId() });
    await until("the hole card", async () => {
      const now = await studioState(db, call());
      return now.next.position === "dealer-2" ? now : undefined;
    });
    await studioCard(db, { ...call(), card: "7C" });
    await until("the dealer's draw", async () => {
      const now = await studioState(db, call());
      return now.next.position === "dealer-3" ? now : undefined;
    });
    await studioCard(db, { ...call(), card: "TS" });
    const settled = await until("the round settled", async () => {
      const round = await db.round.findUniqueOrThrow({ where: { id: roundId } });
      return round.phase === "settled" ? round : undefined;
    });
    expect(settled.cards.length).toBeGreaterThanOrEqual(6);
    const bets = await db.bet.findMany({ where: { roundId } });
    expect(bets.map((bet) => [bet.status, Number(bet.returned)])).toEqual([["settled", 2_000]]);
    expect(await db.ledgerTransfer.count({ where: { roundId, kind: "settle" } })).toBe(1);
  });

  it("a rewind the dealer reports and an operator confirms burns the card and plays on", async () => {
    const player = await newPlayer(db);
    await sit(db, { tableId, seat: 5, playerId: player });
    const opened = await studioOpen(db, call());
    const roundId = opened.round!.id;
    await desk.place({
      playerId: player,
      roundId,
      requestId: requestId(),
      bets: [{ bet: "main", seat: 5, amount: 1_000 }],
    });
    await studioClose(db, call());
    for (const code of ["8H", "7D", "9C"]) await studioCard(db, { ...call(), card: code });
    await until("seat 5's turn", async () =>
      (await studioState(db, call())).next.kind === "player" ? true : undefined,
    );
    await act(db, { playerId: player, roundId, seat: 5, action: "hit", requestId: requestId() });
    await studioCard(db, { ...call(), card: "4S" });
    // The card was dealt to the wrong hand: the dealer reports it, an operator rewinds.
    await studioMistake(db, {
      ...call(),
      kind: "rewind",
      toStep: 1,
      reason: "hit card to the wrong seat",
    });
    const report = await db.studioAction.findFirstOrThrow({
      where: { roundId, action: "mistake" },
    });
    expect(report).toMatchObject({ dealerId, detail: { kind: "rewind", toStep: 1 } });
    const corrected = await correctRound(db, {
      operatorId: "pit-boss",
      roundId,
      type: "rewind",
      toStep: 1,
      reason: "confirmed: the dealer's report",
    });
    expect(corrected.burned).toEqual([parseCardCode("4S")]);
    await until("seat 5's turn again", async () =>
      (await studioState(db, call())).next.kind === "player" ? true : undefined,
    );
    await act(db, { playerId: player, roundId, seat: 5, action: "stand", requestId: requestId() });
    for (const [position, code] of [
      ["dealer-2", "8S"],
      ["dealer-3", "9D"],
    ] as const) {
      await until(position, async () =>
        (await studioState(db, call())).next.position === position ? true : undefined,
      );
      await studioCard(db, { ...call(), card: code });
    }
    await until("the round settled", async () =>
      (await db.round.findUniqueOrThrow({ where: { id: roundId } })).phase === "settled"
        ? true
        : undefined,
    );
    const bets = await db.bet.findMany({ where: { roundId } });
    // 17 stands against the dealer's 7 + 8 + 9 = 24: the seat wins.
    expect(bets.map((bet) => [bet.status, Number(bet.returned)])).toEqual([["settled", 2_000]]);
  });
});
