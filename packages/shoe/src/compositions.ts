import { JOKER } from "./cards";

export interface CompositionOptions {
  /** Copies of the deck. */
  decks: number;
  /** Suits per deck: 4 for a standard deck, 5 for the quick game's deck. Default 4. */
  suits?: number;
  /** Jokers added to the whole shoe (not per deck). Default 0. */
  jokers?: number;
}

/** The cards of a shoe in new-deck order (deck by deck, suit by suit, A..K), jokers last. */
export function composition({ decks, suits = 4, jokers = 0 }: CompositionOptions): Uint8Array {
  if (!Number.isInteger(decks) || decks < 1)
    throw new RangeError(`decks must be ≥ 1, got ${decks}`);
  if (!Number.isInteger(suits) || suits < 1 || suits > 5) {
    throw new RangeError(`suits must be 1..5, got ${suits}`);
  }
  if (!Number.isInteger(jokers) || jokers < 0) {
    throw new RangeError(`jokers must be ≥ 0, got ${jokers}`);
  }
  const cards = new Uint8Array(decks * suits * 13 + jokers);
  let i = 0;
  for (let deck = 0; deck < decks; deck++) {
    for (let suit = 0; suit < suits; suit++) {
      for (let rank = 1; rank <= 13; rank++) cards[i++] = (suit << 4) | rank;
    }
  }
  cards.fill(JOKER, i);
  return cards;
}

/** N standard 52-card decks (baccarat and Pok Deng use 8). */
export function standardDecks(decks: number): Uint8Array {
  return composition({ decks });
}

/** Quick baccarat: 13 ranks × 5 suits × 8 copies = 520 cards (docs/rules/quick-baccarat.md). */
export function quickGameDeck(): Uint8Array {
  return composition({ decks: 8, suits: 5 });
}

/** Joker blackjack: 6 decks + 1 joker by default, both per table (docs/rules/live-tables.md). */
export function blackjackShoe(decks = 6, jokers = 1): Uint8Array {
  return composition({ decks, jokers });
}

/** Count of each card code (index = card), to compare a shoe with its composition. */
export function cardCounts(cards: Uint8Array | readonly number[]): Uint32Array {
  const counts = new Uint32Array(256);
  for (const card of cards) {
    if (!Number.isInteger(card) || card < 0 || card > 0xff)
      throw new RangeError(`not a card: ${card}`);
    counts[card]!++;
  }
  return counts;
}

/** True when `cards` holds exactly the cards of `expected`, in any order. */
export function isPermutationOf(
  cards: Uint8Array | readonly number[],
  expected: Uint8Array | readonly number[],
): boolean {
  if (cards.length !== expected.length) return false;
  const a = cardCounts(cards);
  const b = cardCounts(expected);
  return a.every((count, card) => count === b[card]);
}
