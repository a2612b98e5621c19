import { JOKER, UNKNOWN_CARD, isCard, rankOf } from "./cards";
import type { Card } from "./cards";
import { fromHex, toHex } from "./hex";
import { fillRandomBytes, shuffle, uniformInt } from "./rng";
import type { Rng } from "./rng";

/** Where the cut card may go: between `minFromEnd` and `maxFromEnd` cards before the end. */
export interface CutCardRange {
  minFromEnd: number;
  maxFromEnd: number;
}

/**
 * About one deck from the end: 14 to 70 cards (docs/rules/live-tables.md, Cut card and the last
 * round).
 */
export const DEFAULT_CUT_CARD: CutCardRange = { minFromEnd: 14, maxFromEnd: 70 };

/** Bytes of a shoe's commitment salt. */
export const SALT_BYTES = 32;

/** Where a shoe stands: plain numbers and flags, the same in `Shoe` and in `ShoeJson`. */
export interface ShoeProgress {
  /** How the cut card is placed on each (re)shuffle; null: no cut card. */
  cutCard: CutCardRange | null;
  /** Index of the next card out. */
  position: number;
  /** The cut card lies just before `cards[cutIndex]`; -1 when there is none. */
  cutIndex: number;
  /** The cut card has come out: the round in progress (or the next) is the shoe's last. */
  cutCardReached: boolean;
  /** Rounds started in this shoe: 1, 2, … (0 before the first). */
  round: number;
  inRound: boolean;
  /** The last round has ended: start a new shoe. */
  finished: boolean;
  /**
   * A studio shoe (studio.ts): physical cards entered as they come out; a card not entered is
   * `UNKNOWN_CARD`. Absent on a shuffled shoe.
   */
  studio?: true;
}

/**
 * A shoe in play. Procedures mutate it in place (no allocation per card); it holds nothing but
 * typed arrays and numbers, so `shoeToJson` / `shoeFromJson` capture it exactly.
 */
export interface Shoe extends ShoeProgress {
  /** The order: index 0 is the first card out. */
  readonly cards: Uint8Array;
  /** 1 where the card at that index was burned rather than dealt. */
  readonly burned: Uint8Array;
  /** `roundStarts[r]` is the index of round r's first card (r = 1 … round; index 0 unused). */
  readonly roundStarts: Uint32Array;
  /** Secret salt of the commitment (see verify.ts); never shown before the shoe ends. */
  readonly salt: Uint8Array;
}

export interface NewShoeOptions {
  /** The composition to shuffle (copied, not changed), e.g. `standardDecks(8)`. */
  cards: Uint8Array;
  rng: Rng;
  /** Default: no cut card (the quick game reshuffles when short instead). */
  cutCard?: CutCardRange | null;
}

/** Shuffles a copy of the composition, places the cut card and draws the salt, in that order. */
export function newShoe({ cards, rng, cutCard = null }: NewShoeOptions): Shoe {
  const shoe: Shoe = {
    cards: Uint8Array.from(cards),
    burned: new Uint8Array(cards.length),
    roundStarts: new Uint32Array(cards.length + 2),
    salt: new Uint8Array(SALT_BYTES),
    cutCard: cutCard === null ? null : { ...cutCard },
    position: 0,
    cutIndex: -1,
    cutCardReached: false,
    round: 0,
    inRound: false,
    finished: false,
  };
  return reshuffle(shoe, rng);
}

/**
 * Gathers every card back and starts a new shoe with the same composition and cut-card range,
 * reusing the arrays (simulators call this once per shoe).
 */
export function reshuffle(shoe: Shoe, rng: Rng): Shoe {
  shuffle(shoe.cards, rng);
  const { cutCard } = shoe;
  if (cutCard === null) shoe.cutIndex = -1;
  else {
    const { minFromEnd, maxFromEnd } = cutCard;
    if (!(Number.isInteger(minFromEnd) && minFromEnd >= 1 && maxFromEnd >= minFromEnd)) {
      throw new RangeError(`cut card range ${minFromEnd}..${maxFromEnd} is not valid`);
    }
    if (!(Number.isInteger(maxFromEnd) && maxFromEnd < shoe.cards.length)) {
      throw new RangeError(`cut card ${maxFromEnd} from the end is outside the shoe`);
    }
    shoe.cutIndex = shoe.cards.length - (minFromEnd + uniformInt(rng, maxFromEnd - minFromEnd + 1));
  }
  fillRandomBytes(rng, shoe.salt);
  shoe.burned.fill(0);
  shoe.roundStarts.fill(0);
  shoe.position = 0;
  shoe.cutCardReached = false;
  shoe.round = 0;
  shoe.inRound = false;
  shoe.finished = false;
  return shoe;
}

/** Cards not yet dealt or burned. */
export function cardsLeft(shoe: Shoe): number {
  return shoe.cards.length - shoe.position;
}

/** The next card out; sets `cutCardReached` when the cut card comes out before it. */
export function draw(shoe: Shoe): Card {
  const i = shoe.position;
  if (i >= shoe.cards.length) throw new RangeError("the shoe is empty");
  if (i === shoe.cutIndex) shoe.cutCardReached = true;
  shoe.position = i + 1;
  return shoe.cards[i]!;
}

/**
 * Takes the next `count` cards out at once, exactly as `count` draws would (the cut card flag
 * included), and returns the index of the first: a simulator reads them from `shoe.cards`.
 */
export function drawCards(shoe: Shoe, count: number): number {
  if (!(Number.isInteger(count) && count >= 0)) {
    // A negative or fractional count would move the position back or between cards.
    throw new RangeError(`count must be a non-negative integer, got ${count}`);
  }
  const first = shoe.position;
  const end = first + count;
  if (end > shoe.cards.length) throw new RangeError("the shoe is empty");
  if (shoe.cutIndex >= first && shoe.cutIndex < end) shoe.cutCardReached = true;
  shoe.position = end;
  return first;
}

/** Burns the next `count` cards face down (Pok Deng burns one at the start of each round). */
export function burn(shoe: Shoe, count = 1): void {
  for (let k = 0; k < count; k++) {
    const i = shoe.position;
    draw(shoe);
    shoe.burned[i] = 1;
  }
}

/** How many more cards a shown first card burns: A = 1, 2–9 face, 10/J/Q/K = 10, joker 0. */
export function firstCardBurnCount(card: Card): number {
  if (card === JOKER) return 0;
  const rank = rankOf(card);
  return rank >= 10 ? 10 : rank;
}

export interface FirstCardBurn {
  /** The card turned face up (itself burned). */
  shownCard: Card;
  /** Further cards burned face down. */
  burnCount: number;
}

/**
 * Turns the first card and burns it and as many more as its value (docs/rules/live-tables.md,
 * First-card burn).
 */
export function burnFirstCard(shoe: Shoe): FirstCardBurn {
  if (shoe.position !== 0) throw new RangeError("the first-card burn opens a fresh shoe");
  const shownCard = shoe.cards[0];
  if (shownCard === undefined) throw new RangeError("the shoe is empty");
  burn(shoe, 1);
  const burnCount = firstCardBurnCount(shownCard);
  burn(shoe, burnCount);
  return { shownCard, burnCount };
}

/**
 * Marks the cards dealt since index `from` as burned: cards drawn by actions an operator
 * cancels are burned, not put back (joker blackjack, dealing mistakes).
 */
export function burnDealtSince(shoe: Shoe, from: number): void {
  if (!(Number.isInteger(from) && from >= 0 && from <= shoe.position)) {
    throw new RangeError(`index ${from} is not a dealt position`);
  }
  shoe.burned.fill(1, from, shoe.position);
}

/** Opens the next round; refuses once the shoe's last round has ended. */
export function startRound(shoe: Shoe): number {
  if (shoe.finished) throw new RangeError("the shoe is finished: reshuffle first");
  if (shoe.inRound) throw new RangeError(`round ${shoe.round} has not ended`);
  if (shoe.round + 1 >= shoe.roundStarts.length) throw new RangeError("more rounds than cards");
  shoe.round++;
  shoe.roundStarts[shoe.round] = shoe.position;
  shoe.inRound = true;
  return shoe.round;
}

/**
 * Closes the round in progress. Returns true when it was the shoe's last: the cut card came out
 * during it (or before it), so the round was finished with the cards after the cut card.
 */
export function endRound(shoe: Shoe): boolean {
  if (!shoe.inRound) throw new RangeError("no round in progress");
  shoe.inRound = false;
  if (shoe.cutCardReached) shoe.finished = true;
  return shoe.finished;
}

/** Reshuffles all the cards when fewer than `needed` remain (docs/rules/quick-baccarat.md). */
export function reshuffleIfShort(shoe: Shoe, rng: Rng, needed: number): boolean {
  if (shoe.inRound) throw new RangeError("reshuffle between rounds only");
  if (cardsLeft(shoe) >= needed && !shoe.finished) return false;
  reshuffle(shoe, rng);
  return true;
}

/** Round r's cards in order, burns included, and which of them were burned: for replay. */
export function roundCards(shoe: Shoe, round: number): { cards: Card[]; burned: boolean[] } {
  if (!(Number.isInteger(round) && round >= 1 && round <= shoe.round)) {
    throw new RangeError(`round ${round} has not been dealt`);
  }
  const start = shoe.roundStarts[round]!;
  const end = round < shoe.round ? shoe.roundStarts[round + 1]! : shoe.position;
  return {
    cards: Array.from(shoe.cards.subarray(start, end)),
    burned: Array.from(shoe.burned.subarray(start, end), (flag) => flag === 1),
  };
}

/** The JSON form of a shoe: enough to resume a crashed table exactly. Contains the secret salt. */
export interface ShoeJson extends ShoeProgress {
  version: 1;
  /** The order as hex, one byte per card (the same bytes the commitment hashes). */
  cards: string;
  salt: string;
  /** Indices of the burned cards, ascending. */
  burned: number[];
  /** First index of each round, round 1 first. */
  roundStarts: number[];
}

export function shoeToJson(shoe: Shoe): ShoeJson {
  const burned: number[] = [];
  for (let i = 0; i < shoe.position; i++) if (shoe.burned[i] === 1) burned.push(i);
  return {
    version: 1,
    cards: toHex(shoe.cards),
    salt: toHex(shoe.salt),
    cutCard: shoe.cutCard === null ? null : { ...shoe.cutCard },
    position: shoe.position,
    cutIndex: shoe.cutIndex,
    cutCardReached: shoe.cutCardReached,
    round: shoe.round,
    inRound: shoe.inRound,
    finished: shoe.finished,
    burned,
    roundStarts: Array.from(shoe.roundStarts.subarray(1, shoe.round + 1)),
    ...(shoe.studio === true ? { studio: true as const } : {}),
  };
}

/** Rebuilds a shoe from `shoeToJson` output, checking that the numbers are consistent. */
export function shoeFromJson(json: ShoeJson): Shoe {
  const version: number = json.version;
  if (version !== 1) throw new RangeError(`unknown shoe version ${version}`);
  const cards = fromHex(json.cards, "cards");
  const salt = fromHex(json.salt, "salt");
  const n = cards.length;
  const isIndex = (value: number, max: number) =>
    Number.isInteger(value) && value >= 0 && value <= max;
  if (salt.length !== SALT_BYTES) throw new RangeError(`salt must be ${SALT_BYTES} bytes`);
  if (!isIndex(json.position, n)) throw new RangeError("position is outside the shoe");
  if (!(json.cutIndex === -1 || isIndex(json.cutIndex, n - 1))) {
    throw new RangeError("cutIndex is outside the shoe");
  }
  // A flag that disagrees with the position would deal past the cut card without ending the shoe.
  if (json.cutCardReached !== (json.cutIndex >= 0 && json.cutIndex < json.position)) {
    throw new RangeError("cutCardReached disagrees with position and cutIndex");
  }
  // A studio shoe holds the cards entered so far; the others are not known.
  const bad = cards.findIndex(
    (card) => !isCard(card) && !(json.studio === true && card === UNKNOWN_CARD),
  );
  if (bad >= 0) throw new RangeError(`cards byte ${bad} is no card`);
  if (!isIndex(json.round, n) || json.roundStarts.length !== json.round) {
    throw new RangeError("roundStarts must list one start per round");
  }
  const shoe: Shoe = {
    cards,
    burned: new Uint8Array(n),
    roundStarts: new Uint32Array(n + 2),
    salt,
    cutCard: json.cutCard === null ? null : { ...json.cutCard },
    position: json.position,
    cutIndex: json.cutIndex,
    cutCardReached: json.cutCardReached,
    round: json.round,
    inRound: json.inRound,
    finished: json.finished,
    ...(json.studio === true ? { studio: true as const } : {}),
  };
  json.roundStarts.forEach((start, r) => {
    if (!isIndex(start, json.position)) throw new RangeError(`round ${r + 1} starts outside`);
    // Out of order, `roundCards` would replay an earlier round as empty.
    if (start < shoe.roundStarts[r]!)
      throw new RangeError(`round ${r + 1} starts before round ${r}`);
    shoe.roundStarts[r + 1] = start;
  });
  for (const index of json.burned) {
    if (!isIndex(index, json.position - 1)) throw new RangeError(`burned index ${index} not dealt`);
    shoe.burned[index] = 1;
  }
  return shoe;
}
