import { describe, expect, it } from "vitest";

import { bestTotal, dealerTotal, isNatural, minTotal, premiumOf } from "../../src/joker-blackjack";
import { cards } from "./table";

describe("hand totals", () => {
  it.each([
    ["AH 6D", 17],
    ["AH 6D TC", 17],
    ["AH AD", 12],
    ["AH 2D AC 2S AD 3H 2H", 12],
    ["TH 6D KC", 26],
    ["JK 5D", 16],
    ["JK 5D 5H", 21],
    ["JK AD", 21],
    ["JK 2D", 13],
    ["AH JK", 21],
    ["JK JK", 21],
    ["TH KD JK", 21],
    ["TH KD 2C JK", 23],
  ])("%s counts %i (a joker is any value 1–11)", (hand, total) => {
    expect(bestTotal(cards(hand))).toBe(total);
  });

  it("the smallest total counts aces and jokers 1", () => {
    expect(minTotal(cards("AH JK 9C"))).toBe(11);
  });

  it("the dealer's total counts no joker and an ace 11 when it does not bust", () => {
    expect(dealerTotal(cards("AH 6D"))).toBe(17);
    expect(dealerTotal(cards("AH 6D 5C"))).toBe(12);
  });

  it("a natural is an ace and a T card, never with a joker", () => {
    expect(isNatural(cards("AH QD"))).toBe(true);
    expect(isNatural(cards("TH AS"))).toBe(true);
    expect(isNatural(cards("JK AS"))).toBe(false);
    expect(isNatural(cards("AH 5D 5C"))).toBe(false);
  });
});

describe("premium detection", () => {
  it.each([
    ["AS JS", "Pure BJ"],
    ["JS AS", "Pure BJ"],
    ["JK JS", "Pure BJ"],
    ["AS QS", null],
    ["AH JS", null],
    ["6H 7D 8C", "678"],
    ["8C JK 6H", "678"],
    ["6H 7H 8H", "Flush 678"],
    ["6H JK 8H", "Flush 678"],
    ["7H 7D 7C", "Three 7s"],
    ["7C 7C JK", "Flush three 7s"],
    ["TH 6D JK", "Last of Joker"],
    ["AH 5D JK", "Last of Joker"],
    ["6H JK 7D", "678"],
    ["2H 5D 2C 5S", "Perfect Smile"],
    ["2H JK 2C 5S", "Perfect Smile"],
    ["5H 2D 5C 2S", null],
    ["AH 2D 3C 4S 5H 6D", "A to 6"],
    ["AH 2D 3C 4S JK 6D", "A to 6"],
    ["AH 2D AC 2S AD 3H", "6-under"],
    ["TH 2D AC 2S AD 3H", "6-under"],
    ["TH 9D AC 2S AD 3H", null],
    ["AH 2D AC 2S AD 3H 2H", "7-under"],
  ])("%s makes %s", (hand, name) => {
    expect(premiumOf(cards(hand))).toBe(name);
  });
});
