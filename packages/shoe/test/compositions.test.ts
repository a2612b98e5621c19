import { describe, expect, it } from "vitest";

import {
  JOKER,
  blackjackShoe,
  cardCounts,
  composition,
  isPermutationOf,
  makeCard,
  quickGameDeck,
  rankOf,
  standardDecks,
} from "../src/index";

describe("compositions", () => {
  it("8 standard decks hold 416 cards, 8 of each card, no jokers", () => {
    const counts = cardCounts(standardDecks(8));
    expect(standardDecks(8).length).toBe(416);
    for (let suit = 0; suit < 4; suit++) {
      for (let rank = 1; rank <= 13; rank++) expect(counts[makeCard(rank, suit)]).toBe(8);
    }
    expect(counts[JOKER]).toBe(0);
  });

  it("the quick game's deck is 13 ranks × 5 suits × 8 = 520 cards, 40 of each rank", () => {
    const deck = quickGameDeck();
    expect(deck.length).toBe(520);
    for (let rank = 1; rank <= 13; rank++) {
      expect(deck.filter((card) => rankOf(card) === rank).length).toBe(40);
    }
    expect(cardCounts(deck)[makeCard(5, 4)]).toBe(8);
  });

  it("blackjack defaults to 6 decks plus 1 joker, both configurable", () => {
    expect(blackjackShoe().length).toBe(313);
    expect(cardCounts(blackjackShoe())[JOKER]).toBe(1);
    expect(cardCounts(blackjackShoe(2, 3))[JOKER]).toBe(3);
    expect(blackjackShoe(2, 3).length).toBe(107);
  });

  it("refuses an empty or impossible composition", () => {
    expect(() => composition({ decks: 0 })).toThrow(/decks/);
    expect(() => composition({ decks: 1, suits: 6 })).toThrow(/suits/);
    expect(() => composition({ decks: 1, jokers: -1 })).toThrow(/jokers/);
  });

  it("isPermutationOf compares multisets, not order", () => {
    const deck = standardDecks(1);
    expect(isPermutationOf(deck.slice().reverse(), deck)).toBe(true);
    const swapped = deck.slice();
    swapped[0] = swapped[1]!;
    expect(isPermutationOf(swapped, deck)).toBe(false);
    expect(isPermutationOf(deck.subarray(1), deck)).toBe(false);
  });
});
