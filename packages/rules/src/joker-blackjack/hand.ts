import { JOKER, rankOf } from "@fuda/shoe";
import type { Card } from "@fuda/shoe";

/** Blackjack value of a card with the ace as 1: 2–10 face, J/Q/K ("T cards") 10; joker 0. */
export function hardValue(card: Card): number {
  const rank = rankOf(card);
  return rank >= 10 ? 10 : rank;
}

/** A T card: 10, J, Q or K. */
export function isTen(card: Card): boolean {
  return rankOf(card) >= 10;
}

/**
 * The smallest total a hand can show: aces 1, each joker 1 (its lowest value). Above 21 the hand
 * is bust.
 */
export function minTotal(cards: readonly Card[]): number {
  let total = 0;
  for (const card of cards) total += card === JOKER ? 1 : hardValue(card);
  return total;
}

/**
 * The best total ≤ 21 (the bust total when none). A joker in a player's hand is wild: it counts
 * as any value 1..11, so with one joker every total from min to min + 10 is reachable, plus 10
 * more with an ace counted 11.
 */
export function bestTotal(cards: readonly Card[]): number {
  let total = 0;
  let aces = 0;
  let jokers = 0;
  for (const card of cards) {
    if (card === JOKER) jokers++;
    else {
      const value = hardValue(card);
      total += value;
      if (value === 1) aces++;
    }
  }
  if (jokers === 0) return aces > 0 && total + 10 <= 21 ? total + 10 : total;
  const min = total + jokers;
  if (min > 21) return min;
  const max = total + 11 * jokers + (aces > 0 ? 10 : 0);
  return max > 21 ? 21 : max;
}

/** Two cards, an ace and a T card, neither a joker (a joker + A/T is 21, not a blackjack). */
export function isNatural(cards: readonly Card[]): boolean {
  if (cards.length !== 2) return false;
  const [a, b] = cards as [Card, Card];
  if (a === JOKER || b === JOKER) return false;
  return (hardValue(a) === 1 && isTen(b)) || (isTen(a) && hardValue(b) === 1);
}

/**
 * Total without wild jokers, an ace counting 11 when that does not bust: the dealer's (a dealer
 * joker pushes the round before it would count) or a player's hand holding no joker.
 */
export function dealerTotal(cards: readonly Card[]): number {
  let total = 0;
  let aces = 0;
  for (const card of cards) {
    const value = hardValue(card);
    total += value;
    if (value === 1) aces++;
  }
  return aces > 0 && total + 10 <= 21 ? total + 10 : total;
}
