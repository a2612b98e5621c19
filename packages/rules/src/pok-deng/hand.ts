import { rankOf, suitOf } from "@fuda/shoe";

/**
 * A two-card Pok Deng hand. Scores are integer tenths so 7.1–7.5 compare exactly:
 * 9 → 90, 8 → 80, AK flush 7.5 → 75, …, 7 → 70, …, 0 → 0.
 */
export type Score = number;

/** The special hands, scored 7.1 (zeroPointFlush) to 7.5 (akFlush). */
export type SpecialHand =
  "akFlush" | "specialPair" | "faceCardCombo" | "zeroPointFaceSingle" | "zeroPointFlush";

export const SPECIAL_HAND_SCORES: Readonly<Record<SpecialHand, Score>> = {
  akFlush: 75,
  specialPair: 74,
  faceCardCombo: 73,
  zeroPointFaceSingle: 72,
  zeroPointFlush: 71,
};

export interface PokDengHand {
  score: Score;
  /** The baccarat total of the two cards (0–9), whatever the special hand. */
  points: number;
  special: SpecialHand | null;
  flush: boolean;
  pair: boolean;
  /** Flush, pair or special hand: what turns a win or a loss into 2:1. */
  pattern: boolean;
}

/**
 * The hot-path form of a hand, one small integer looked up per pair of cards (see `handCode`):
 * the score in bits 0–6, pattern, flush and pair flags in bits 7–9, the hand class above.
 */
export type HandCode = number;
export const PATTERN_BIT = 0x80;
export const FLUSH_BIT = 0x100;
export const PAIR_BIT = 0x200;
const SCORE_MASK = 0x7f;
const CLASS_SHIFT = 10;
const INVALID = 0xffff;

export const scoreOf = (code: HandCode): Score => code & SCORE_MASK;
export const hasPattern = (code: HandCode): boolean => (code & PATTERN_BIT) !== 0;
export const isSpecialScore = (score: Score): boolean => score > 70 && score < 80;

/**
 * A Player N result depends only on each hand's score and pattern: 25 classes, numbered
 * 0–9 (plain points), 10–19 (points with a flush or pair), 20–24 (7.1–7.5), so that a
 * 32 × 32 table can hold every outcome.
 */
export const HAND_CLASS_COUNT = 32;
export const handClassOf = (score: Score, pattern: boolean): number =>
  isSpecialScore(score) ? 20 + score - 71 : score / 10 + (pattern ? 10 : 0);
export const handClass = (code: HandCode): number => code >>> CLASS_SHIFT;

const isFace = (rank: number) => rank >= 11;
const isZeroPointRank = (rank: number) => rank >= 10;
const pointValue = (rank: number) => (rank >= 10 ? 0 : rank);
/** Four standard suits, A–K: no jokers and no fifth suit in this game. */
export const isPokDengCard = (card: number): boolean =>
  Number.isInteger(card) &&
  card >= 0 &&
  card < 0x80 &&
  suitOf(card) <= 3 &&
  rankOf(card) >= 1 &&
  rankOf(card) <= 13;

function specialHandOf(first: number, second: number): SpecialHand | null {
  const [r1, r2] = [rankOf(first), rankOf(second)];
  const flush = suitOf(first) === suitOf(second);
  if (flush && r1 + r2 === 14 && (r1 === 1 || r1 === 13)) return "akFlush";
  if (r1 === r2 && (r1 === 1 || r1 === 5 || r1 === 6 || r1 === 10)) return "specialPair";
  if (isFace(r1) && isFace(r2)) return "faceCardCombo";
  if (isZeroPointRank(r1) && isZeroPointRank(r2)) return "zeroPointFaceSingle";
  if (flush && !isFace(r1) && !isFace(r2) && (pointValue(r1) + pointValue(r2)) % 10 === 0) {
    return "zeroPointFlush";
  }
  return null;
}

/** Evaluates two cards in full, for display, roads and tests. */
function assertPokDengCards(first: number, second: number): void {
  for (const card of [first, second]) {
    if (!isPokDengCard(card)) throw new RangeError(`Pok Deng has no card ${card}: four suits, A–K`);
  }
}

export function evaluateHand(first: number, second: number): PokDengHand {
  assertPokDengCards(first, second);
  const [r1, r2] = [rankOf(first), rankOf(second)];
  const points = (pointValue(r1) + pointValue(r2)) % 10;
  // Specials all total 0–2 points, so a natural 8 or 9 always outranks them.
  const special = points >= 8 ? null : specialHandOf(first, second);
  const flush = suitOf(first) === suitOf(second);
  const pair = r1 === r2;
  return {
    score: special === null ? points * 10 : SPECIAL_HAND_SCORES[special],
    points,
    special,
    flush,
    pair,
    pattern: flush || pair || special !== null,
  };
}

/** Every pair of card codes (each < 64 in four suits) → its hand code; INVALID elsewhere. */
const HAND_CODES = (() => {
  const table = new Uint16Array(64 * 64).fill(INVALID);
  for (let first = 0; first < 64; first++) {
    if (!isPokDengCard(first)) continue;
    for (let second = 0; second < 64; second++) {
      if (!isPokDengCard(second)) continue;
      const hand = evaluateHand(first, second);
      table[(first << 6) | second] =
        hand.score |
        (hand.pattern ? PATTERN_BIT : 0) |
        (hand.flush ? FLUSH_BIT : 0) |
        (hand.pair ? PAIR_BIT : 0) |
        (handClassOf(hand.score, hand.pattern) << CLASS_SHIFT);
    }
  }
  return table;
})();

/** The hand code of two cards by one table look-up (no checks: the hot path of the simulator). */
export const handCode = (first: number, second: number): HandCode =>
  HAND_CODES[(first << 6) | second]!;

/** `handCode` for cards from outside the hot path: refuses anything but four suits, A–K. */
export function checkedHandCode(first: number, second: number): HandCode {
  assertPokDengCards(first, second);
  return handCode(first, second);
}
