/**
 * A studio shoe (docs/studio.md): eight physical decks in a dealer's hands. Nothing is shuffled
 * or committed here; each card is written into the shoe when the dealer enters it, at the index
 * the game reads it from, and the cards never entered stay `UNKNOWN_CARD`.
 */
import { JOKER, UNKNOWN_CARD, isCard, makeCard, rankOf, suitOf } from "./cards";
import type { Card } from "./cards";
import { SALT_BYTES } from "./shoe";
import type { Shoe } from "./shoe";

/** An empty studio shoe of `capacity` cards (the game's composition's size). No cut card yet. */
export function newStudioShoe(capacity: number): Shoe {
  if (!(Number.isInteger(capacity) && capacity >= 1 && capacity <= 0xffff)) {
    throw new RangeError(`a studio shoe holds 1..65535 cards, got ${capacity}`);
  }
  return {
    cards: new Uint8Array(capacity).fill(UNKNOWN_CARD),
    burned: new Uint8Array(capacity),
    roundStarts: new Uint32Array(capacity + 2),
    // No commitment to keep secret: the salt stays zero.
    salt: new Uint8Array(SALT_BYTES),
    cutCard: null,
    position: 0,
    cutIndex: -1,
    cutCardReached: false,
    round: 0,
    inRound: false,
    finished: false,
    studio: true,
  };
}

/**
 * The dealer saw the cut card: the round in progress (or the next one, between rounds) is the
 * shoe's last. Marked on the last card out, so `shoeFromJson`'s check of the flag holds.
 */
export function cutCardOut(shoe: Shoe): void {
  if (shoe.studio !== true) throw new RangeError("only a studio shoe's cut card is entered");
  if (shoe.position === 0) throw new RangeError("the cut card comes out after the first card");
  if (shoe.cutCardReached) return;
  shoe.cutIndex = shoe.position - 1;
  shoe.cutCardReached = true;
}

const RANKS = "A23456789TJQK";
const SUITS = "SHDC";

/**
 * A card code as a dealer types it or a card reader sends it (docs/studio.md, Card codes): the
 * rank (`A`, `2`–`9`, `T`, `J`, `Q`, `K`) then the suit (`S`, `H`, `D`, `C`), or `JK` for the
 * joker; either case, surrounding spaces ignored. Null: not a card ("rescan").
 */
export function parseCardCode(code: string): Card | null {
  const text = code.trim().toUpperCase();
  if (text === "JK") return JOKER;
  if (text.length !== 2) return null;
  const rank = RANKS.indexOf(text[0]!);
  const suit = SUITS.indexOf(text[1]!);
  return rank < 0 || suit < 0 ? null : makeCard(rank + 1, suit);
}

/** The code of a card: `AS`, `TH`, `9C`, `JK`. */
export function cardCode(card: Card): string {
  if (card === JOKER) return "JK";
  if (!isCard(card) || suitOf(card) > 3)
    throw new RangeError(`no code for card 0x${card.toString(16)}`);
  return `${RANKS[rankOf(card) - 1]!}${SUITS[suitOf(card)]!}`;
}
