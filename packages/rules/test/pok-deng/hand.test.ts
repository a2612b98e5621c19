import { makeCard, parseCard, rankOf, suitOf } from "@fuda/shoe";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  FLUSH_BIT,
  PAIR_BIT,
  PATTERN_BIT,
  checkedHandCode,
  evaluateHand,
  handCode,
  scoreOf,
} from "../../src/pok-deng";

const hand = (text: string) => {
  const [first, second] = text.split(" ").map(parseCard);
  return evaluateHand(first!, second!);
};

const pokDengCard = fc
  .tuple(fc.integer({ min: 1, max: 13 }), fc.integer({ min: 0, max: 3 }))
  .map(([rank, suit]) => makeCard(rank, suit));

describe("Pok Deng hand values", () => {
  it("counts points as in baccarat: A = 1, 2–9 face, 10/J/Q/K = 0, total mod 10", () => {
    expect(hand("8♣ 7♦")).toMatchObject({ score: 50, points: 5, special: null });
    expect(hand("9♠ K♥")).toMatchObject({ score: 90, points: 9 });
    expect(hand("A♠ 7♥")).toMatchObject({ score: 80, points: 8 });
    expect(hand("4♦ 6♣")).toMatchObject({ score: 0, points: 0, special: null });
  });

  it("scores an AK flush 7.5, and AK of two suits as a plain 1", () => {
    expect(hand("A♦ K♦")).toMatchObject({ score: 75, special: "akFlush" });
    expect(hand("K♠ A♠")).toMatchObject({ score: 75, special: "akFlush" });
    expect(hand("A♦ K♠")).toMatchObject({ score: 10, special: null });
  });

  it("scores a pair of A, 5, 6 or 10 as a special pair 7.4, suited or not", () => {
    for (const text of ["A♠ A♣", "5♥ 5♦", "6♠ 6♥", "10♣ 10♦", "5♣ 5♣", "10♥ 10♥"]) {
      expect(hand(text)).toMatchObject({ score: 74, special: "specialPair", pair: true });
    }
    expect(hand("7♠ 7♥")).toMatchObject({ score: 40, special: null, pair: true });
  });

  it("scores any two of J, Q, K as a face-card combo 7.3, JJ/QQ/KK and suited included", () => {
    for (const text of ["J♠ J♥", "J♦ Q♦", "J♠ K♥", "Q♦ Q♣", "Q♠ K♥", "K♦ K♣", "Q♣ J♣"]) {
      expect(hand(text)).toMatchObject({ score: 73, special: "faceCardCombo" });
    }
  });

  it("scores a 10 with a J, Q or K as a zero-point face single 7.2, suited or not", () => {
    for (const text of ["10♥ J♥", "10♣ Q♥", "10♠ K♥", "Q♣ 10♣"]) {
      expect(hand(text)).toMatchObject({ score: 72, special: "zeroPointFaceSingle" });
    }
  });

  it("scores a suited zero total without face cards as a zero-point flush 7.1", () => {
    for (const text of ["A♦ 9♦", "2♥ 8♥", "3♣ 7♣", "4♦ 6♦"]) {
      expect(hand(text)).toMatchObject({ score: 71, special: "zeroPointFlush", flush: true });
    }
    expect(hand("4♦ 6♣")).toMatchObject({ score: 0, special: null });
  });

  it("marks a pattern for a flush (face cards included), a pair or any special hand", () => {
    expect(hand("8♣ J♣")).toMatchObject({ flush: true, pair: false, pattern: true });
    expect(hand("7♠ 7♥")).toMatchObject({ flush: false, pair: true, pattern: true });
    expect(hand("J♠ K♥")).toMatchObject({ flush: false, pair: false, pattern: true });
    expect(hand("9♦ 6♣")).toMatchObject({ flush: false, pair: false, pattern: false });
  });

  it("ranks 9 > 8 > 7.5 > 7.4 > 7.3 > 7.2 > 7.1 > 7 > … > 0", () => {
    const ranking = ["9♠ K♥", "8♠ K♥", "A♦ K♦", "5♥ 5♦", "J♦ Q♦", "10♠ K♥", "2♥ 8♥", "7♠ K♥"];
    const scores = ranking.map((text) => hand(text).score);
    expect(scores).toEqual([90, 80, 75, 74, 73, 72, 71, 70]);
  });

  it("refuses jokers and the fifth suit", () => {
    expect(() => evaluateHand(parseCard("JK"), parseCard("A♠"))).toThrow(/no card/);
    expect(() => evaluateHand(parseCard("A★"), parseCard("A♠"))).toThrow(/four suits/);
    expect(() => checkedHandCode(parseCard("A♠"), 0x50)).toThrow(/no card/);
  });

  it("the hand-code table agrees with the full evaluation for every pair of cards", () => {
    fc.assert(
      fc.property(pokDengCard, pokDengCard, (first, second) => {
        const full = evaluateHand(first, second);
        const code = handCode(first, second);
        expect(scoreOf(code)).toBe(full.score);
        expect((code & PATTERN_BIT) !== 0).toBe(full.pattern);
        expect((code & FLUSH_BIT) !== 0).toBe(suitOf(first) === suitOf(second));
        expect((code & PAIR_BIT) !== 0).toBe(rankOf(first) === rankOf(second));
      }),
    );
  });

  it("a hand's value does not depend on the order of its two cards", () => {
    fc.assert(
      fc.property(pokDengCard, pokDengCard, (first, second) => {
        expect(evaluateHand(second, first)).toEqual(evaluateHand(first, second));
      }),
    );
  });
});
