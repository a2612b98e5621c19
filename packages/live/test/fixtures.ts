/**
 * Rounds and players for the desk's tests, made as the dealer makes them (the dealer is not in
 * this package yet): a shoe from the rules' composition with its first-card burn, a round the
 * rules started from it, betting until `closesIn` from now.
 */
import { randomBytes, randomUUID } from "node:crypto";

import type { Db, Prisma } from "@fuda/db";
import { seed } from "@fuda/db";
import { grant } from "@fuda/ledger";
import {
  burnFirstCard,
  DEFAULT_CUT_CARD,
  HmacDrbg,
  newShoe,
  shoeCommitment,
  shoeToJson,
} from "@fuda/shoe";

import { definitionOf, refundOpenBets } from "../src";
import { closeBetting } from "../src/dealer-steps";
import { roundRowOf } from "./seated-fixtures";

export {
  dealerSteps,
  endBetting,
  openNextRound,
  roundRowOf,
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
  return db.$transaction(async (tx) => {
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
  });
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
