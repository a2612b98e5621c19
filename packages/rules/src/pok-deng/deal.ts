import type { CutCardRange, FirstCardBurn, Rng, Shoe } from "@fuda/shoe";
import {
  DEFAULT_CUT_CARD,
  burn,
  burnFirstCard,
  drawCards,
  endRound,
  newShoe,
  reshuffle,
  standardDecks,
  startRound,
} from "@fuda/shoe";

import type { PokDengRound, SeatNumber } from "./round";
import { CARDS_PER_ROUND, SEAT_NUMBERS, roundFromDealtCards } from "./round";

/** Eight standard decks, no jokers (docs/rules/pok-deng.md, Shoe and deal). */
export const POK_DENG_DECKS = 8;

/** Reveal order: Player 1 … Player 5, then the Banker. */
export const REVEAL_ORDER: readonly (SeatNumber | "banker")[] = [...SEAT_NUMBERS, "banker"];

export interface PokDengShoeOptions {
  rng: Rng;
  decks?: number;
  cutCard?: CutCardRange;
}

/** A new shoe, shuffled, cut card in, first card turned and burned with as many more. */
export function openShoe({
  rng,
  decks = POK_DENG_DECKS,
  cutCard = DEFAULT_CUT_CARD,
}: PokDengShoeOptions): { shoe: Shoe; firstCardBurn: FirstCardBurn } {
  const shoe = newShoe({ cards: standardDecks(decks), rng, cutCard });
  return { shoe, firstCardBurn: burnFirstCard(shoe) };
}

/** Reshuffles a finished shoe in place (reusing its arrays) and burns for the next shoe. */
export function reopenShoe(shoe: Shoe, rng: Rng): FirstCardBurn {
  if (!shoe.finished) throw new RangeError("the shoe's last round has not been dealt yet");
  reshuffle(shoe, rng);
  return burnFirstCard(shoe);
}

/**
 * Deals one round in place: the round opens, one card is burned face down, then P1…P5 and the
 * Banker get one card each, twice. Returns the index in `shoe.cards` of the round's first dealt
 * card (its 12 cards follow in deal order). The caller ends the round (`endRound`) once settled.
 */
export function dealRoundAt(shoe: Shoe): number {
  startRound(shoe);
  burn(shoe, 1);
  return drawCards(shoe, CARDS_PER_ROUND);
}

/** `dealRoundAt`, copying the 12 cards into `dealt` (no allocation). */
export function dealRoundInto(shoe: Shoe, dealt: Uint8Array): void {
  const at = dealRoundAt(shoe);
  dealt.set(shoe.cards.subarray(at, at + CARDS_PER_ROUND));
}

export interface DealtPokDengRound {
  /** Round number within the shoe, from 1. */
  number: number;
  cards: PokDengRound;
  /** The cut card came out: this was the shoe's last round (reopen the shoe next). */
  lastRound: boolean;
}

/** Deals and closes one round: nothing in Pok Deng happens between the deal and settlement. */
export function dealRound(shoe: Shoe): DealtPokDengRound {
  const dealt = new Uint8Array(CARDS_PER_ROUND);
  dealRoundInto(shoe, dealt);
  const number = shoe.round;
  return { number, cards: roundFromDealtCards(dealt), lastRound: endRound(shoe) };
}
