/**
 * Card entry from the keyboard (docs/studio.md, Card codes): the rank key, then the suit key.
 * Pure, so the console's key handler only routes keys and sends what comes out.
 */
import { formatCard, parseCardCode } from "@fuda/shoe";

const RANK_KEYS = "A23456789TJQK";
const SUIT_KEYS = "SHDC";

/** The half-typed card after a key, and the whole card's code when the key completed one. */
export interface TypedCard {
  typed: string;
  card: string | null;
}

/**
 * One key pressed with `typed` (the half-typed rank, or ""): a suit after a rank completes the
 * card; `J` then `K` is the joker where the game has one (`jokers`); another rank replaces the
 * half-typed one (a dealer corrects a slip by typing the right rank). Null: not a card key, the
 * page leaves it alone.
 */
export function typeCardKey(typed: string, key: string, jokers: boolean): TypedCard | null {
  if (key.length !== 1) return null;
  const upper = key.toUpperCase();
  if (typed === "J" && upper === "K" && jokers) return { typed: "", card: "JK" };
  if (typed !== "" && SUIT_KEYS.includes(upper)) return { typed: "", card: `${typed}${upper}` };
  if (RANK_KEYS.includes(upper)) return { typed: upper, card: null };
  return null;
}

/** A rank as it is printed on the card: `T` is 10. */
export const rankLabel = (rank: string): string => (rank === "T" ? "10" : rank);

/** A card code as its face: `TH` "10♥" (red), `JK` "JK", `??` a card not turned yet. */
export function cardFace(code: string): { label: string; red: boolean; known: boolean } {
  const card = parseCardCode(code);
  if (card === null) return { label: code, red: false, known: false };
  const label = formatCard(card);
  return { label, red: /[♥♦]/u.test(label), known: true };
}
