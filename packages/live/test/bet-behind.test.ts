/**
 * Bet Behind at a live joker blackjack table (docs/rules/joker-blackjack.md, Bet Behind): a
 * player who is not seated backs another player's seat through the bet desk, within the table's
 * `behind` limit; the stake settles with the seat's first hand in the round's settlement step,
 * through the ledger; the seated player keeps every decision; a seat that does not play gives its
 * backers their stakes back as betting closes.
 */
import { randomUUID } from "node:crypto";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { FudaError } from "@fuda/errors";
import { balance, checkBooks } from "@fuda/ledger";
import { jokerBlackjack } from "@fuda/rules";
import type { Card } from "@fuda/shoe";
import { parseCard } from "@fuda/shoe";

import { act, auditLiveTables, createBetDesk, isWaitingForBet, recall, sit } from "../src";
import type { BetDesk } from "../src";
import {
  closeRound,
  dealerSteps,
  newPlayer,
  openNextRound,
  roundRowOf,
  stackShoe,
} from "./fixtures";
import { betsOf, failure } from "./helpers";

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

/** What a joker blackjack round keeps of its bettors and the engine's records (live-round.ts). */
interface Seated {
  bettors: { seat: number; player: string }[] | null;
  settlements: jokerBlackjack.Settlement[];
  dealer: Card[];
}
const seatedRound = (state: unknown) => state as Seated;

const place = (
  playerId: string,
  roundId: string,
  bets: { bet: string; seat?: number; amount: number }[],
) => desk.place({ playerId, roundId, requestId: randomUUID(), bets });

/** Seat 1 and seat 3 taken by players of their own, and a player who sits nowhere. */
async function seatedTable() {
  const [first, third, backer] = [await newPlayer(db), await newPlayer(db), await newPlayer(db)];
  await sit(db, { playerId: first, tableId, seat: 1 });
  await sit(db, { playerId: third, tableId, seat: 3 });
  return { first, third, backer };
}

// Everyone leaves: each test seats its own players.
afterEach(async () => {
  await db.seat.deleteMany({ where: { tableId } });
});

describe("Bet Behind: a non-seated player backs seat 3", () => {
  it("seat 3 splits: the backer's stake rides on hand 1 and returns what one unit of it did; the backer cannot act; the books balance", async () => {
    const { first, third, backer } = await seatedTable();
    // Seat 1 T 8 stands; seat 3 splits 8s: hand 1 draws A (19), hand 2 draws 9 (17); the dealer's
    // 16 draws a 2 (18): hand 1 wins, hand 2 loses.
    await stackShoe(db, SLUG, cards("TH 8H 9C 8C 8D 7S AC 9C 2C"));
    const round = await openNextRound(db, SLUG);
    const before = await balance({ db, playerId: backer });
    await place(first, round.id, [{ bet: "main", seat: 1, amount: 1_000 }]);
    await place(third, round.id, [{ bet: "main", seat: 3, amount: 1_000 }]);
    const placed = await place(backer, round.id, [{ bet: "behind", seat: 3, amount: 3_000 }]);
    expect(placed.bets).toMatchObject([{ bet: "behind", seat: 3, amount: 3_000 }]);
    expect(placed.balance).toBe(before - 3_000);

    await closeRound(db, round.id);
    // The bet behind puts nobody in seat 3: its bettor is the seated player alone.
    const closed = await roundRowOf(db, round.id);
    expect(seatedRound(closed.state).bettors?.map(({ seat, player }) => [seat, player])).toEqual([
      [1, first],
      [3, third],
    ]);
    await dealerSteps(db, round.id);
    await act(db, { playerId: first, roundId: round.id, seat: 1, action: "stand", requestId: "1" });
    await dealerSteps(db, round.id);
    expect((await roundRowOf(db, round.id)).state).toMatchObject({ pending: { seat: 3 } });

    // The seat's decisions stay the seated player's: the backer's split is refused, nothing moves.
    const refused = await failure(
      act(db, { playerId: backer, roundId: round.id, seat: 3, action: "split", requestId: "b" }),
    );
    expect(refused).toBeInstanceOf(FudaError);
    expect(refused).toMatchObject({
      code: "FORBIDDEN",
      details: { field: "seat", rule: "NOT_YOUR_SEAT" },
    });
    expect(await balance({ db, playerId: backer })).toBe(before - 3_000);

    for (const [action, requestId] of [
      ["split", "3a"],
      ["stand", "3b"],
      ["stand", "3c"],
    ] as const) {
      await act(db, { playerId: third, roundId: round.id, seat: 3, action, requestId });
      await dealerSteps(db, round.id);
    }
    const settled = await roundRowOf(db, round.id);
    expect(settled.phase).toBe("settled");

    // The reading from the engine's own records of seat 3's first hand, as the table announced them.
    const firstHand = (
      await db.tableEvent.findMany({
        where: { roundId: round.id, type: "hand.settled" },
        orderBy: { id: "asc" },
      })
    )
      .map(
        (event) =>
          event.payload as {
            seat: number;
            hand: number;
            kind: string;
            stake: number;
            amount: number;
          },
      )
      .filter((record) => record.seat === 3 && record.hand === 0);
    expect(firstHand).toMatchObject([{ kind: "settle", stake: 1_000, amount: 2_000 }]);
    const perUnit = firstHand.reduce((sum, record) => sum + record.amount, 0) / firstHand[0]!.stake;
    const expected = 3_000 * perUnit;
    expect(expected).toBe(6_000);
    const dealt = seatedRound(settled.state);
    expect(jokerBlackjack.behindReturn(3_000, 3, dealt.settlements, dealt.dealer)).toBe(expected);

    const rows = await betsOf(db, round.id);
    const row = (player: string, bet: string) =>
      rows.find((entry) => entry.playerId === player && entry.bet === bet)!;
    expect(row(backer, "behind")).toMatchObject({ seat: 3, status: "settled", returned: expected });
    // Seat 3's own rows are its own: hand 1 on main, hand 2 on split.
    expect(row(third, "main").returned).toBe(2_000);
    expect(row(third, "split").returned).toBe(0);
    expect(await balance({ db, playerId: backer })).toBe(before - 3_000 + expected);

    // The backer is told like any bettor: their own settlement with the wallet after it.
    const own = await db.tableEvent.findFirstOrThrow({
      where: { roundId: round.id, type: "round.settled", playerId: backer },
    });
    expect(own.payload).toMatchObject({
      bets: [{ bet: "behind", seat: 3, amount: 3_000, returned: expected }],
      returned: expected,
      balance: before - 3_000 + expected,
    });
    // The partners' result: a unit of each seat dealt in, main and behind. Seat 1's 18 pushed
    // the dealer's 18; seat 3's first hand won (its split hand's row is not the main bet's).
    const published = await db.webhookEvent.findFirstOrThrow({
      where: { type: "round.settled", payload: { path: ["roundId"], equals: round.id } },
    });
    expect((published.payload as { bets: unknown }).bets).toEqual([
      { bet: "main", seat: 1, result: "push", returnPerUnit: 1 },
      { bet: "behind", seat: 1, result: "push", returnPerUnit: 1 },
      { bet: "main", seat: 3, result: "won", returnPerUnit: 2 },
      { bet: "behind", seat: 3, result: "won", returnPerUnit: 2 },
    ]);
    const transfers = await db.ledgerTransfer.findMany({
      where: { roundId: round.id, betId: row(backer, "behind").id },
    });
    expect(transfers.map((transfer) => transfer.kind).sort()).toEqual(["settle"]);
    // History marks it: the backer's round lists a bet behind on seat 3, not a seat of their own.
    const [recalled] = await recall({ db, playerId: backer });
    expect(recalled).toMatchObject({ roundId: round.id, phase: "settled" });
    expect(recalled!.bets).toMatchObject([
      { bet: "behind", seat: 3, stake: 3_000, status: "settled", returned: expected },
    ]);
    expect(await checkBooks(db)).toMatchObject({ clean: true });
    expect(await auditLiveTables(db)).toEqual([]);
  });

  it("a bet behind is capped by the table's behind limit, per backer and seat; a refused bet changes nothing", async () => {
    const { third, backer } = await seatedTable();
    // Seat 3 T 8 stands on 18; the dealer's 16 draws a 2: a push.
    await stackShoe(db, SLUG, cards("TH 9C 8C 7S 2C"));
    const round = await openNextRound(db, SLUG);
    const { limits } = await db.table.findUniqueOrThrow({ where: { slug: SLUG } });
    expect(limits).toMatchObject({ behind: { min: 1_000, max: 100_000 } });
    const refusal = async (
      playerId: string,
      bets: { bet: string; seat?: number; amount: number }[],
    ) => {
      const before = await balance({ db, playerId });
      const rows = (await betsOf(db, round.id)).length;
      const error = await failure(place(playerId, round.id, bets));
      expect(error).toBeInstanceOf(FudaError);
      expect(await balance({ db, playerId })).toBe(before);
      expect(await betsOf(db, round.id)).toHaveLength(rows);
      return error as FudaError;
    };

    expect(await refusal(backer, [{ bet: "behind", seat: 3, amount: 100_100 }])).toMatchObject({
      code: "BAD_INPUT",
      message: expect.stringMatching(
        /^bets\.0\.amount: behind on seat 3: stake 1,001 is above the table maximum of 1,000/,
      ) as string,
      details: { field: "bets.0.amount", rule: "ABOVE_MAX" },
    });
    expect(await refusal(backer, [{ bet: "behind", seat: 3, amount: 900 }])).toMatchObject({
      details: { field: "bets.0.amount", rule: "BELOW_MIN" },
    });
    // The limit holds for the backer's total on the seat, over several slips.
    await place(backer, round.id, [{ bet: "behind", seat: 3, amount: 60_000 }]);
    expect(await refusal(backer, [{ bet: "behind", seat: 3, amount: 50_000 }])).toMatchObject({
      details: { field: "bets.0.amount", rule: "ABOVE_MAX" },
    });
    await place(backer, round.id, [{ bet: "behind", seat: 3, amount: 40_000 }]);

    // Only a seat another player sits in can be backed.
    expect(await refusal(third, [{ bet: "behind", seat: 3, amount: 1_000 }])).toMatchObject({
      code: "BAD_INPUT",
      message: expect.stringMatching(/^bets\.0\.seat: seat 3 is yours/) as string,
      details: { field: "bets.0.seat", rule: "OWN_SEAT" },
    });
    expect(await refusal(backer, [{ bet: "behind", seat: 5, amount: 1_000 }])).toMatchObject({
      code: "BAD_INPUT",
      message: expect.stringMatching(/^bets\.0\.seat: nobody sits in seat 5/) as string,
      details: { field: "bets.0.seat", rule: "SEAT_EMPTY" },
    });
    // And the main bet stays the seated player's own.
    expect(await refusal(backer, [{ bet: "main", seat: 3, amount: 1_000 }])).toMatchObject({
      code: "FORBIDDEN",
      details: { rule: "NOT_YOUR_SEAT" },
    });
    await place(third, round.id, [{ bet: "main", seat: 3, amount: 1_000 }]);
    await closeRound(db, round.id);
    await dealerSteps(db, round.id);
    await act(db, { playerId: third, roundId: round.id, seat: 3, action: "stand", requestId: "s" });
    expect((await dealerSteps(db, round.id)).phase).toBe("settled");
    // A push: both of the backer's bets come back whole.
    const backed = (await betsOf(db, round.id)).filter((row) => row.playerId === backer);
    expect(backed.map((row) => [row.stake, row.returned])).toEqual([
      [60_000, 60_000],
      [40_000, 40_000],
    ]);
  });

  it("a seat whose player does not bet is not dealt: its backers' stakes are refunded as betting closes, through the ledger", async () => {
    const { first, backer } = await seatedTable();
    await stackShoe(db, SLUG, cards("TH 9C 8C 7S 2C"));
    const round = await openNextRound(db, SLUG);
    const before = await balance({ db, playerId: backer });

    // Only bets behind: the dealer never plays a round alone, so it waits for a seat's own bet.
    await place(backer, round.id, [{ bet: "behind", seat: 3, amount: 2_000 }]);
    await closeRound(db, round.id);
    expect((await roundRowOf(db, round.id)).phase).toBe("betting");
    // The table's view says so too, the bet behind notwithstanding.
    expect(await isWaitingForBet(db, round.id, ["behind"])).toBe(true);

    await place(first, round.id, [{ bet: "main", seat: 1, amount: 1_000 }]);
    await closeRound(db, round.id);
    expect((await roundRowOf(db, round.id)).phase).toBe("dealing");
    const [behind] = (await betsOf(db, round.id)).filter((row) => row.playerId === backer);
    expect(behind).toMatchObject({ bet: "behind", seat: 3, status: "refunded", returned: 2_000 });
    expect(await balance({ db, playerId: backer })).toBe(before);
    // A transfer of its own (the reservation was the slip's), named after the bet.
    const refunds = await db.ledgerTransfer.findMany({
      where: { roundId: round.id, betId: behind!.id },
    });
    expect(refunds.map((transfer) => transfer.kind)).toEqual(["refund"]);
    const told = await db.tableEvent.findFirstOrThrow({
      where: { roundId: round.id, type: "round.cancelled", playerId: backer },
    });
    expect(told.payload).toMatchObject({
      bets: [{ bet: "behind", seat: 3, amount: 2_000, returned: 2_000 }],
      returned: 2_000,
      balance: before,
    });
    // The round goes on for seat 1, and settles without the refunded bet.
    await dealerSteps(db, round.id);
    await act(db, { playerId: first, roundId: round.id, seat: 1, action: "stand", requestId: "s" });
    expect((await dealerSteps(db, round.id)).phase).toBe("settled");
    expect(await balance({ db, playerId: backer })).toBe(before);
    expect(await checkBooks(db)).toMatchObject({ clean: true });
    expect(await auditLiveTables(db)).toEqual([]);
  });
});
