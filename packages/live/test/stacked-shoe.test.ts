/**
 * The seated-play fixtures themselves: a stacked shoe is a shoe like the dealer's own (committed,
 * announced, revealed when it ends, its cut card placed) and the dealer's steps deal exactly its
 * cards, so the scripted rounds of the API's tests test the runtime, not the fixture.
 */
import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import type { Card } from "@fuda/shoe";
import { blackjackShoe, HmacDrbg, parseCard, shoeJsonOf, verifyShoe } from "@fuda/shoe";

import { act, auditLiveTables, createBetDesk, definitionOf, sit } from "../src";
import type { BetDesk } from "../src";
import { TableNotOpenError } from "../src/dealer-rows";
import { startShoe } from "../src/dealer-shoe";
import { openRound } from "../src/dealer-steps";
import {
  closeRound,
  dealerSteps,
  newPlayer,
  openNextRound,
  stackShoe,
  stackShoeBetweenRounds,
} from "./fixtures";

let database: TestDatabase;
let db: Db;
let desk: BetDesk;
let tableId: string;
const SLUG = "joker-blackjack";

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  desk = createBetDesk({ db });
  await seed(db);
  tableId = (await db.table.findUniqueOrThrow({ where: { slug: SLUG } })).id;
});
afterAll(async () => {
  await desk.close();
  await database.drop();
});

const cards = (text: string): Card[] => text.split(" ").map(parseCard);

const shoeEvents = () =>
  db.tableEvent.findMany({
    where: { tableId, type: { in: ["shoe.started", "shoe.ended"] } },
    orderBy: { id: "asc" },
  });

describe("stackShoe", () => {
  it("makes the table's next shoe exactly the stack, committed and announced; the shoe it replaces ends with a reveal that verifies", async () => {
    const stack = cards("9H 7D TC 8S 2C");
    const first = await stackShoe(db, SLUG, stack);
    const row = await db.shoe.findUniqueOrThrow({ where: { id: first.shoeId } });
    expect([...row.cards]).toEqual(stack);
    expect(row).toMatchObject({ position: 0, endedAt: null, firstBurn: null });
    // Shorter than the game's cut-card distance: the cut card lies before the last card.
    expect(shoeJsonOf(row.state).cutIndex).toBe(stack.length - 1);

    const second = await stackShoe(db, SLUG, [...blackjackShoe(1, 1)]);
    const ended = await db.shoe.findUniqueOrThrow({ where: { id: first.shoeId } });
    expect(ended.endedAt).not.toBeNull();
    expect(verifyShoe(row.commitment, ended.reveal as { salt: string; cards: string })).toEqual({
      ok: true,
    });
    const next = await db.shoe.findUniqueOrThrow({ where: { id: second.shoeId } });
    // Joker blackjack's cut card: 78 cards from the end (53 cards here, so 78 does not fit).
    expect(shoeJsonOf(next.state).cutIndex).toBe(52);
    const long = await stackShoe(db, SLUG, [...blackjackShoe(2, 1)]);
    const longRow = await db.shoe.findUniqueOrThrow({ where: { id: long.shoeId } });
    expect(shoeJsonOf(longRow.state).cutIndex).toBe(105 - 78);

    const events = (await shoeEvents()).slice(-5);
    expect(
      events.map((event) => [event.type, (event.payload as { shoeId: string }).shoeId]),
    ).toEqual([
      ["shoe.started", first.shoeId],
      ["shoe.ended", first.shoeId],
      ["shoe.started", second.shoeId],
      ["shoe.ended", second.shoeId],
      ["shoe.started", long.shoeId],
    ]);
    expect(events[0]!.payload).toMatchObject({
      commitment: row.commitment,
      cardCount: 5,
      burn: null,
    });
  });

  it("the dealer's steps deal the stacked cards in order; a round in play cannot be stacked under", async () => {
    const player = await newPlayer(db);
    await sit(db, { playerId: player, tableId, seat: 2 });
    // Seat 2 holds 9H 7D against the dealer's TC (hole 8S): a stand, then 18 beats 16.
    const stack = cards("9H TC 7D 8S 2C");
    await stackShoe(db, SLUG, stack);
    const round = await openNextRound(db, SLUG);
    await desk.place({
      playerId: player,
      roundId: round.id,
      requestId: randomUUID(),
      bets: [{ bet: "main", seat: 2, amount: 1_000 }],
    });
    await expect(stackShoe(db, SLUG, stack)).rejects.toThrow(/has a round in play/);
    await closeRound(db, round.id);
    const waiting = await dealerSteps(db, round.id);
    expect(waiting.phase).toBe("dealing");
    expect(waiting.state.cards).toEqual(stack.slice(0, 3));
    await act(db, {
      playerId: player,
      roundId: round.id,
      seat: 2,
      action: "stand",
      requestId: "s",
    });
    const settled = await dealerSteps(db, round.id);
    expect(settled.phase).toBe("settled");
    expect(settled.state.cards).toEqual(stack.slice(0, 4));
    const bet = await db.bet.findFirstOrThrow({ where: { roundId: round.id } });
    expect(Number(bet.returned)).toBe(0);
    expect(await auditLiveTables(db)).toEqual([]);
  });
});

describe("a pause before the dealer's step commits", () => {
  it("stops the step that read the table open: it opens no shoe and no round, so a shoe stacked after the pause is the next one dealt", async () => {
    // The dealer's step read the table open; the pause and the stack come before its writes.
    const table = await db.table.findUniqueOrThrow({ where: { slug: SLUG } });
    expect(table.status).toBe("OPEN");
    const definition = definitionOf(table)!;
    const stack = cards("9H TC 7D 8S 2C");
    const { shoeId } = await stackShoeBetweenRounds(db, SLUG, stack);
    expect((await db.table.findUniqueOrThrow({ where: { slug: SLUG } })).status).toBe("PAUSED");
    await expect(
      startShoe(db, table, definition, new HmacDrbg({ serverSeed: "0a0b0c" })),
    ).rejects.toThrow(TableNotOpenError);
    const stacked = await db.shoe.findUniqueOrThrow({ where: { id: shoeId } });
    const shoeRow = {
      id: stacked.id,
      state: shoeJsonOf(stacked.state),
      position: stacked.position,
      road: [],
    };
    await expect(
      openRound(db, table, definition, shoeRow, new Date(Date.now() + 60_000), {
        whileOpen: true,
      }),
    ).rejects.toThrow(TableNotOpenError);
    const open = await db.shoe.findMany({ where: { tableId, endedAt: null } });
    expect(open.map(({ id }) => id)).toEqual([shoeId]);
    expect(await db.round.count({ where: { tableId, shoeId } })).toBe(0);
    // Reopened, the next round is the stack's.
    await db.table.update({ where: { id: tableId }, data: { status: "OPEN" } });
    const round = await openNextRound(db, SLUG);
    expect(round.shoeId).toBe(shoeId);
  });
});
