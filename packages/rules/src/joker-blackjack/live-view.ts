/**
 * What the public sees of a joker blackjack round at a live table: the hands as shown (during the
 * deal only the cards turned so far, the hole card never before it is revealed), running totals,
 * the settlements as events, the result and the road mark.
 */
import { JOKER } from "@fuda/shoe";
import type { Card } from "@fuda/shoe";

import type { HandSettled, PublicHand } from "../live/events";
import { bestTotal, dealerTotal, isNatural } from "./hand";
import type { JokerBlackjackSeat } from "./live-round";
import { PREMIUM_NAMES } from "./premiums";
import type { PremiumName } from "./premiums";
import type { RoundState, Settlement } from "./types";

/** A hand's name in positions and totals: `seat-3.1` is seat 3's first hand. */
export const handName = (seat: number, hand: number): string => `seat-${seat}.${hand + 1}`;

/** How much of the engine's round has been shown. */
export interface Shown {
  readonly dealShown: number;
  readonly dealCards: number;
  readonly holeShown: boolean;
  readonly settlements: readonly Settlement[];
}

/**
 * The role of the deal's k-th card (docs/rules/joker-blackjack.md, Deal and early settlements):
 * each seat's first card, the up card, each seat's second card, the hole card.
 */
export function dealSlot(k: number, seats: number): { seat: number; card: 1 | 2 } | "up" | "hole" {
  if (k < seats) return { seat: k, card: 1 };
  if (k === seats) return "up";
  if (k <= 2 * seats) return { seat: k - seats - 1, card: 2 };
  return "hole";
}

function shownHands(state: RoundState, i: number, shown: Shown): Card[][] {
  const hands = state.seats[i]!.hands;
  if (shown.dealShown >= shown.dealCards) return hands.map((hand) => [...hand.cards]);
  const n = state.seats.length;
  const [first, second] = hands[0]!.cards;
  const cards: Card[] = [];
  if (shown.dealShown > i && first !== undefined) cards.push(first);
  if (shown.dealShown > n + 1 + i && second !== undefined) cards.push(second);
  return [cards];
}

const sum = (records: readonly Settlement[]): number =>
  records.reduce((total, record) => total + record.amount, 0);

export function seatsView(state: RoundState, shown: Shown): JokerBlackjackSeat[] {
  return state.seats.map((seat, i) => {
    const records = shown.settlements.filter((record) => record.seat === seat.seat);
    const hands = shownHands(state, i, shown).map((cards, h): PublicHand => {
      const own = records.filter((record) => record.bet === "hand" && record.hand === h);
      return {
        cards,
        total: bestTotal(cards),
        stake: seat.hands[h]!.stake,
        // The last-seat bonus and refunds are paid beside the bet: the seat's `returned` has them.
        returned: sum(own.filter((record) => record.kind === "settle" || record.kind === "topUp")),
        settled: own.some((record) => record.kind === "settle"),
      };
    });
    return { seat: seat.seat, hands, insurance: seat.insurance, returned: sum(records) };
  });
}

/** The dealer's cards shown: the up card once turned, the hole card and draws once revealed. */
export function dealerView(state: RoundState, shown: Shown): Card[] {
  const up = state.dealer[0];
  if (shown.dealShown <= state.seats.length || up === undefined) return [];
  return shown.holeShown ? [...state.dealer] : [up];
}

export function totalsOf(
  seats: readonly JokerBlackjackSeat[],
  dealer: readonly Card[],
): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const seat of seats) {
    seat.hands.forEach((hand, h) => {
      if (hand.cards.length > 0) totals[handName(seat.seat, h)] = hand.total;
    });
  }
  if (dealer.length > 0) totals.dealer = dealerTotal(dealer);
  return totals;
}

export const settledEvent = (record: Settlement): HandSettled => ({
  type: "hand.settled",
  seat: record.seat,
  hand: record.hand,
  bet: record.bet,
  kind: record.kind,
  reason: record.reason,
  stake: record.stake,
  amount: record.amount,
  awards: record.awards,
});

/**
 * The dealer's result: `joker` (every open bet pushed), `blackjack`, `bust` or the total; null
 * when the hole card was never revealed (no bettors, or a dealing mistake ended the round).
 */
export type DealerResult = "joker" | "blackjack" | "bust" | number | null;

export function dealerResult(cards: readonly Card[]): DealerResult {
  if (cards.includes(JOKER)) return "joker";
  if (cards.length < 2) return null;
  if (isNatural(cards)) return "blackjack";
  const total = dealerTotal(cards);
  return total > 21 ? "bust" : total;
}

export interface JokerBlackjackOutcome {
  readonly dealer: { readonly cards: readonly number[]; readonly result: DealerResult };
  readonly seats: readonly JokerBlackjackSeat[];
}

/** One mark per round: the dealer's result and the premiums paid. */
export interface JokerBlackjackRoadMark {
  readonly dealer: DealerResult;
  readonly premiums: readonly PremiumName[];
}

export function roadMarkOf(
  dealer: readonly Card[],
  settlements: readonly Settlement[],
): JokerBlackjackRoadMark {
  const premiums = settlements
    .map((record) => record.reason)
    .filter((reason): reason is PremiumName => PREMIUM_NAMES.includes(reason as PremiumName));
  return { dealer: dealerResult(dealer), premiums };
}
