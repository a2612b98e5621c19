import { JOKER, rankOf, suitOf } from "@fuda/shoe";
import type { Card } from "@fuda/shoe";

import { bestTotal, minTotal } from "./hand";

/** The premium hands by their names on the table (docs/rules/joker-blackjack.md, Premium hands). */
export type PremiumName =
  | "Pure BJ"
  | "678"
  | "Flush 678"
  | "Three 7s"
  | "Flush three 7s"
  | "6-under"
  | "7-under"
  | "A to 6"
  | "Perfect Smile"
  | "Last of Joker";

/** The non-point award recorded with the flush premiums ("Nailed A", ネイルドA). */
export type Award = "Nailed A";

export interface Premium {
  readonly name: PremiumName;
  /** Total return as a multiple of the hand's stake (stake included). */
  readonly pays: number;
  readonly award: Award | null;
  /** 6-/7-under are paid when the hand finishes, every other premium the moment it forms. */
  readonly paidWhenFinished: boolean;
}

export const PREMIUMS: Readonly<Record<PremiumName, Premium>> = {
  "Pure BJ": { name: "Pure BJ", pays: 5, award: null, paidWhenFinished: false },
  "678": { name: "678", pays: 3, award: null, paidWhenFinished: false },
  "Flush 678": { name: "Flush 678", pays: 5, award: "Nailed A", paidWhenFinished: false },
  "Three 7s": { name: "Three 7s", pays: 10, award: null, paidWhenFinished: false },
  "Flush three 7s": {
    name: "Flush three 7s",
    pays: 15,
    award: "Nailed A",
    paidWhenFinished: false,
  },
  "6-under": { name: "6-under", pays: 3, award: null, paidWhenFinished: true },
  "7-under": { name: "7-under", pays: 7, award: null, paidWhenFinished: true },
  "A to 6": { name: "A to 6", pays: 50, award: null, paidWhenFinished: false },
  "Perfect Smile": { name: "Perfect Smile", pays: 25, award: null, paidWhenFinished: false },
  "Last of Joker": { name: "Last of Joker", pays: 25, award: null, paidWhenFinished: false },
};

export const PREMIUM_NAMES = Object.keys(PREMIUMS) as readonly PremiumName[];

const ACE_OF_SPADES = 0x01;
const JACK_OF_SPADES = 0x0b;
const PERFECT_SMILE = [2, 5, 2, 5] as const;

/** Every non-joker card has the same suit (a joker completes any suited premium). */
function suited(cards: readonly Card[]): boolean {
  let suit = -1;
  for (const card of cards) {
    if (card === JOKER) continue;
    const s = suitOf(card);
    if (suit < 0) suit = s;
    else if (s !== suit) return false;
  }
  return true;
}

/**
 * Every non-joker card has a distinct rank inside `low..high`: the jokers stand for the missing
 * ones, so the hand holds exactly one of each rank.
 */
function oneOfEachRank(cards: readonly Card[], low: number, high: number): boolean {
  let seen = 0;
  for (const card of cards) {
    if (card === JOKER) continue;
    const rank = rankOf(card);
    if (rank < low || rank > high || (seen & (1 << rank)) !== 0) return false;
    seen |= 1 << rank;
  }
  return true;
}

/** Every card has this rank or is a joker. */
function allRank(cards: readonly Card[], rank: number): boolean {
  for (const card of cards) if (card !== JOKER && rankOf(card) !== rank) return false;
  return true;
}

function isPureCard(card: Card): boolean {
  return card === JOKER || card === ACE_OF_SPADES || card === JACK_OF_SPADES;
}

function threeCardPremium(cards: readonly Card[]): PremiumName | null {
  const [first, second, third] = cards as [Card, Card, Card];
  const flush = suited(cards);
  if (allRank(cards, 7)) {
    return flush ? "Flush three 7s" : "Three 7s";
  }
  if (third === JOKER && first !== JOKER && second !== JOKER && bestTotal([first, second]) === 16) {
    return "Last of Joker";
  }
  if (oneOfEachRank(cards, 6, 8)) return flush ? "Flush 678" : "678";
  return null;
}

/**
 * The highest premium the hand's cards make the moment its latest card arrives (only the highest
 * pays). 6-/7-under are reported here too; the round pays them when the hand finishes.
 */
export function premiumOf(cards: readonly Card[]): PremiumName | null {
  switch (cards.length) {
    case 2: {
      // Pure BJ: A♠ and J♠, a joker standing for either (two jokers stand for both).
      const [a, b] = cards as [Card, Card];
      return isPureCard(a) && isPureCard(b) && (a !== b || a === JOKER) ? "Pure BJ" : null;
    }
    case 3:
      return threeCardPremium(cards);
    case 4:
      return cards.every((card, i) => card === JOKER || rankOf(card) === PERFECT_SMILE[i])
        ? "Perfect Smile"
        : null;
    case 6:
      if (oneOfEachRank(cards, 1, 6)) return "A to 6";
      return minTotal(cards) <= 21 ? "6-under" : null;
    case 7:
      return minTotal(cards) <= 21 ? "7-under" : null;
    default:
      return null;
  }
}
