import type { Rng } from "@fuda/shoe";
import { HmacDrbg, quickGameDeck } from "@fuda/shoe";
import { describe, expect, it } from "vitest";

import type { QuickGame, QuickStep } from "../../src/baccarat";
import { POINT } from "../../src/money";
import {
  addPoint,
  deal,
  newQuickGame,
  next,
  QUICK_SPOTS,
  QUICK_START_BALANCE,
  startOver,
  undo,
} from "../../src/baccarat";

const rng = (): Rng => new HmacDrbg({ serverSeed: "0a0b" });
const game = (step: QuickStep): QuickGame => {
  if (!step.ok) throw new Error(step.violations.map((v) => v.message).join("; "));
  return step.game;
};
const clicks = (start: QuickGame, spot: Parameters<typeof addPoint>[1], times: number) => {
  let current = start;
  for (let i = 0; i < times; i++) current = game(addPoint(current, spot));
  return current;
};

describe("the quick game (docs/rules/quick-baccarat.md)", () => {
  it("starts with 50 points and a 520-card shoe", () => {
    const fresh = newQuickGame(rng());
    expect(fresh.balance).toBe(QUICK_START_BALANCE);
    expect(QUICK_START_BALANCE).toBe(50 * POINT);
    expect(fresh.shoe.cards).toHaveLength(quickGameDeck().length);
    expect(fresh.phase).toBe("betting");
  });

  it("lays out its five spots left to right: Player Pair, Player, Tie, Banker, Banker Pair", () => {
    expect(QUICK_SPOTS).toEqual(["playerPair", "player", "tie", "banker", "bankerPair"]);
    expect(Object.keys(newQuickGame(rng()).bets).sort()).toEqual([...QUICK_SPOTS].sort());
  });

  it("adds one point per click, at most 5 on a spot", () => {
    const five = clicks(newQuickGame(rng()), "tie", 5);
    expect(five.bets.tie).toBe(5 * POINT);
    expect(five.balance).toBe(45 * POINT);
    const sixth = addPoint(five, "tie");
    expect(sixth.ok).toBe(false);
    expect(!sixth.ok && sixth.violations[0]!.message).toBe(
      "Tie: at most 5 points on a spot, got 6 points",
    );
  });

  it("never takes Player and Banker in one round", () => {
    const step = addPoint(clicks(newQuickGame(rng()), "player", 1), "banker");
    expect(!step.ok && step.violations.map((v) => v.rule)).toEqual(["PLAYER_AND_BANKER"]);
  });

  it("Undo takes back all points bet this round", () => {
    const betting = clicks(clicks(newQuickGame(rng()), "player", 3), "playerPair", 2);
    const undone = game(undo(betting));
    expect(undone.balance).toBe(QUICK_START_BALANCE);
    expect(Object.values(undone.bets).every((stake) => stake === 0)).toBe(true);
  });

  it("deals, settles, and waits for Next; the game passed in never changes", () => {
    const random = rng();
    const betting = clicks(newQuickGame(random), "banker", 2);
    const position = betting.shoe.position;
    const dealt = game(deal(betting, random));
    expect(betting.shoe.position).toBe(position);
    expect(betting.phase).toBe("betting");
    const hand = dealt.lastHand!;
    const returned = hand.settlements[0]!.returned;
    expect(returned).toBe(
      hand.outcome.winner === "banker" ? 4 * POINT : hand.outcome.winner === "tie" ? 2 * POINT : 0,
    );
    expect(dealt.balance).toBe(48 * POINT + returned);
    expect(dealt.shoe.position).toBe(
      position + hand.outcome.playerCards.length + hand.outcome.bankerCards.length,
    );
    expect(addPoint(dealt, "tie").ok).toBe(false);
    expect(deal(dealt, random).ok).toBe(false);
    const again = game(next(dealt));
    expect(again).toMatchObject({ phase: "betting", balance: dealt.balance });
    expect(again.bets.banker).toBe(0);
  });

  it("credits what each hand returns to the balance, winning hands included", () => {
    const random = rng();
    let current = newQuickGame(random);
    let won = 0;
    for (let hand = 0; hand < 20; hand++) {
      const betting = clicks(clicks(current, "player", 1), "playerPair", 1);
      const dealt = game(deal(betting, random));
      const returned = dealt.lastHand!.settlements.reduce((sum, s) => sum + s.returned, 0);
      if (returned > 0) won++;
      expect(dealt.balance).toBe(current.balance - 2 * POINT + returned);
      current = game(next(dealt));
    }
    expect(won).toBeGreaterThan(0);
  });

  it("Undo only before the deal, Next only after it", () => {
    const random = rng();
    const refused = { ok: false, violations: [{ rule: "WRONG_PHASE" }] };
    const betting = clicks(newQuickGame(random), "tie", 1);
    expect(next(betting)).toMatchObject(refused);
    expect(undo(game(deal(betting, random)))).toMatchObject(refused);
  });

  it("refuses to deal with no points on the spots", () => {
    const step = deal(newQuickGame(rng()), rng());
    expect(!step.ok && step.violations[0]!.rule).toBe("NO_BETS");
  });

  it("starts over at 50 points only when no points are left", () => {
    const random = rng();
    expect(startOver(newQuickGame(random)).ok).toBe(false);
    let current = newQuickGame(random);
    while (current.balance > 0) {
      current = game(
        next(game(deal(clicks(current, "tie", Math.min(5, current.balance / POINT)), random))),
      );
    }
    const restarted = game(startOver(current));
    expect(restarted.balance).toBe(QUICK_START_BALANCE);
  });

  it("starts over straight after the deal that lost the last points, without Next", () => {
    const random = rng();
    let current = newQuickGame(random);
    let dealt = current;
    while (dealt.balance > 0 || dealt.phase !== "dealt") {
      current = dealt.phase === "dealt" ? game(next(dealt)) : current;
      dealt = game(deal(clicks(current, "tie", Math.min(5, current.balance / POINT)), random));
    }
    expect(dealt.bets.tie).toBeGreaterThan(0);
    expect(game(startOver(dealt))).toMatchObject({
      phase: "betting",
      balance: QUICK_START_BALANCE,
      bets: { tie: 0 },
    });
    const betting = clicks(game(startOver(dealt)), "tie", 5);
    expect(startOver({ ...betting, balance: 0 }).ok).toBe(false);
  });

  it("reshuffles all 520 cards when fewer than 6 remain", () => {
    const random = rng();
    let current = newQuickGame(random);
    const shoe = current.shoe;
    current = { ...current, shoe: { ...shoe, position: shoe.cards.length - 5 } };
    const dealt = game(deal(clicks(current, "player", 1), random));
    const used =
      dealt.lastHand!.outcome.playerCards.length + dealt.lastHand!.outcome.bankerCards.length;
    expect(dealt.shoe.position).toBe(used);
    expect(dealt.shoe.cards).toHaveLength(520);
  });

  it("deals on without a reshuffle while 6 cards remain", () => {
    const random = rng();
    const current = newQuickGame(random);
    const start = current.shoe.cards.length - 6;
    const shoe = { ...current.shoe, position: start };
    const dealt = game(deal(clicks({ ...current, shoe }, "player", 1), random));
    const used =
      dealt.lastHand!.outcome.playerCards.length + dealt.lastHand!.outcome.bankerCards.length;
    expect(dealt.shoe.position).toBe(start + used);
    expect(dealt.lastHand!.outcome.playerCards[0]).toBe(current.shoe.cards[start]);
  });
});
