import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db, Table } from "@fuda/db";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { EventHub, NewEvent, TableEvent } from "@fuda/live";
import { appendEvents, createEventHub, definitionOf, silentLog } from "@fuda/live";
import { tableEventSchema } from "@fuda/contracts";
import type { LiveRound } from "@fuda/rules";
import { burnFirstCard, DEFAULT_CUT_CARD, HmacDrbg, newShoe, shoeToJson } from "@fuda/shoe";

import type { Actor, Context, LobbyTable } from "../src";
import { appRouter, createCallerFactory } from "../src";
import { sample } from "./telemetry";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let hub: EventHub;
let baccarat: Table;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seed(db);
  baccarat = await db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } });
  hub = createEventHub({ db, connectionString: database.url, log: silentLog });
});
afterAll(async () => {
  await hub.close();
  await database.drop();
});

const desk = {
  place: () => Promise.reject(new Error("no bets here")),
  undo: () => Promise.reject(new Error("no bets here")),
  close: () => Promise.resolve(),
};
const caller = (actor: Actor = { kind: "anonymous" }) =>
  createCallerFactory(appRouter)((): Context => ({ db, actor, live: { desk, hub } }));

/**
 * What the dealer would have persisted: a shoe after its first-card burn and a round `steps`
 * cards into its deal. Returns the secret order too, to prove none of it leaks.
 */
async function dealtRound(table: Table, steps: number) {
  const definition = definitionOf(table)!;
  const shoe = newShoe({
    cards: definition.shoeCards(),
    rng: new HmacDrbg({ serverSeed: Buffer.from(`shoe-${table.slug}`).toString("hex") }),
    cutCard: DEFAULT_CUT_CARD,
  });
  const firstBurn = burnFirstCard(shoe);
  let round: LiveRound = definition.startRound(shoe);
  for (let i = 0; i < steps; i += 1) round = definition.dealerStep(shoe, round).round;
  const json = shoeToJson(shoe);
  const stored = await db.shoe.create({
    data: {
      tableId: table.id,
      commitment: "c0ffee",
      cards: Buffer.from(shoe.cards),
      state: JSON.parse(JSON.stringify(json)) as object,
      position: shoe.position,
      burned: [],
      firstBurn: JSON.parse(JSON.stringify(firstBurn)) as object,
      road: [],
    },
  });
  const row = await db.round.create({
    data: {
      tableId: table.id,
      shoeId: stored.id,
      number: round.number,
      phase: steps === 0 ? "betting" : "dealing",
      bettingClosesAt: new Date(Date.now() + 15_000),
      state: JSON.parse(JSON.stringify(round)) as object,
      cards: [...round.cards],
    },
  });
  return { shoe, round, row, stored, json };
}

describe("tables.get", () => {
  it("shows the round's revealed cards only, the shoe's public face and the event id to stream from", async () => {
    const { shoe, round, row, stored } = await dealtRound(baccarat, 3);
    await db.$transaction((tx) =>
      appendEvents(tx, [
        {
          tableId: baccarat.id,
          roundId: row.id,
          type: "bets.totals",
          payload: { roundId: row.id, number: row.number, stakes: {}, bettors: 0 },
        },
      ]),
    );
    const [newest] = await db.$queryRaw<{ id: bigint }[]>`SELECT max(id) AS id FROM table_events`;

    const detail = await caller().tables.get({ slug: "baccarat-a" });
    expect(detail.table.slug).toBe("baccarat-a");
    expect(detail.round).toMatchObject({ id: row.id, number: 1, phase: "dealing" });
    // Exactly the cards the round row says were revealed, in reveal order; none of the shoe's next.
    expect(detail.round!.cards.map((c) => c.card)).toEqual(row.cards);
    expect(detail.round!.cards).toHaveLength(3);
    expect(round.cards).toEqual(row.cards);
    expect(detail.round!.betsOffered).toContain("banker");
    expect(detail.shoe).toMatchObject({
      id: stored.id,
      commitment: "c0ffee",
      cardsLeft: shoe.cards.length - shoe.position,
      roundsDealt: 0,
    });
    expect(detail.lastEventId).toBe(newest!.id.toString());
    // Nothing of the secret shoe: no state, no order, no salt.
    const text = JSON.stringify(detail);
    expect(text).not.toMatch(/salt|"state"|"cards":\[\d+(,\d+){10,}\]/);
    const unrevealed = Array.from(shoe.cards.subarray(shoe.position, shoe.position + 4));
    expect(detail.round!.cards.map((c) => c.card)).not.toEqual(
      expect.arrayContaining([...row.cards, ...unrevealed]),
    );
  });

  it("a joker blackjack round waits for a bet once its window started again with none, until a bet comes", async () => {
    const jokerBlackjack = await db.table.findUniqueOrThrow({ where: { slug: "joker-blackjack" } });
    const { row } = await dealtRound(jokerBlackjack, 0);
    const waiting = async () =>
      (await caller().tables.get({ slug: "joker-blackjack" })).round!.waitingForBet;
    const opened = (reopened: boolean) =>
      db.$transaction((tx) =>
        appendEvents(tx, [
          {
            tableId: jokerBlackjack.id,
            roundId: row.id,
            type: "round.opened",
            payload: { ...openedPayload(row), ...(reopened ? { reopened } : {}) },
          },
        ]),
      );
    await opened(false);
    expect(await waiting()).toBe(false);

    await opened(true);
    expect(await waiting()).toBe(true);

    const player = "player-waiting";
    await db.user.create({ data: { id: player, name: player, email: `${player}@test.fuda` } });
    await db.bet.create({
      data: {
        roundId: row.id,
        playerId: player,
        slipId: randomUUID(),
        requestId: "first",
        line: 0,
        bet: "seat",
        seat: 1,
        stake: 1_000n,
        reserved: 1_000n,
      },
    });
    expect(await waiting()).toBe(false);
  });

  it("a round of a table dealt bet on or not never waits for a bet", async () => {
    const baccaratB = await db.table.findUniqueOrThrow({ where: { slug: "baccarat-b" } });
    const { row } = await dealtRound(baccaratB, 0);
    await db.$transaction((tx) =>
      appendEvents(tx, [
        {
          tableId: baccaratB.id,
          roundId: row.id,
          type: "round.opened",
          payload: { ...openedPayload(row), reopened: true },
        },
      ]),
    );
    const detail = await caller().tables.get({ slug: "baccarat-b" });
    expect(detail.round).toMatchObject({ id: row.id, phase: "betting", waitingForBet: false });
  });

  it("an unknown slug is NOT_FOUND naming the slug", async () => {
    await expect(caller().tables.get({ slug: "nope" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: 'slug: no table "nope"',
    });
  });
});

const openedPayload = (row: {
  id: string;
  shoeId: string;
  number: number;
  bettingClosesAt: Date;
}) => ({
  roundId: row.id,
  shoeId: row.shoeId,
  number: row.number,
  closesAt: row.bettingClosesAt.toISOString(),
  betsOffered: [],
});

const take = async <T>(stream: AsyncIterator<T>, count: number): Promise<T[]> => {
  const got: T[] = [];
  while (got.length < count) {
    const next = await Promise.race([stream.next(), sleep(5_000).then(() => undefined)]);
    if (next === undefined || next.done === true) throw new Error(`got ${got.length} of ${count}`);
    got.push(next.value);
  }
  return got;
};

/** An event to append at the test's table. */
type Unplaced<Event = NewEvent> = Event extends NewEvent ? Omit<Event, "tableId"> : never;

/**
 * A value as the caller streams it: tRPC's tracked envelope `[id, event]` (its types say
 * `{ id, data }`, the shape a client receives over the wire), the event parsed by the contract.
 */
function trackedEvent(value: unknown): [string, TableEvent] {
  if (!Array.isArray(value)) throw new Error(`not a tracked envelope: ${String(value)}`);
  const id: unknown = value[0];
  const event: unknown = value[1];
  if (typeof id !== "string")
    throw new Error(`a tracked envelope's id is a string, not ${typeof id}`);
  return [id, tableEventSchema.parse(event)];
}

/** A streamed event's round number (each test event's is its sequence number). */
const numberOf = (value: unknown): number | null => {
  const [, event] = trackedEvent(value);
  return "number" in event.payload ? event.payload.number : null;
};

describe("tables.events", () => {
  const append = (events: Unplaced[]) =>
    db.$transaction((tx) =>
      appendEvents(
        tx,
        events.map((e) => ({ tableId: baccarat.id, ...e })),
      ),
    );

  it("streams a table's events with their ids, a player's private settlement only to that player, and resumes from lastEventId", async () => {
    const { lastEventId } = await caller().tables.get({ slug: "baccarat-a" });
    const idle = await sample("fuda_sse_subscribers", { stream: "tables.events" });
    const alice = (
      await caller({ kind: "player", userId: "alice" }).tables.events({
        slug: "baccarat-a",
        lastEventId,
      })
    )[Symbol.asyncIterator]();
    const anonymous = (await caller().tables.events({ slug: "baccarat-a", lastEventId }))[
      Symbol.asyncIterator
    ]();
    // Each event's round number is the test's sequence number.
    const ofRound = (n: number) => ({ roundId: randomUUID(), number: n });
    const own = (n: number) => ({ ...ofRound(n), bets: [], returned: 0, balance: null });
    await append([
      { type: "round.result", payload: { ...ofRound(1), outcome: null, roadMark: null } },
      { type: "round.settled", playerId: "alice", payload: own(2) },
      { type: "round.settled", playerId: "bob", payload: own(3) },
      {
        type: "round.settled",
        payload: { ...ofRound(4), bets: 0, bettors: 0, staked: 0, returned: 0 },
      },
    ]);
    // Each value is tRPC's tracked envelope: [id, event].
    const seen = await take(alice, 3);
    expect(seen.map(numberOf)).toEqual([1, 2, 4]);
    for (const [id, event] of seen.map(trackedEvent)) expect(id).toBe(event.id);
    const public_ = await take(anonymous, 2);
    expect(public_.map(numberOf)).toEqual([1, 4]);
    // Both streams open: each counts as an open subscriber until it ends.
    expect(await sample("fuda_sse_subscribers", { stream: "tables.events" })).toBe(idle + 2);
    await alice.return?.();
    await anonymous.return?.();
    expect(await sample("fuda_sse_subscribers", { stream: "tables.events" })).toBe(idle);

    // Reconnecting with the id of the first event: the two after it, once each.
    const resumed = (
      await caller({ kind: "player", userId: "alice" }).tables.events({
        slug: "baccarat-a",
        lastEventId: trackedEvent(seen[0])[0],
      })
    )[Symbol.asyncIterator]();
    const again = await take(resumed, 2);
    expect(again.map(numberOf)).toEqual([2, 4]);
    await resumed.return?.();
  });

  it("an unknown slug is NOT_FOUND before any stream starts", async () => {
    await expect(caller().tables.events({ slug: "nope" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("tables.multiEvents", () => {
  it("streams several tables' events on one stream in id order, no other table's, and resumes them all from one id", async () => {
    const tableB = await db.table.findUniqueOrThrow({ where: { slug: "baccarat-b" } });
    const pokDeng = await db.table.findUniqueOrThrow({ where: { slug: "pok-deng" } });
    const { lastEventId } = await caller().tables.get({ slug: "baccarat-a" });
    const ofRound = (n: number) => ({ roundId: randomUUID(), number: n });
    const result = (tableId: string, n: number): NewEvent => ({
      tableId,
      type: "round.result",
      payload: { ...ofRound(n), outcome: null, roadMark: null },
    });
    const own = (n: number) => ({ ...ofRound(n), bets: [], returned: 0, balance: null });
    const alice = (
      await caller({ kind: "player", userId: "alice" }).tables.multiEvents({
        slugs: ["baccarat-a", "baccarat-b"],
        lastEventId,
      })
    )[Symbol.asyncIterator]();
    await db.$transaction((tx) =>
      appendEvents(tx, [
        result(baccarat.id, 1),
        result(pokDeng.id, 2),
        result(tableB.id, 3),
        { tableId: tableB.id, type: "round.settled", playerId: "alice", payload: own(4) },
        { tableId: tableB.id, type: "round.settled", playerId: "bob", payload: own(5) },
        result(baccarat.id, 6),
      ]),
    );
    const seen = await take(alice, 4);
    expect(seen.map(numberOf)).toEqual([1, 3, 4, 6]);
    const ids = seen.map((value) => BigInt(trackedEvent(value)[0]));
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
    expect(seen.map((value) => trackedEvent(value)[1].tableId)).toEqual([
      baccarat.id,
      tableB.id,
      tableB.id,
      baccarat.id,
    ]);
    await alice.return?.();

    // The id of the second event seen resumes both tables after it.
    const resumed = (
      await caller({ kind: "player", userId: "alice" }).tables.multiEvents({
        slugs: ["baccarat-a", "baccarat-b"],
        lastEventId: trackedEvent(seen[1])[0],
      })
    )[Symbol.asyncIterator]();
    expect((await take(resumed, 2)).map(numberOf)).toEqual([4, 6]);
    await resumed.return?.();
  });

  it("refuses an unknown table, a table twice, and more than four, before any stream starts", async () => {
    const refusal = (slugs: string[]) =>
      caller()
        .tables.multiEvents({ slugs })
        .then(
          () => ({ code: "none", message: "" }),
          (error: unknown) => error as { code: string; message: string },
        );
    expect(await refusal(["baccarat-a", "nope"])).toMatchObject({
      code: "NOT_FOUND",
      message: 'slugs: no table "nope"',
    });
    const twice = await refusal(["baccarat-a", "baccarat-a"]);
    expect(twice.code).toBe("BAD_REQUEST");
    expect(twice.message).toContain("slugs: each table once");
    const five = await refusal(["a", "b", "c", "d", "e"]);
    expect(five.code).toBe("BAD_REQUEST");
    expect(five.message).toContain("slugs: at most 4 tables on one stream");
  });
});

describe("tables.watch driven by the event hub", () => {
  it("yields the lobby with live summaries at once, then again when a table's event arrives", async () => {
    const pokDeng = await db.table.findUniqueOrThrow({ where: { slug: "pok-deng" } });
    const watching = await sample("fuda_sse_subscribers", { stream: "tables.watch" });
    const stream = (await caller().tables.watch())[Symbol.asyncIterator]();
    const [first] = await take<LobbyTable[]>(stream, 1);
    expect(await sample("fuda_sse_subscribers", { stream: "tables.watch" })).toBe(watching + 1);
    expect(first).toHaveLength(5);
    expect(first!.find((t) => t.slug === "pok-deng")!.live).toMatchObject({ phase: null });

    // The dealer opens a round: its row and its event in one transaction.
    const { row } = await dealtRound(pokDeng, 0);
    await db.$transaction((tx) =>
      appendEvents(tx, [
        {
          tableId: pokDeng.id,
          roundId: row.id,
          type: "round.opened",
          payload: openedPayload(row),
        },
      ]),
    );
    const [second] = await take<LobbyTable[]>(stream, 1);
    expect(second!.find((t) => t.slug === "pok-deng")!.live).toMatchObject({
      roundId: row.id,
      roundNumber: 1,
      phase: "betting",
      closesAt: row.bettingClosesAt.toISOString(),
      players: 0,
    });
    await stream.return?.();
    expect(await sample("fuda_sse_subscribers", { stream: "tables.watch" })).toBe(watching);
  });
});
