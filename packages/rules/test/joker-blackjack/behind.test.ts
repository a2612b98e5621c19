/**
 * Bet Behind against the engine (docs/rules/joker-blackjack.md, Bet Behind): a backer's stake on
 * seat 3 returns, per unit, what one unit of the seat's first hand's own stake returned in the
 * engine's settlement records; the seated player's double, split hands, insurance and even money
 * are theirs alone.
 */
import { describe, expect, it } from "vitest";

import { behindReturn, nextDealerStep } from "../../src/joker-blackjack";
import { POINT, Table } from "./table";

/** The dealer's steps until the round is over. */
function dealerPlays(t: Table): void {
  for (let step = nextDealerStep(t.state); step !== null; step = nextDealerStep(t.state)) {
    t.do({ type: step });
  }
  expect(t.state.phase).toBe("over");
}

/** The dealer's cards as a table shows them: the hole card only once turned. */
const shown = (t: Table) => (t.state.holeRevealed ? t.state.dealer : t.state.dealer.slice(0, 1));

/** What a backer's `points` on `seat` return, in points. */
const backer = (t: Table, seat: number, points: number) =>
  behindReturn(points * POINT, seat, t.settlements, shown(t)) / POINT;

/**
 * The reading applied to the engine's own records: the first hand's settle and top-ups, per unit
 * of that hand's stake as it was settled.
 */
function perUnitOfFirstHand(t: Table, seat: number): number {
  const records = t.settlements.filter(
    (s) => s.seat === seat && s.hand === 0 && s.bet === "hand" && s.kind !== "refund",
  );
  const settle = records.find((s) => s.kind === "settle")!;
  return records.reduce((sum, s) => sum + s.amount, 0) / settle.stake;
}

describe("Bet Behind follows the seat's first hand", () => {
  it("seat 3 splits: the backer's stake stays with hand 1 (the first card) and wins with it", () => {
    // Seat 3 splits 8s: hand 1 draws A (19), hand 2 draws 9 (17); the dealer makes 18.
    const t = new Table(["TH 8C", "TC 9D", "8H 8D"], "9C 7S", "AC 9C 2C");
    t.deal();
    t.act(1, "stand");
    t.act(2, "stand");
    t.act(3, "split", "stand", "stand");
    dealerPlays(t);
    expect(t.of(3)).toEqual(["win 20", "lose 0"]);
    expect(perUnitOfFirstHand(t, 3)).toBe(2);
    expect(backer(t, 3, 30)).toBe(30 * perUnitOfFirstHand(t, 3));
    expect(backer(t, 3, 30)).toBe(60);
  });

  it("seat 3 splits and its first hand loses: the backer loses, whatever the second hand does", () => {
    const t = new Table(["TH 8C", "TC 9D", "8H 8D"], "9C 7S", "9C AC 2C");
    t.deal();
    t.act(1, "stand");
    t.act(2, "stand");
    t.act(3, "split", "stand", "stand");
    dealerPlays(t);
    expect(t.of(3)).toEqual(["lose 0", "win 20"]);
    expect(backer(t, 3, 10)).toBe(0);
  });

  it("seat 3 doubles: the backer's stake is not doubled and returns what one unit of the hand did", () => {
    // 6 + 5 doubled draws a 9 (20); the dealer's 16 draws a T and busts.
    const t = new Table(["TH 8C", "TC 9D", "6H 5D"], "9C 7S", "9C TD");
    t.deal();
    t.act(1, "stand");
    t.act(2, "stand");
    t.act(3, "double");
    dealerPlays(t);
    expect(t.of(3)).toEqual(["win 40"]);
    expect(perUnitOfFirstHand(t, 3)).toBe(2);
    expect(backer(t, 3, 10)).toBe(10 * perUnitOfFirstHand(t, 3));
    expect(backer(t, 3, 10)).toBe(20);
  });

  it("a premium on a doubled hand pays the backer per unit too: 678 is 3× of one unit", () => {
    const t = new Table(["TH 8C", "TC 9D", "6H 7D"], "9C 7S", "8C TD");
    t.deal();
    t.act(1, "stand");
    t.act(2, "stand");
    t.act(3, "double");
    dealerPlays(t);
    expect(t.of(3)).toEqual(["678 60"]);
    expect(backer(t, 3, 10)).toBe(30);
  });

  it("seat 3's blackjack pays the backer as a blackjack: 2.5×", () => {
    const t = new Table(["TH 8C", "TC 9D", "AH KD"], "9C 7S", "TD");
    t.deal();
    t.act(1, "stand");
    t.act(2, "stand");
    dealerPlays(t);
    expect(t.of(3)).toEqual(["blackjack 25"]);
    expect(backer(t, 3, 10)).toBe(10 * perUnitOfFirstHand(t, 3));
    expect(backer(t, 3, 7)).toBe(17.5);
  });

  it("seat 3 takes even money: the backer's blackjack still pays 2.5× when the dealer has none", () => {
    const t = new Table(["TH 8C", "TC 9D", "AH KD"], "AC 7S", "");
    t.deal();
    t.act(1, "declineInsurance");
    t.act(2, "declineInsurance");
    t.act(3, "evenMoney");
    t.act(1, "stand");
    t.act(2, "stand");
    dealerPlays(t);
    expect(t.of(3)).toEqual(["even money 20"]);
    expect(backer(t, 3, 10)).toBe(25);
  });

  it("seat 3 takes even money against a dealer blackjack: the backer's blackjack pushes", () => {
    const t = new Table(["TH 8C", "TC 9D", "AH KD"], "AC KS", "");
    t.deal();
    t.act(1, "declineInsurance");
    t.act(2, "declineInsurance");
    t.act(3, "evenMoney");
    expect(t.state.phase).toBe("over");
    expect(t.of(3)).toEqual(["even money 20"]);
    expect(backer(t, 3, 10)).toBe(10);
  });

  it("seat 3 insures against a dealer blackjack: the backer's uninsured stake loses", () => {
    const t = new Table(["TH 8C", "TC 9D", "9H 7D"], "AC KS", "");
    t.deal();
    t.act(1, "declineInsurance");
    t.act(2, "declineInsurance");
    t.act(3, "insurance");
    expect(t.of(3)).toEqual(["insurance 5", "insurance 10"]);
    expect(backer(t, 3, 10)).toBe(0);
  });

  it("seat 3 surrenders: the backer gets half the stake back", () => {
    const t = new Table(["TH 8C", "TC 9D", "TH 6D"], "9C 7S", "TD");
    t.deal();
    t.act(1, "stand");
    t.act(2, "stand");
    t.act(3, "surrender");
    dealerPlays(t);
    expect(t.of(3)).toEqual(["surrender 5"]);
    expect(backer(t, 3, 10)).toBe(10 * perUnitOfFirstHand(t, 3));
    expect(backer(t, 3, 10)).toBe(5);
  });

  it("the last seat's joker pays the backer the joker's 2×, not the seat's own 3× bonus", () => {
    // Seat 3 is the last seat: holding as much as at sit-down, its joker adds a further 3×.
    const t = new Table(["TH 8C", "TC 9D", "5D JK"], "9C 7S", "TD");
    t.deal();
    expect(t.of(3)).toEqual(["last-seat bonus 30", "joker 20"]);
    t.act(1, "stand");
    t.act(2, "stand");
    t.act(3, "stand");
    dealerPlays(t);
    expect(backer(t, 3, 10)).toBe(20);
  });

  it("a first hand not yet settled has no return to follow", () => {
    const t = new Table(["TH 8C", "TC 9D", "TH 6D"], "9C 7S", "TD");
    t.deal();
    expect(() => backer(t, 3, 10)).toThrow(/seat 3: the seat's first hand is not settled yet/);
  });
});
