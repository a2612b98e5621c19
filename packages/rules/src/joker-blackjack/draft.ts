import type { Card } from "@fuda/shoe";

import { PREMIUMS } from "./premiums";
import type { PremiumName } from "./premiums";
import type { HandState, RoundState, SeatState, Settlement, SettlementReason } from "./types";

/**
 * An event the round refuses: not an event of the game (`UNKNOWN_ACTION`), out of turn, illegal
 * now, or malformed seats. The state is unchanged.
 */
export class JokerBlackjackError extends Error {
  constructor(
    readonly code:
      "UNKNOWN_ACTION" | "ILLEGAL_EVENT" | "NOT_YOUR_TURN" | "INVALID_SEATS" | "SHOE_EMPTY",
    message: string,
  ) {
    super(message);
    this.name = "JokerBlackjackError";
  }
}

export function refuse(message: string): never {
  throw new JokerBlackjackError("ILLEGAL_EVENT", message);
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type DraftSeat = Mutable<SeatState> & { hands: HandState[] };

export function newHand(cards: Card[], stake: number, fromSplit: boolean): HandState {
  return {
    cards,
    stake,
    fromSplit,
    doubled: false,
    done: false,
    final: false,
    paid: 0,
    premium: null,
    pendingUnder: null,
    blackjackDue: false,
  };
}

/**
 * The state under construction by one `apply`: objects are copied the first time they are
 * written, so the state passed in is never touched and untouched seats are shared. In place
 * (simulators only) nothing is copied.
 */
export class Draft {
  readonly s: Mutable<RoundState>;
  readonly seats: DraftSeat[];
  readonly out: Settlement[] = [];
  /** For each card drawn, in order: how many of `out` came before it (see `ApplyResult.draws`). */
  readonly draws: number[] = [];
  /** Seats copied by this draft (by index); null when writing in place. */
  private readonly freshSeats: boolean[] | null;
  private freshHands: HandState[] | null = null;

  constructor(state: RoundState, inPlace = false) {
    if (inPlace) {
      this.s = state;
      this.seats = state.seats as DraftSeat[];
      this.freshSeats = null;
    } else {
      this.s = { ...state };
      this.seats = state.seats.slice() as DraftSeat[];
      this.s.seats = this.seats;
      this.freshSeats = [];
    }
  }

  seat(i: number): DraftSeat {
    const seat = this.seats[i]!;
    if (this.freshSeats === null || this.freshSeats[i] === true) return seat;
    const copy = { ...seat, hands: seat.hands.slice() };
    this.freshSeats[i] = true;
    this.seats[i] = copy;
    return copy;
  }

  hand(i: number, h: number): Mutable<HandState> {
    const seat = this.seat(i);
    const hand = seat.hands[h]!;
    if (this.freshSeats === null) return hand;
    this.freshHands ??= [];
    if (this.freshHands.includes(hand)) return hand;
    const copy = { ...hand };
    this.freshHands.push(copy);
    seat.hands[h] = copy;
    return copy;
  }

  addCard(hand: Mutable<HandState>, card: Card): void {
    if (this.freshSeats === null) (hand.cards as Card[]).push(card);
    else hand.cards = [...hand.cards, card];
  }

  draw(): Card {
    const card = this.s.shoe[this.s.position];
    if (card === undefined)
      throw new JokerBlackjackError("SHOE_EMPTY", "the shoe has no cards left");
    this.s.position++;
    this.draws.push(this.out.length);
    return card;
  }

  pay(
    i: number,
    h: number,
    bet: Settlement["bet"],
    kind: Settlement["kind"],
    reason: SettlementReason,
    stake: number,
    amount: number,
    premium: PremiumName | null = null,
  ): void {
    const seat = this.seat(i);
    seat.holdings += amount;
    const award = premium === null ? null : PREMIUMS[premium].award;
    this.out.push({
      seat: seat.seat,
      player: seat.player,
      hand: h,
      bet,
      kind,
      reason,
      stake,
      amount,
      awards: award === null ? [] : [award],
    });
  }

  /** Makes a hand's bet final with `amount` returned. */
  settle(
    i: number,
    h: number,
    reason: SettlementReason,
    amount: number,
    premium: PremiumName | null = null,
  ): void {
    const hand = this.hand(i, h);
    hand.final = true;
    hand.paid = amount;
    hand.blackjackDue = false;
    this.pay(i, h, "hand", "settle", reason, hand.stake, amount, premium);
  }

  /** The round ends here: nobody is acting any more. */
  end(): void {
    this.s.phase = "over";
    this.s.turn = -1;
    this.s.hand = -1;
  }
}
