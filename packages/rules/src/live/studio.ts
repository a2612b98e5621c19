/**
 * Studio dealing (docs/rules/live-tables.md, Studio shoes): the dealer's cards are an input to the
 * same definition and the same steps as the automatic dealer's. A studio shoe holds the cards
 * entered so far; the others are `UNKNOWN_CARD`. Any game, unchanged, tells what it needs next:
 * a step is run on copies of the shoe with different cards in the unknown places, and a step
 * whose result does not change reads none of them and can be taken; otherwise the first place
 * whose card changes it is the next card the dealer enters, and the event that shows it there
 * names its position. Pure and deterministic.
 */
import type { Card, Shoe } from "@fuda/shoe";
import { UNKNOWN_CARD, cardCounts } from "@fuda/shoe";

/** A step of any kind (a dealer's, a player's action, an opening): what it returns. */
export type StudioStep<Result> = (shoe: Shoe) => Result;

export type StudioTry<Result> =
  /** The step reads only cards entered: its result, taken on `shoe` (its progress moved on). */
  | { readonly ready: true; readonly result: Result }
  /** It needs the card at `index`; `position` is where it shows, when the step says. */
  | { readonly ready: false; readonly index: number; readonly position: string | null };

/** How far past the first unknown place a step is looked at: no game reads more ahead. */
const WINDOW = 52;

/** Stand-in cards: 52 distinct non-jokers, so a place's card is never another's. */
const STAND_INS: readonly Card[] = Array.from(
  { length: 52 },
  (_, i) => ((i % 4) << 4) | (Math.floor(i / 4) + 1),
);
/** A second stand-in for each place, of another rank and value class (A↔8, K↔5…). */
const otherStandIn = (i: number): Card => STAND_INS[(i + 29) % 52]!;

function copyShoe(shoe: Shoe): Shoe {
  return {
    ...shoe,
    cards: Uint8Array.from(shoe.cards),
    burned: Uint8Array.from(shoe.burned),
    roundStarts: Uint32Array.from(shoe.roundStarts),
    salt: Uint8Array.from(shoe.salt),
    cutCard: shoe.cutCard === null ? null : { ...shoe.cutCard },
  };
}

/** The unknown places from `from` on, within the window. */
function unknownFrom(shoe: Shoe, from: number): number[] {
  const places: number[] = [];
  for (let i = from; i < shoe.cards.length && places.length < WINDOW; i++) {
    if (shoe.cards[i] === UNKNOWN_CARD) places.push(i);
  }
  return places;
}

/** `shoe` with a stand-in at each unknown place; `other` places take their second stand-in. */
function standIn(shoe: Shoe, places: readonly number[], other: ReadonlySet<number>): Shoe {
  const copy = copyShoe(shoe);
  places.forEach((place, k) => {
    copy.cards[place] = other.has(place) ? otherStandIn(k) : STAND_INS[k]!;
  });
  return copy;
}

/** What a step did, as comparable text: its result and where it left the shoe. */
function trace(result: unknown, shoe: Shoe): string {
  return JSON.stringify([
    result,
    shoe.position,
    shoe.round,
    shoe.inRound,
    shoe.finished,
    shoe.cutCardReached,
    Array.from(shoe.burned.subarray(0, shoe.position)),
  ]);
}

interface ShownCard {
  readonly type: string;
  readonly position?: string;
  readonly card?: number;
}

const eventsOf = (result: unknown): readonly ShownCard[] => {
  const events = (result as { events?: unknown } | null)?.events;
  return Array.isArray(events) ? (events as ShownCard[]) : [];
};

/** Where the card that changed `a` into `b` shows: the first shown card that differs. */
function positionShown(a: unknown, b: unknown): string | null {
  const before = eventsOf(a);
  const after = eventsOf(b);
  for (let k = 0; k < Math.min(before.length, after.length); k++) {
    const event = before[k]!;
    if (event.type === "card.dealt" && event.card !== after[k]!.card) return event.position ?? null;
  }
  // A card dealt face down (joker blackjack's hole card) shows no card to compare.
  return before.find((event) => event.type === "card.faceDown")?.position ?? null;
}

/** Moves `shoe` on as `ran` went (position, rounds, burns, cut card); its cards stay as entered. */
function takeProgress(shoe: Shoe, ran: Shoe): void {
  shoe.position = ran.position;
  shoe.round = ran.round;
  shoe.inRound = ran.inRound;
  shoe.finished = ran.finished;
  shoe.cutIndex = ran.cutIndex;
  shoe.cutCardReached = ran.cutCardReached;
  shoe.burned.set(ran.burned);
  shoe.roundStarts.set(ran.roundStarts);
}

/**
 * Runs `step` on a studio shoe if the cards it reads from place `from` on are all entered; the
 * shoe's progress moves on as the step moved it. Otherwise nothing changes and the answer names
 * the next card needed.
 */
export function studioTry<Result>(
  shoe: Shoe,
  from: number,
  step: StudioStep<Result>,
): StudioTry<Result> {
  const places = unknownFrom(shoe, from);
  const base = standIn(shoe, places, new Set());
  const result = step(base);
  const baseTrace = trace(result, base);
  const differs = (other: ReadonlySet<number>): { result: Result } | null => {
    const changed = standIn(shoe, places, other);
    const changedResult = step(changed);
    return trace(changedResult, changed) === baseTrace ? null : { result: changedResult };
  };
  if (places.length === 0 || differs(new Set(places)) === null) {
    takeProgress(shoe, base);
    return { ready: true, result };
  }
  for (const place of places) {
    const changed = differs(new Set([place]));
    if (changed !== null) {
      return { ready: false, index: place, position: positionShown(result, changed.result) };
    }
  }
  // Only a change of several cards together shows: the first of them is needed first.
  return { ready: false, index: places[0]!, position: null };
}

/**
 * Why `card` cannot go into this shoe, or null: a shoe holds each card as many times as the
 * game's composition has it (a ninth A♠ in eight decks, a joker at baccarat).
 */
export function studioCardRefusal(
  shoe: Shoe,
  composition: Uint8Array,
  card: Card,
): "CARD_NOT_IN_SHOE" | null {
  const allowed = cardCounts(composition)[card] ?? 0;
  let entered = 0;
  for (const placed of shoe.cards) if (placed === card) entered++;
  return entered < allowed ? null : "CARD_NOT_IN_SHOE";
}
