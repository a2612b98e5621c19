import { HmacDrbg, parseCard, shoeFromJson, startRound, toHex } from "@fuda/shoe";
import { describe, expect, it } from "vitest";

import {
  REVEAL_ORDER,
  dealRound,
  openShoe,
  reopenShoe,
  roundFromDealtCards,
  seatCards,
} from "../../src/pok-deng";

/** A shoe dealing `order` as given, the cut card just before index `cutIndex` (-1: none). */
const stackedShoe = (order: string[], cutIndex = -1) =>
  shoeFromJson({
    version: 1,
    cards: toHex(Uint8Array.from(order, parseCard)),
    salt: "00".repeat(32),
    cutCard: null,
    position: 0,
    cutIndex,
    cutCardReached: false,
    round: 0,
    inRound: false,
    finished: false,
    burned: [],
    roundStarts: [],
  });

// Burn, then first cards P1…P5 + Banker, then second cards in the same order.
const oneRound = ["2♦", "A♠", "2♠", "3♠", "4♠", "5♠", "6♠", "A♥", "2♥", "3♥", "4♥", "5♥", "6♥"];

describe("Pok Deng deal", () => {
  it("burns one card, then deals P1…P5 and the Banker one card each, twice", () => {
    const shoe = stackedShoe([...oneRound, ...oneRound]);
    const dealt = dealRound(shoe);
    expect(dealt.number).toBe(1);
    expect(shoe.burned[0]).toBe(1);
    expect(seatCards(dealt.cards, 1)).toEqual([parseCard("A♠"), parseCard("A♥")]);
    expect(seatCards(dealt.cards, 5)).toEqual([parseCard("5♠"), parseCard("5♥")]);
    expect(dealt.cards.banker).toEqual([parseCard("6♠"), parseCard("6♥")]);
    expect(dealt.lastRound).toBe(false);
    expect(dealRound(shoe).number).toBe(2);
  });

  it("a round is exactly 12 dealt cards", () => {
    const dealt = oneRound.slice(1).map(parseCard);
    expect(roundFromDealtCards(dealt).banker).toEqual([parseCard("6♠"), parseCard("6♥")]);
    expect(() => roundFromDealtCards([...dealt, parseCard("7♥")])).toThrow(
      "a Pok Deng round is 12 cards, got 13",
    );
    expect(() => roundFromDealtCards(dealt.slice(1))).toThrow("got 11");
  });

  it("reveals Player 1 … Player 5, then the Banker", () => {
    expect(REVEAL_ORDER).toEqual([1, 2, 3, 4, 5, "banker"]);
  });

  it("the round in which the cut card comes out is the shoe's last, and it is finished", () => {
    const shoe = stackedShoe([...oneRound, ...oneRound, ...oneRound], 13 + 5);
    expect(dealRound(shoe).lastRound).toBe(false);
    const last = dealRound(shoe);
    expect(last.lastRound).toBe(true);
    expect(seatCards(last.cards, 5)).toEqual([parseCard("5♠"), parseCard("5♥")]);
    expect(() => startRound(shoe)).toThrow(/finished/);
  });

  it("a new shoe turns its first card and burns that many more (10/J/Q/K: 10)", () => {
    const rng = new HmacDrbg({ serverSeed: "c0ffee" });
    const { shoe, firstCardBurn } = openShoe({ rng });
    expect(shoe.cards).toHaveLength(416);
    expect(firstCardBurn.shownCard).toBe(shoe.cards[0]);
    expect(shoe.position).toBe(1 + firstCardBurn.burnCount);
    expect(() => reopenShoe(shoe, rng)).toThrow(/last round/);
    for (let round = 1; !dealRound(shoe).lastRound; round++) expect(round).toBeLessThan(32);
    const next = reopenShoe(shoe, rng);
    expect(shoe.position).toBe(1 + next.burnCount);
    expect(shoe.round).toBe(0);
  });
});
