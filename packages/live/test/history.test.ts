import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { checkBooks, settleRequest, transferMany } from "@fuda/ledger";
import { formatCard, shoeFromJson, shoeJsonOf, shoeToJson } from "@fuda/shoe";

import { createBetDesk, definitionOf, liveRoundFromJson, recall, roundsOfPlayer } from "../src";
import type { BetDesk } from "../src";
import { asJson, closeRound, newPlayer, openRound } from "./fixtures";

let database: TestDatabase;
let db: Db;
let desk: BetDesk;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  desk = createBetDesk({ db });
});
afterAll(async () => {
  await desk.close();
  await database.drop();
});

const GRANT = 1_000_000;

/**
 * Deals `cards` cards of a closed round (all when absent) and, once dealt, settles every bet
 * through the ledger as the dealer will: returns from the rules, one settle transfer per bet.
 */
async function deal(roundId: string, cards?: number): Promise<void> {
  await db.$transaction(async (tx) => {
    // One query at a time: Prisma runs an include's queries at once on the transaction's connection.
    const row = await tx.round.findUniqueOrThrow({ where: { id: roundId } });
    const table = await tx.table.findUniqueOrThrow({ where: { id: row.tableId } });
    const shoeRow = await tx.shoe.findUniqueOrThrow({ where: { id: row.shoeId } });
    const openBets = await tx.bet.findMany({ where: { roundId, status: "open" } });
    const definition = definitionOf(table)!;
    const shoe = shoeFromJson(shoeJsonOf(shoeRow.state));
    let round = liveRoundFromJson(row.state);
    while (!round.dealt && (cards === undefined || round.cards.length < cards)) {
      round = definition.dealerStep(shoe, round).round;
    }
    await tx.shoe.update({
      where: { id: row.shoeId },
      data: { state: asJson(shoeToJson(shoe)), position: shoe.position },
    });
    if (!round.dealt) {
      await tx.round.update({
        where: { id: roundId },
        data: { state: asJson(round), cards: [...round.cards] },
      });
      return;
    }
    const bets = openBets.map((bet) => ({
      bet: bet.bet,
      amount: Number(bet.stake),
      ...(bet.seat === null ? {} : { seat: bet.seat }),
    }));
    const returns = definition.settle(round, bets);
    const outcomes = await transferMany(
      tx,
      openBets.map((bet, i) => {
        const reserved = Number(bet.reserved);
        const back = returns[i]!;
        return settleRequest({
          playerId: bet.playerId,
          roundId,
          betId: bet.id,
          returned: Math.min(back, reserved),
          lost: Math.max(reserved - back, 0),
          won: Math.max(back - reserved, 0),
        });
      }),
    );
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true);
    for (const [i, bet] of openBets.entries()) {
      await tx.bet.update({
        where: { id: bet.id },
        data: { status: "settled", returned: returns[i]!, settledAt: new Date() },
      });
    }
    await tx.round.update({
      where: { id: roundId },
      data: {
        phase: "settled",
        settledAt: new Date(),
        state: asJson(round),
        cards: [...round.cards],
        outcome: asJson(definition.outcome(round)),
      },
    });
  });
}

const place = (
  playerId: string,
  roundId: string,
  bets: { bet: string; seat?: number; amount: number }[],
) => desk.place({ playerId, roundId, requestId: randomUUID(), bets });

describe("history.recall: the last-game recall fields", () => {
  it("a settled round: table, round, shoe, cards in reveal order, outcome, bets and returns, balances", async () => {
    const player = await newPlayer(db, GRANT);
    const other = await newPlayer(db, GRANT);
    const opened = await openRound(db, "pok-deng");
    await place(player, opened.roundId, [
      { bet: "seat", seat: 1, amount: 2_000 },
      { bet: "seatPair", seat: 4, amount: 1_000 },
    ]);
    await place(other, opened.roundId, [{ bet: "seat", seat: 2, amount: 5_000 }]);
    await place(player, opened.roundId, [{ bet: "seat", seat: 5, amount: 1_000 }]);
    await closeRound(db, opened.roundId);
    await deal(opened.roundId);

    const [round, ...rest] = await recall({ db, playerId: player });
    expect(rest).toEqual([]);
    const stored = await db.round.findUniqueOrThrow({ where: { id: opened.roundId } });
    const view = definitionOf({ game: "POK_DENG", variant: "five-seat" })!.publicView(
      liveRoundFromJson(stored.state),
    );
    expect(round).toMatchObject({
      roundId: opened.roundId,
      number: opened.number,
      shoeId: stored.shoeId,
      phase: "settled",
      table: { slug: "pok-deng", name: "Pok Deng", game: "pok-deng", variant: "five-seat" },
      openedAt: stored.openedAt.toISOString(),
      closedAt: stored.closedAt!.toISOString(),
      settledAt: stored.settledAt!.toISOString(),
      outcome: stored.outcome,
    });
    expect(round!.cards).toEqual(
      view.cards.map(({ position, card }) => ({ position, card, label: formatCard(card) })),
    );
    expect(round!.cards.map((c) => c.card)).toEqual(stored.cards);
    expect(round!.cards).toHaveLength(12);
    const bets = await db.bet.findMany({
      where: { roundId: opened.roundId, playerId: player },
      orderBy: [{ placedAt: "asc" }, { line: "asc" }],
    });
    expect(round!.bets).toEqual(
      bets.map((bet) => ({
        betId: bet.id,
        bet: bet.bet,
        seat: bet.seat,
        stake: Number(bet.stake),
        reserved: Number(bet.reserved),
        status: "settled",
        returned: Number(bet.returned),
        placedAt: bet.placedAt.toISOString(),
      })),
    );
    const returned = bets.reduce((sum, bet) => sum + Number(bet.returned), 0);
    const reserved = bets.reduce((sum, bet) => sum + Number(bet.reserved), 0);
    expect(reserved).toBe(4_000 + 1_000 + 2_000);
    expect(round!.balanceBefore).toBe(GRANT);
    expect(round!.balanceAfter).toBe(GRANT - reserved + returned);
    expect(await checkBooks(db)).toMatchObject({ clean: true });
  });

  it("a round being dealt shows only its revealed cards; one still betting shows none", async () => {
    const player = await newPlayer(db, GRANT);
    const dealing = await openRound(db, "baccarat-a");
    await place(player, dealing.roundId, [{ bet: "banker", amount: 1_000 }]);
    await closeRound(db, dealing.roundId);
    await deal(dealing.roundId, 3);
    const betting = await openRound(db, "baccarat-b");
    await place(player, betting.roundId, [{ bet: "player", amount: 2_000 }]);

    const [newest, older] = await recall({ db, playerId: player });
    expect(newest).toMatchObject({
      roundId: betting.roundId,
      phase: "betting",
      cards: [],
      outcome: null,
      balanceBefore: GRANT - 1_000,
      balanceAfter: GRANT - 3_000,
    });
    expect(older).toMatchObject({ roundId: dealing.roundId, phase: "dealing", outcome: null });
    expect(older!.cards.map((c) => c.position)).toEqual(["player-1", "banker-1", "player-2"]);
    expect(older!.bets).toMatchObject([{ status: "open", returned: null }]);
    expect(older).toMatchObject({ balanceBefore: GRANT, balanceAfter: GRANT - 1_000 });
  });
});

describe("history.mine: paging", () => {
  it("newest first, each round exactly once across pages; other players' rounds never", async () => {
    const player = await newPlayer(db, GRANT);
    const stranger = await newPlayer(db, GRANT);
    const rounds: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { roundId } = await openRound(db, i % 2 === 0 ? "baccarat-a" : "pok-deng");
      const bet =
        i % 2 === 0 ? { bet: "tie", amount: 1_000 } : { bet: "seat", seat: 1, amount: 1_000 };
      await place(player, roundId, [bet]);
      rounds.push(roundId);
    }
    const { roundId: notMine } = await openRound(db, "baccarat-b");
    await place(stranger, notMine, [{ bet: "tie", amount: 1_000 }]);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await roundsOfPlayer({ db, playerId: player, cursor, limit: 2 });
      seen.push(...page.rounds.map((round) => round.roundId));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual([...rounds].reverse());
    await expect(
      roundsOfPlayer({ db, playerId: player, cursor: "nonsense" }),
    ).rejects.toMatchObject({ code: "BAD_INPUT", details: { field: "cursor" } });
    await expect(roundsOfPlayer({ db, playerId: player, limit: 51 })).rejects.toMatchObject({
      code: "BAD_INPUT",
      details: { field: "limit" },
    });
  });
});
