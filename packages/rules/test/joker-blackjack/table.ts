import { parseCard } from "@fuda/shoe";
import type { Card } from "@fuda/shoe";

import { DEFAULT_CONFIG, apply, createRound } from "../../src/joker-blackjack";
import { POINT } from "../../src/money";
import type {
  JokerBlackjackConfig,
  JokerBlackjackEvent,
  RoundState,
  SeatEntry,
  Settlement,
} from "../../src/joker-blackjack";

export { POINT };

/** Cards from text: "AS KH JK 7D" (S H D C for the suits, T for 10, JK the joker). */
export function cards(text: string): Card[] {
  return text.trim().split(/\s+/).map(parseCard);
}

/**
 * A shoe in dealing order: each seat's first card, the up card, each seat's second card, the
 * hole card, then the cards drawn afterwards.
 */
export function stackedShoe(players: string[], dealer: string, after = ""): Card[] {
  const hands = players.map(cards);
  const [up, hole] = cards(dealer) as [Card, Card];
  return [
    ...hands.map((hand) => hand[0]!),
    up,
    ...hands.map((hand) => hand[1]!),
    hole,
    ...(after.trim() === "" ? [] : cards(after)),
  ];
}

/** Seats 1..n in acting order, 10 points each, 1 000 points held since sitting down. */
export function seats(n: number, overrides: Partial<SeatEntry>[] = []): SeatEntry[] {
  return Array.from({ length: n }, (_, k) => ({
    seat: k + 1,
    player: `p${k + 1}`,
    stake: 10 * POINT,
    sitDownBalance: 1000 * POINT,
    balance: 1000 * POINT,
    ...overrides[k],
  }));
}

/** A round driven event by event, collecting every settlement. */
export class Table {
  state: RoundState;
  readonly settlements: Settlement[] = [];

  constructor(
    players: string[],
    dealer: string,
    after = "",
    entries = seats(players.length),
    config: JokerBlackjackConfig = DEFAULT_CONFIG,
  ) {
    this.state = createRound(config, entries, {
      cards: stackedShoe(players, dealer, after),
      position: 0,
    });
  }

  do(...events: JokerBlackjackEvent[]): Settlement[] {
    const made: Settlement[] = [];
    for (const event of events) {
      const result = apply(this.state, event);
      this.state = result.state;
      made.push(...result.settlements);
    }
    this.settlements.push(...made);
    return made;
  }

  deal(): Settlement[] {
    return this.do({ type: "deal" });
  }

  act(seat: number, ...types: (JokerBlackjackEvent & { seat: number })["type"][]): Settlement[] {
    return this.do(...types.map((type) => ({ type, seat }) as JokerBlackjackEvent));
  }

  /** Settlements of one seat as "reason amount" strings, in order. */
  of(seat: number, hand?: number): string[] {
    return this.settlements
      .filter((s) => s.seat === seat && (hand === undefined || s.hand === hand))
      .map((s) => `${s.reason} ${s.amount / POINT}`);
  }

  /** Total returned to a seat, in points. */
  returned(seat: number): number {
    return (
      this.settlements.filter((s) => s.seat === seat).reduce((sum, s) => sum + s.amount, 0) / POINT
    );
  }
}
