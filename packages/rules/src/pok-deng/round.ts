import type { HandCode, PokDengHand } from "./hand";
import { checkedHandCode, evaluateHand } from "./hand";

/** The game's one variant, spelled as in the database, the API and the feed. */
export type Variant = "five-seat";
export const VARIANTS: readonly Variant[] = ["five-seat"];

export const SEAT_COUNT = 5;
export type SeatNumber = 1 | 2 | 3 | 4 | 5;
export const SEAT_NUMBERS: readonly SeatNumber[] = [1, 2, 3, 4, 5];

/** Cards dealt per round: one each to P1…P5 and the Banker, twice. The burn comes before. */
export const CARDS_PER_ROUND = 2 * (SEAT_COUNT + 1);

export type TwoCards = readonly [number, number];

/** The cards of one round, as dealt (every seat is dealt, bet on or not). */
export interface PokDengRound {
  /** Player 1…5, in seat order. */
  players: readonly TwoCards[];
  banker: TwoCards;
}

export const isSeatNumber = (seat: unknown): seat is SeatNumber =>
  typeof seat === "number" && Number.isInteger(seat) && seat >= 1 && seat <= SEAT_COUNT;

/**
 * The round from its 12 cards in deal order: P1…P5, Banker, then P1…P5, Banker again.
 */
export function roundFromDealtCards(cards: ArrayLike<number>): PokDengRound {
  if (cards.length !== CARDS_PER_ROUND) {
    throw new RangeError(`a Pok Deng round is ${CARDS_PER_ROUND} cards, got ${cards.length}`);
  }
  const twoCards = (position: number): TwoCards => [
    cards[position]!,
    cards[position + SEAT_COUNT + 1]!,
  ];
  return {
    players: SEAT_NUMBERS.map((seat) => twoCards(seat - 1)),
    banker: twoCards(SEAT_COUNT),
  };
}

export const seatCards = (round: PokDengRound, seat: SeatNumber): TwoCards =>
  round.players[seat - 1]!;

export const seatHand = (round: PokDengRound, seat: SeatNumber): PokDengHand =>
  evaluateHand(...seatCards(round, seat));

export const bankerHand = (round: PokDengRound): PokDengHand => evaluateHand(...round.banker);

export const seatHandCode = (round: PokDengRound, seat: SeatNumber): HandCode =>
  checkedHandCode(...seatCards(round, seat));

export const bankerHandCode = (round: PokDengRound): HandCode => checkedHandCode(...round.banker);
