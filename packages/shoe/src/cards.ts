/** A card: `(suit << 4) | rank`, so it fits a Uint8Array. Values belong to the rules. */
export type Card = number;

/** Rank of the ace; 2..10 are their own numbers. */
export const ACE = 1;
export const JACK = 11;
export const QUEEN = 12;
export const KING = 13;

/** The joker: suit 5, rank 0, so `rankOf(JOKER) === 0`. */
export const JOKER: Card = 0x50;

/** A studio shoe's card not entered: a burn the dealer skipped, a card not dealt yet. No card. */
export const UNKNOWN_CARD = 0xff;

/** ♠ ♥ ♦ ♣, then ★ for the quick game's fifth suit. */
export const SUIT_SYMBOLS = ["♠", "♥", "♦", "♣", "★"] as const;

const RANK_NAMES = ["", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

export function makeCard(rank: number, suit: number): Card {
  if (!Number.isInteger(rank) || rank < 1 || rank > 13) {
    throw new RangeError(`rank must be 1..13, got ${rank}`);
  }
  if (!Number.isInteger(suit) || suit < 0 || suit > 4) {
    throw new RangeError(`suit must be 0..4, got ${suit}`);
  }
  return (suit << 4) | rank;
}

export function rankOf(card: Card): number {
  return card & 0x0f;
}

export function suitOf(card: Card): number {
  return card >> 4;
}

export function isCard(value: number): boolean {
  if (value === JOKER) return true;
  // The bound first: `>>` and `&` wrap numbers beyond 32 bits (2^32 + 1 would read as A♠).
  if (!(Number.isInteger(value) && value >= 0 && value <= 0x4d)) return false;
  const rank = rankOf(value);
  return rank >= 1 && rank <= 13;
}

export function formatCard(card: Card): string {
  if (card === JOKER) return "JK";
  if (!isCard(card)) throw new RangeError(`not a card: 0x${card.toString(16)}`);
  return `${RANK_NAMES[rankOf(card)]!}${SUIT_SYMBOLS[suitOf(card)]!}`;
}

/** Inverse of `formatCard`; also accepts the letters S H D C X for the suit symbols and "T" for 10. */
export function parseCard(text: string): Card {
  const trimmed = text.trim().toUpperCase();
  if (trimmed === "JK") return JOKER;
  const match = /^(10|[2-9TJQKA])(.)$/u.exec(trimmed);
  const suitIndex = match === null ? -1 : suitFromText(match[2]!);
  if (match === null || suitIndex < 0) throw new RangeError(`not a card: "${text}"`);
  const rankText = match[1] === "T" ? "10" : match[1]!;
  return makeCard(RANK_NAMES.indexOf(rankText), suitIndex);
}

function suitFromText(symbol: string): number {
  const bySymbol = (SUIT_SYMBOLS as readonly string[]).indexOf(symbol);
  return bySymbol >= 0 ? bySymbol : "SHDCX".indexOf(symbol);
}
