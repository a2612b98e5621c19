/**
 * Fixtures for seated play (docs/live-tables.md, Decisions): a shoe stacked with chosen cards,
 * the end of a betting window on demand, and the dealer's own steps on a round being dealt, so a
 * test can script a round card by card — with the real dealer running, or step by step without.
 */
import { randomBytes } from "node:crypto";

import type { Db } from "@fuda/db";
import type { Card, CutCardRange } from "@fuda/shoe";
import {
  burnFirstCard,
  DEFAULT_CUT_CARD,
  HmacDrbg,
  newShoe,
  shoeFromJson,
  shoeJsonOf,
} from "@fuda/shoe";
import { until } from "@fuda/testkit";

import { definitionOf, liveRoundFromJson } from "../src";
import type { RoundRow, ShoeRow } from "../src/dealer-rows";
import { endShoe, openShoe } from "../src/dealer-shoe";
import { dealStep, openRound } from "../src/dealer-steps";
import { timeoutStep } from "../src/decision-steps";
import { appendEvents } from "../src/events";

/** The round as a dealer step reads it. */
export async function roundRowOf(db: Db, roundId: string): Promise<RoundRow> {
  const round = await db.round.findUniqueOrThrow({ where: { id: roundId } });
  return {
    id: round.id,
    shoeId: round.shoeId,
    number: round.number,
    phase: round.phase,
    closesAt: round.bettingClosesAt,
    state: liveRoundFromJson(round.state, `round ${round.id}: state`),
    version: round.version,
    moves: round.moves,
    actsBy: round.actsBy,
  };
}

/** The shoe as a dealer step reads it. */
export async function shoeRowOf(db: Db, shoeId: string): Promise<ShoeRow> {
  const shoe = await db.shoe.findUniqueOrThrow({ where: { id: shoeId } });
  return {
    id: shoe.id,
    state: shoeJsonOf(shoe.state, `shoe ${shoe.id}: state`),
    position: shoe.position,
    road: shoe.road as unknown[],
  };
}

/**
 * Between rounds, makes `cards` (in this order) the table's next shoe: the open shoe, if any,
 * ends with its reveal published, and a new shoe holding exactly these cards is committed and
 * announced as the dealer's own would be, its first card burned where the game burns one. The
 * cut card goes where the game puts it when the stack is long enough, else before its last card
 * (that round is the shoe's last). A round still live at the table is refused.
 */
export async function stackShoe(
  db: Db,
  slug: string,
  cards: readonly Card[],
): Promise<{ shoeId: string }> {
  const table = await db.table.findUniqueOrThrow({ where: { slug } });
  const definition = definitionOf(table);
  if (definition === null) throw new Error(`table ${slug} is not a live table`);
  const range = definition.cutCard ?? DEFAULT_CUT_CARD;
  const cutCard: CutCardRange =
    range.maxFromEnd < cards.length ? range : { minFromEnd: 1, maxFromEnd: 1 };
  const shoe = newShoe({
    cards: Uint8Array.from(cards),
    rng: new HmacDrbg({ serverSeed: randomBytes(32).toString("hex") }),
    cutCard,
  });
  // newShoe shuffled the copy; the stack is the order dealt.
  shoe.cards.set(cards);
  const burn = definition.burnsFirstCard === false ? null : burnFirstCard(shoe);
  return db.$transaction(async (tx) => {
    const live = await tx.round.count({
      where: { tableId: table.id, phase: { in: ["betting", "dealing"] } },
    });
    if (live > 0) throw new Error(`table ${slug} has a round in play: stack between rounds`);
    const open = await tx.shoe.findFirst({ where: { tableId: table.id, endedAt: null } });
    if (open !== null) {
      const state = shoeFromJson(shoeJsonOf(open.state, `shoe ${open.id}: state`));
      await appendEvents(tx, [await endShoe(tx, table, open.id, state)]);
    }
    const row = await openShoe(tx, table, shoe, burn);
    return { shoeId: row.id };
  });
}

/**
 * Pauses the table `slug` and, once it is between rounds, stacks `cards` as its next shoe
 * (stackShoe); the table stays paused until the caller opens it to deal the stack. The dealer
 * opens no shoe or round once the pause is committed, so only a round opened before it is in the
 * way: its betting window ends now (it is dealt, to no one unless someone bet, and settled).
 */
export async function stackShoeBetweenRounds(
  db: Db,
  slug: string,
  cards: readonly Card[],
  ms = 120_000,
): Promise<{ shoeId: string }> {
  await db.table.update({ where: { slug }, data: { status: "PAUSED" } });
  await until(
    `table ${slug} between rounds`,
    async () => {
      const live = await db.round.findMany({
        where: { table: { slug }, phase: { in: ["betting", "dealing"] } },
        select: { id: true },
      });
      for (const round of live) await endBetting(db, round.id);
      return live.length === 0 ? true : undefined;
    },
    ms,
  );
  return stackShoe(db, slug, cards);
}

/**
 * Opens the next round on the table's open shoe with the dealer's own step, betting for
 * `closesIn` ms (the dealer is not running, or the table is paused).
 */
export async function openNextRound(
  db: Db,
  slug: string,
  { closesIn = 60_000 }: { closesIn?: number } = {},
): Promise<RoundRow> {
  const table = await db.table.findUniqueOrThrow({ where: { slug } });
  const shoe = await db.shoe.findFirstOrThrow({ where: { tableId: table.id, endedAt: null } });
  return openRound(
    db,
    table,
    definitionOf(table)!,
    await shoeRowOf(db, shoe.id),
    new Date(Date.now() + closesIn),
  );
}

/** The round's betting window ends now: a running dealer closes it at its next step. */
export async function endBetting(db: Db, roundId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE rounds SET betting_closes_at = clock_timestamp()
    WHERE id = ${roundId}::uuid AND phase = 'betting'`;
}

/**
 * The dealer's steps on a round being dealt, as its loop takes them, until the round waits for a
 * decision whose timer is still running, or is settled: cards revealed one per step, a decision
 * whose timer has run out taken by its default. Returns the round as it then stands.
 */
export async function dealerSteps(db: Db, roundId: string): Promise<RoundRow> {
  for (;;) {
    const round = await roundRowOf(db, roundId);
    if (round.phase !== "dealing") return round;
    const table = await db.table.findFirstOrThrow({ where: { rounds: { some: { id: roundId } } } });
    const definition = definitionOf(table)!;
    const shoe = await shoeRowOf(db, round.shoeId);
    if (definition.decisions?.pending(round.state) != null) {
      if (round.actsBy === null || round.actsBy.getTime() > Date.now()) return round;
      await timeoutStep(db, table, definition, round, shoe);
    } else await dealStep(db, table, definition, round, shoe);
  }
}
