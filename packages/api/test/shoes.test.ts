import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import { closeRound, dealerSteps, openNextRound, stackShoe } from "@fuda/live/testing";
import type { Card } from "@fuda/shoe";
import { checkDealtRounds, shoeJsonOf, standardDecks, verifyShoe } from "@fuda/shoe";

import type { ShoeDetail } from "../src";
import { appRouter, createCallerFactory, getShoe } from "../src";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seed(db);
});
afterAll(() => database.drop());

const caller = () => createCallerFactory(appRouter)({ db, actor: { kind: "anonymous" } });

/** Deals the table's next round to the end with the dealer's own steps (no bets). */
async function dealRound(slug: string): Promise<void> {
  const round = await openNextRound(db, slug);
  await closeRound(db, round.id);
  const dealt = await dealerSteps(db, round.id);
  expect(dealt.phase).toBe("settled");
}

const shoeEnded = async (shoeId: string) =>
  (await db.shoe.findUniqueOrThrow({ where: { id: shoeId } })).endedAt !== null;

/** The stack dealt in order: the first 28 cards of a new deck, A♠ first (it burns one more). */
const STACK: Card[] = [...standardDecks(1)].slice(0, 28);

/** Every shown card is the stack's card at its position; the rounds' spans follow each other. */
function expectRoundsFromStack(detail: ShoeDetail): void {
  let next = detail.firstRoundAt;
  for (const round of detail.rounds) {
    expect(round.start, `round ${round.number} start`).toBe(next);
    round.cards.forEach((taken, k) => {
      expect(taken.at).toBe(round.start + k);
      if (taken.kind === "shown") expect(taken.card, `card at ${taken.at}`).toBe(STACK[taken.at]);
      else expect(taken.card).toBeNull();
    });
    next = round.start + round.cards.length;
  }
}

describe("shoes.get", () => {
  it("publishes a baccarat shoe's commitment at once and its reveal only once the shoe has ended", async () => {
    const { shoeId } = await stackShoe(db, "baccarat-a", STACK);
    const stored = await db.shoe.findUniqueOrThrow({ where: { id: shoeId } });
    const salt = shoeJsonOf(stored.state).salt;

    await dealRound("baccarat-a");
    const during = await caller().shoes.get({ shoeId });
    expect(during).toMatchObject({
      id: shoeId,
      table: { slug: "baccarat-a", game: "baccarat" },
      endedAt: null,
      commitment: stored.commitment,
      cardCount: 28,
      firstBurn: { shownCard: STACK[0], burnCount: 1 },
      firstRoundAt: 2,
      reveal: null,
      roundsDealt: 1,
    });
    // Neither the salt nor the order leaks while the shoe is in play.
    const text = JSON.stringify(during);
    expect(text).not.toContain(salt);
    expect(text).not.toContain(Buffer.from(STACK).toString("hex").slice(0, 16));
    expect(during.rounds).toHaveLength(1);
    expectRoundsFromStack(during);

    for (let i = 0; i < 10 && !(await shoeEnded(shoeId)); i++) await dealRound("baccarat-a");
    const after = await caller().shoes.get({ shoeId });
    expect(after.endedAt).not.toBeNull();
    expect(after.reveal).toEqual({ salt, cards: Buffer.from(STACK).toString("hex") });
    expect(verifyShoe(after.commitment, after.reveal!)).toEqual({ ok: true });
    expect(after.rounds.length).toBe(after.roundsDealt);
    expect(after.rounds.length).toBeGreaterThan(1);
    expectRoundsFromStack(after);
    // Baccarat shows every card it takes, as dealt: the rounds check against the reveal.
    const rounds = after.rounds.map((round) => ({
      start: round.start,
      cards: round.cards.map((taken) => taken.card!),
    }));
    expect(checkDealtRounds(after.reveal!, rounds, after.firstRoundAt)).toEqual({ ok: true });
    // The last round took the card before the cut card (one card from the end).
    const last = after.rounds.at(-1)!;
    expect(last.start + last.cards.length).toBeGreaterThanOrEqual(STACK.length - 1);
  });

  it("places Pok Deng's cards by shoe position, though it shows them hand by hand, and lists its burns", async () => {
    const { shoeId } = await stackShoe(db, "pok-deng", STACK);
    await dealRound("pok-deng");
    await dealRound("pok-deng");
    const detail = await getShoe({ db, shoeId });
    expect(detail.endedAt).not.toBeNull();
    expect(detail.reveal).not.toBeNull();
    expectRoundsFromStack(detail);
    // Each round burns one card face down, then deals twelve: P1…P5 and the Banker, twice.
    const [first, second] = detail.rounds;
    expect(first!.cards.map((taken) => taken.kind)).toEqual([
      "burned",
      ...new Array<string>(12).fill("shown"),
    ]);
    expect(first!.cards.slice(1, 3).map((taken) => [taken.at, taken.hand])).toEqual([
      [3, "seat-1-1"],
      [4, "seat-2-1"],
    ]);
    expect(first!.cards.at(-1)).toMatchObject({ at: 14, hand: "banker-2", card: STACK[14] });
    expect(second!.start).toBe(15);
    expect(second!.cards[0]).toMatchObject({ at: 15, kind: "burned", card: null });
  });

  it("refuses an unknown shoe with NOT_FOUND naming shoeId, and a malformed id as BAD_INPUT", async () => {
    const shoeId = "00000000-0000-4000-8000-000000000000";
    const unknown = await caller()
      .shoes.get({ shoeId })
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(TRPCError);
    expect(unknown).toMatchObject({ code: "NOT_FOUND", message: `shoeId: no shoe "${shoeId}"` });
    const malformed = await caller()
      .shoes.get({ shoeId: "shoe-1" })
      .catch((error: unknown) => error);
    expect(malformed).toMatchObject({ code: "BAD_REQUEST" });
    expect((malformed as Error).message).toContain("shoeId: a shoe id (a UUID)");
  });
});

describe("shoes.list", () => {
  it("lists a table's shoes newest first, the one in play included, a page at a time", async () => {
    const older = await stackShoe(db, "baccarat-b", STACK);
    const newer = await stackShoe(db, "baccarat-b", STACK);
    const page = await caller().shoes.list({ table: "baccarat-b" });
    expect(page.shoes.map((shoe) => [shoe.id, shoe.endedAt === null])).toEqual([
      [newer.shoeId, true],
      [older.shoeId, false],
    ]);
    expect(page.nextCursor).toBeNull();

    const all = await caller().shoes.list();
    expect(all.shoes.map((shoe) => shoe.id)).toContain(older.shoeId);
    expect(
      all.shoes.every((shoe, i) => i === 0 || all.shoes[i - 1]!.startedAt >= shoe.startedAt),
    ).toBe(true);
  });

  it("pages with nextCursor until every shoe is listed once", async () => {
    for (let i = 0; i < 21; i++) await stackShoe(db, "pok-deng", STACK);
    const first = await caller().shoes.list({ table: "pok-deng" });
    expect(first.shoes).toHaveLength(20);
    const second = await caller().shoes.list({ table: "pok-deng", cursor: first.nextCursor });
    const ids = [...first.shoes, ...second.shoes].map((shoe) => shoe.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(await db.shoe.count({ where: { table: { slug: "pok-deng" } } }));
    expect(second.nextCursor).toBeNull();
  });

  it("refuses an unknown table with NOT_FOUND naming table, and a forged cursor as BAD_INPUT", async () => {
    await expect(caller().shoes.list({ table: "no-such-table" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: 'table: no table "no-such-table"',
    });
    await expect(caller().shoes.list({ cursor: "forged" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "cursor: must be a nextCursor from a previous page",
    });
  });
});
