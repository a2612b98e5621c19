/**
 * Quick hands in the player's history and recall (docs/rules/quick-baccarat.md, Sessions):
 * marked `quick`, with the cards, the outcome, the spots and the quick points around the hand,
 * paged together with the live tables' rounds.
 */
import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import type { baccarat } from "@fuda/rules";
import { POINT } from "@fuda/rules";
import { formatCard } from "@fuda/shoe";

import type { BetDesk, QuickAction, RecalledRound } from "../src";
import { createBetDesk, playQuick, quickState, recall, roundsOfPlayer } from "../src";
import { newPlayer, openRound } from "./fixtures";

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

const press = (playerId: string, action: QuickAction) => playQuick({ db, playerId, action });

/** Clicks on spots, then the deal; the dealt view. */
async function hand(playerId: string, clicks: baccarat.QuickSpot[]) {
  for (const spot of clicks) await press(playerId, { step: "add", spot });
  return press(playerId, { step: "deal" });
}

async function everyPage(playerId: string, limit: number): Promise<RecalledRound[]> {
  const seen: RecalledRound[] = [];
  let cursor: string | null = null;
  do {
    const page = await roundsOfPlayer({ db, playerId, cursor, limit });
    seen.push(...page.rounds);
    cursor = page.nextCursor;
  } while (cursor !== null);
  return seen;
}

describe("quick hands in history.mine and history.recall", () => {
  it("a dealt hand: kind quick, cards in deal order, outcome, each spot's stake and return, quick points before and after", async () => {
    const player = await newPlayer(db);
    const dealt = await hand(player, ["tie", "player", "player", "playerPair"]);
    const last = dealt.lastHand!;
    const [round, ...older] = await recall({ db, playerId: player });
    expect(older).toEqual([]);
    const stored = await db.quickHand.findUniqueOrThrow({ where: { id: last.handId } });
    const at = stored.dealtAt.toISOString();
    expect(round).toEqual({
      kind: "quick",
      roundId: last.handId,
      number: 1,
      shoeId: stored.shoeId,
      phase: "settled",
      table: {
        slug: "quick-baccarat",
        name: "Quick Baccarat",
        game: "quick-baccarat",
        variant: "quick",
      },
      openedAt: at,
      closedAt: at,
      settledAt: at,
      cards: last.cards,
      outcome: last.outcome,
      bets: round!.bets,
      balanceBefore: null,
      balanceAfter: null,
      quick: { hand: 1, pointsBefore: 50 * POINT, pointsAfter: dealt.balance },
      voided: null,
    });
    // The spots left to right, each settled with its return, held back no more than its stake.
    expect(round!.bets.map(({ bet, stake, returned }) => [bet, stake, returned])).toEqual([
      ["playerPair", POINT, last.settlements[0]!.returned],
      ["player", 2 * POINT, last.settlements[1]!.returned],
      ["tie", POINT, last.settlements[2]!.returned],
    ]);
    for (const bet of round!.bets) {
      expect(bet).toMatchObject({
        seat: null,
        reserved: bet.stake,
        status: "settled",
        placedAt: at,
      });
    }
    expect(new Set(round!.bets.map((bet) => bet.betId)).size).toBe(3);
    // The cards as dealt: Player, Banker, Player, Banker, then the thirds.
    const { playerCards, bankerCards } = last.outcome;
    expect(round!.cards.slice(0, 4).map((card) => card.card)).toEqual([
      playerCards[0],
      bankerCards[0],
      playerCards[1],
      bankerCards[1],
    ]);
    expect(round!.cards.map((card) => card.label)).toEqual(
      stored.cards.map((card) => formatCard(card)),
    );
    const returned = last.settlements.reduce((sum, { returned }) => sum + returned, 0);
    expect(dealt.balance).toBe(50 * POINT - 4 * POINT + returned);
  });

  it("live rounds and quick hands page together, newest first, each exactly once", async () => {
    const player = await newPlayer(db);
    const stranger = await newPlayer(db);
    const mine: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { roundId } = await openRound(db, i % 2 === 0 ? "baccarat-a" : "pok-deng");
      const bet =
        i % 2 === 0 ? { bet: "tie", amount: 1_000 } : { bet: "seat", seat: 1, amount: 1_000 };
      await desk.place({ playerId: player, roundId, requestId: randomUUID(), bets: [bet] });
      mine.push(roundId);
      mine.push((await hand(player, ["banker"])).lastHand!.handId);
      await press(player, { step: "next" });
    }
    await hand(stranger, ["tie"]);

    const all = (await roundsOfPlayer({ db, playerId: player, limit: 50 })).rounds;
    expect(all.map((round) => round.roundId).sort()).toEqual([...mine].sort());
    expect(all.map((round) => round.kind).sort()).toEqual([
      ...Array<string>(3).fill("live"),
      ...Array<string>(3).fill("quick"),
    ]);
    const keys = all.map((round) => `${round.openedAt} ${round.roundId}`);
    expect(keys).toEqual([...keys].sort().reverse());
    expect(new Set(keys).size).toBe(6);
    for (const limit of [1, 2, 4]) {
      expect((await everyPage(player, limit)).map((round) => round.roundId)).toEqual(
        all.map((round) => round.roundId),
      );
    }
    // A live round keeps its own fields: the wallet's balances, no quick points.
    expect(all.find((round) => round.kind === "live")).toMatchObject({ quick: null });
    expect(all.find((round) => round.kind === "live")!.balanceBefore).not.toBeNull();
  });

  it("a hand is never listed before the one dealt before it, even if the clock went back", async () => {
    const player = await newPlayer(db);
    const first = (await hand(player, ["tie"])).lastHand!.handId;
    await press(player, { step: "next" });
    // As if the server's clock had stepped back an hour since the first deal.
    await db.$executeRaw`
      UPDATE quick_hands SET dealt_at = now() + interval '1 hour' WHERE id = ${first}::uuid`;
    const second = (await hand(player, ["tie"])).lastHand!.handId;
    const rounds = await recall({ db, playerId: player });
    expect(rounds.map((round) => round.roundId)).toEqual([second, first]);
    expect(rounds.map((round) => round.quick?.hand)).toEqual([2, 1]);
  });

  it("the hand after the shoe runs short comes from a new shoe: a new shoeId, round 1 again", async () => {
    const player = await newPlayer(db);
    let view = await quickState({ db, playerId: player });
    let rounds = 0;
    while (view.cardsLeft >= 6) {
      // Banker pays 2× without commission: the points last; when they do not, start over.
      if (view.balance === 0) await press(player, { step: "startOver" });
      view = await hand(player, ["banker"]);
      rounds += 1;
      await press(player, { step: "next" });
    }
    const [lastOfShoe] = await recall({ db, playerId: player });
    expect(lastOfShoe).toMatchObject({ number: rounds, quick: { hand: rounds } });
    if (view.balance === 0) await press(player, { step: "startOver" });
    const fresh = await hand(player, ["banker"]);
    expect(fresh.cardsLeft).toBe(520 - fresh.lastHand!.cards.length);
    const [firstOfShoe] = await recall({ db, playerId: player });
    expect(firstOfShoe).toMatchObject({ number: 1, quick: { hand: rounds + 1 } });
    expect(firstOfShoe!.shoeId).not.toBe(lastOfShoe!.shoeId);
  });
});
