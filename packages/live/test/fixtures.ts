/**
 * Rounds and players for the desk's tests, made as the dealer makes them (the dealer is not in
 * this package yet): a shoe from the rules' composition with its first-card burn, a round the
 * rules started from it, betting until `closesIn` from now.
 */
import { randomBytes, randomUUID } from "node:crypto";

import type { Db, Prisma } from "@fuda/db";
import { seed } from "@fuda/db";
import { grant } from "@fuda/ledger";
import { baccarat, POINT } from "@fuda/rules";
import {
  burnFirstCard,
  DEFAULT_CUT_CARD,
  HmacDrbg,
  newShoe,
  shoeCommitment,
  shoeToJson,
} from "@fuda/shoe";

import { definitionOf, quickSessionFromJson, quickSessionJsonOf, refundOpenBets } from "../src";
import { closeBetting } from "../src/dealer-steps";
import { roundRowOf } from "./seated-fixtures";

export { testClock } from "./clock";
export type { TestClock } from "./clock";
export {
  dealerSteps,
  endBetting,
  openNextRound,
  roundRowOf,
  shoeRowOf,
  stackShoe,
  stackShoeBetweenRounds,
} from "./seated-fixtures";

/** A plain JSON copy of a value, as a Prisma Json column takes it. */
export const asJson = (value: unknown): Prisma.InputJsonValue =>
  JSON.parse(JSON.stringify(value)) as Prisma.InputJsonValue;

/** A player with `amount` minor units in the wallet. */
export async function newPlayer(db: Db, amount = 1_000_000): Promise<string> {
  const id = `player-${randomUUID()}`;
  await db.user.create({ data: { id, name: id, email: `${id}@test.fuda` } });
  await grant(db, { playerId: id, amount });
  return id;
}

export interface OpenedRound {
  roundId: string;
  tableId: string;
  number: number;
}

/**
 * A new round betting at `slug` (the demo tables, seeded if missing), on a new shoe. A round
 * still live at the table is cancelled and its bets refunded first (one live round per table).
 */
export async function openRound(
  db: Db,
  slug: string,
  { closesIn = 60_000 }: { closesIn?: number } = {},
): Promise<OpenedRound> {
  await seed(db);
  const table = await db.table.findUniqueOrThrow({ where: { slug } });
  const definition = definitionOf(table)!;
  return db.$transaction(
    async (tx) => {
      const live = await tx.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM rounds
      WHERE table_id = ${table.id}::uuid AND phase IN ('betting', 'dealing') FOR UPDATE`;
      for (const { id } of live) {
        await refundOpenBets(tx, id);
        await tx.$executeRaw`UPDATE rounds SET phase = 'cancelled' WHERE id = ${id}::uuid`;
      }
      await tx.$executeRaw`
      UPDATE shoes SET ended_at = now() WHERE table_id = ${table.id}::uuid AND ended_at IS NULL`;
      const shoe = newShoe({
        cards: definition.shoeCards(),
        rng: new HmacDrbg({ serverSeed: randomBytes(32).toString("hex") }),
        cutCard: DEFAULT_CUT_CARD,
      });
      const firstBurn = burnFirstCard(shoe);
      const round = definition.startRound(shoe);
      const json = shoeToJson(shoe);
      const shoeRow = await tx.shoe.create({
        data: {
          tableId: table.id,
          commitment: shoeCommitment(shoe),
          cards: Buffer.from(shoe.cards),
          state: asJson(json),
          position: shoe.position,
          burned: json.burned,
          firstBurn: { ...firstBurn },
        },
      });
      const roundRow = await tx.round.create({
        data: {
          tableId: table.id,
          shoeId: shoeRow.id,
          number: round.number,
          bettingClosesAt: new Date(Date.now() + closesIn),
          state: asJson(round),
          cards: [],
        },
      });
      return { roundId: roundRow.id, tableId: table.id, number: round.number };
    },
    // Refunding a bench's round of tens of thousands of bets outlasts Prisma's 5 s default.
    { timeout: 120_000 },
  );
}

/**
 * The dealer's own close of a round (its `closeBetting` step, which seats the bettors of a game
 * with decisions). Returns the ids of the open bets it closed on: the bets the dealer will settle
 * (after the close none can come or go).
 */
export async function closeRound(db: Db, roundId: string): Promise<string[]> {
  const table = await db.table.findFirstOrThrow({ where: { rounds: { some: { id: roundId } } } });
  await closeBetting(db, table, await roundRowOf(db, roundId), definitionOf(table), {
    windowMs: 60_000,
  });
  const bets = await db.bet.findMany({ where: { roundId, status: "open" }, select: { id: true } });
  return bets.map((bet) => bet.id);
}

/** A table's status, as an operator sets it. */
export async function setTableStatus(
  db: Db,
  tableId: string,
  status: "OPEN" | "PAUSED" | "CLOSED",
): Promise<void> {
  await db.table.update({ where: { id: tableId }, data: { status } });
}

/** A player's quick game as the database holds it, shoe included. */
export async function storedQuickGame(db: Db, playerId: string): Promise<baccarat.QuickGame> {
  const row = await db.quickSession.findUniqueOrThrow({ where: { playerId } });
  return quickSessionFromJson(quickSessionJsonOf(row.state)).game;
}

// A test's quick hands never reach the end of the 520-card shoe, so no deal of theirs reshuffles.
const noReshuffle = {
  nextUint32(): number {
    throw new Error("the test's hands never reach the end of the shoe");
  },
};

/** The next hand of the game's shoe, dealt by the rules themselves. */
export function nextQuickOutcome(game: baccarat.QuickGame): baccarat.RoundOutcome {
  const probe = { ...game, balance: game.balance - POINT, bets: { ...game.bets, tie: POINT } };
  const dealt = baccarat.deal(probe, noReshuffle);
  if (!dealt.ok) throw new Error("the probe deal was refused");
  return dealt.game.lastHand!.outcome;
}

/**
 * The spots that return nothing on `outcome`, for a test that must lose its points; Player when
 * none does (a tie with both pairs). Never Player with Banker: on a tie both push.
 */
export function losingQuickSpots(outcome: baccarat.RoundOutcome): baccarat.QuickSpot[] {
  const losing = baccarat.QUICK_SPOTS.filter(
    (spot) => baccarat.settle("quick", [{ bet: spot, stake: POINT }], outcome)[0]!.returned === 0,
  );
  return losing.length > 0 ? losing : ["player"];
}
