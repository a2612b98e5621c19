import type { CutCardRange, Rng, Shoe } from "@fuda/shoe";
import {
  burnFirstCard,
  DEFAULT_CUT_CARD,
  drawCards,
  endRound,
  newShoe,
  quickGameDeck,
  reshuffle,
  reshuffleIfShort,
  standardDecks,
  startRound,
} from "@fuda/shoe";

import type { BetId, Variant } from "./bets";
import { betsOf, isOffered, LAST_ROUND, payoutOdds } from "./bets";
import { cardsUsedOf, dealCode, OUTCOME_CODES } from "./hand";

/**
 * The most cards a round can need: the quick game reshuffles when fewer remain
 * (docs/rules/quick-baccarat.md, Deck and reshuffle).
 */
export const ROUND_MAX_CARDS = 6;

/** A variant's shoe: 8 standard decks at the live tables, the quick game's 520 cards. */
export function variantComposition(variant: Variant): Uint8Array {
  return variant === "quick" ? quickGameDeck() : standardDecks(8);
}

export interface SimulationOptions {
  readonly variant: Variant;
  readonly rounds: number;
  /** Shuffles every shoe; a fast seeded generator for simulations, never a live shoe's. */
  readonly rng: Rng;
  /** Default: the variant's composition. */
  readonly cards?: Uint8Array;
  /** Live tables only; default 14..70 cards from the end (docs/rules/live-tables.md). */
  readonly cutCard?: CutCardRange;
}

export interface BetStatistics {
  /** Rounds in which the bet was offered (round gates close some bets late in a shoe). */
  readonly rounds: number;
  /** Observed return per unit staked, stake included. */
  readonly rtp: number;
  /** Standard error of `rtp`. */
  readonly stdErr: number;
}

export interface Simulation {
  readonly variant: Variant;
  readonly rounds: number;
  readonly shoes: number;
  readonly bets: Readonly<Partial<Record<BetId, BetStatistics>>>;
}

/*
 * Rounds are tallied by outcome code and by the round gate they fall under (rounds 1–50,
 * 51–60, 61+); each bet is then settled once per distinct (gate, outcome) with the tables'
 * own payoutOdds, weighted by its count: the same sums as settling each round, far faster.
 */
const GATE_FIRST_ROUNDS: readonly number[] = [
  1,
  ...[...new Set(Object.values(LAST_ROUND))].sort((a, b) => a - b).map((last) => last + 1),
];
/** `tallyOffset[round]`: where round's gate starts in the tally (a lookup, not a search, per round). */
function tallyOffsets(maxRound: number): Uint32Array {
  const offsets = new Uint32Array(maxRound + 1);
  for (let round = 1; round <= maxRound; round++) {
    const gate = GATE_FIRST_ROUNDS.filter((first) => round >= first).length - 1;
    offsets[round] = gate * OUTCOME_CODES;
  }
  return offsets;
}

/** Plays whole shoes with the shoe's own procedures (cut card, first-card burn) and settles every bet. */
export function simulate({ variant, rounds, rng, cards, cutCard }: SimulationOptions): Simulation {
  if (!Number.isSafeInteger(rounds) || rounds < 1) {
    throw new RangeError(`rounds must be a positive integer, got ${rounds}`);
  }
  const composition = cards ?? variantComposition(variant);
  const quick = variant === "quick";
  const cut = quick ? null : (cutCard ?? DEFAULT_CUT_CARD);
  // The round in which the cut card comes out is finished with the cards after it.
  if (cut !== null && cut.minFromEnd < ROUND_MAX_CARDS) {
    throw new RangeError(
      `the cut card must leave at least ${ROUND_MAX_CARDS} cards to finish the last round, got ${cut.minFromEnd}`,
    );
  }
  const shoe = newShoe({ cards: composition, rng, cutCard: cut });
  const tally = new Float64Array(GATE_FIRST_ROUNDS.length * OUTCOME_CODES);
  const shoes = quick ? playQuick(shoe, rng, rounds, tally) : playLive(shoe, rng, rounds, tally);
  return { variant, rounds, shoes, bets: settleTally(variant, tally) };
}

function playLive(shoe: Shoe, rng: Rng, rounds: number, tally: Float64Array): number {
  let shoes = 1;
  // A shoe never holds more rounds than a quarter of its cards.
  const tallyOffset = tallyOffsets(shoe.cards.length >> 2);
  burnFirstCard(shoe);
  for (let played = 0; played < rounds; played++) {
    const round = startRound(shoe);
    tally[tallyOffset[round]! + dealRoundFrom(shoe)]!++;
    if (endRound(shoe)) {
      reshuffle(shoe, rng);
      burnFirstCard(shoe);
      shoes++;
    }
  }
  return shoes;
}

function playQuick(shoe: Shoe, rng: Rng, rounds: number, tally: Float64Array): number {
  let shoes = 1;
  for (let played = 0; played < rounds; played++) {
    if (reshuffleIfShort(shoe, rng, ROUND_MAX_CARDS)) shoes++;
    startRound(shoe);
    tally[dealRoundFrom(shoe)]!++;
    endRound(shoe);
  }
  return shoes;
}

/** Deals the next round in place and draws its cards from the shoe (which flags the cut card). */
function dealRoundFrom(shoe: Shoe): number {
  const code = dealCode(shoe.cards, shoe.position);
  drawCards(shoe, cardsUsedOf(code));
  return code;
}

function settleTally(variant: Variant, tally: Float64Array): Partial<Record<BetId, BetStatistics>> {
  const bets: Partial<Record<BetId, BetStatistics>> = {};
  for (const bet of betsOf(variant)) {
    let rounds = 0;
    let returned = 0;
    let returnedSquared = 0;
    GATE_FIRST_ROUNDS.forEach((firstRound, gate) => {
      // A bet is offered in all of a gate's rounds or in none of them.
      if (!isOffered(variant, bet, firstRound)) return;
      for (let code = 0; code < OUTCOME_CODES; code++) {
        const count = tally[gate * OUTCOME_CODES + code]!;
        if (count === 0) continue;
        rounds += count;
        const odds = payoutOdds(variant, bet, code);
        const back = odds === null ? 0 : (odds.win + odds.per) / odds.per;
        returned += count * back;
        returnedSquared += count * back * back;
      }
    });
    const rtp = rounds === 0 ? 0 : returned / rounds;
    const variance = rounds === 0 ? 0 : Math.max(0, returnedSquared / rounds - rtp * rtp);
    bets[bet] = { rounds, rtp, stdErr: rounds === 0 ? 0 : Math.sqrt(variance / rounds) };
  }
  return bets;
}
