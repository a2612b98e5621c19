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
import type { Card, ShoeJson } from "@fuda/shoe";
import { blackjackShoe, parseCard, verifyShoe } from "@fuda/shoe";

import { act, auditLiveTables, createBetDesk, sit } from "../src";
import type { BetDesk } from "../src";
import { closeRound, dealerSteps, newPlayer, openNextRound, stackShoe } from "./fixtures";

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
    expect((row.state as unknown as ShoeJson).cutIndex).toBe(stack.length - 1);

    const second = await stackShoe(db, SLUG, [...blackjackShoe(1, 1)]);
    const ended = await db.shoe.findUniqueOrThrow({ where: { id: first.shoeId } });
    expect(ended.endedAt).not.toBeNull();
    expect(verifyShoe(row.commitment, ended.reveal as { salt: string; cards: string })).toEqual({
      ok: true,
    });
    const next = await db.shoe.findUniqueOrThrow({ where: { id: second.shoeId } });
    // Joker blackjack's cut card: 78 cards from the end (53 cards here, so 78 does not fit).
    expect((next.state as unknown as ShoeJson).cutIndex).toBe(52);
    const long = await stackShoe(db, SLUG, [...blackjackShoe(2, 1)]);
    const longRow = await db.shoe.findUniqueOrThrow({ where: { id: long.shoeId } });
    expect((longRow.state as unknown as ShoeJson).cutIndex).toBe(105 - 78);

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
