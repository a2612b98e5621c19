import { cardCounts, rankOf, standardDecks } from "@fuda/shoe";

import type { Fraction } from "../fraction";
import { fraction } from "../fraction";
import { HAND_CLASS_COUNT, handClass, handCode, isPokDengCard } from "./hand";
import type { SeatOutcome } from "./outcome";
import { SEAT_OUTCOME_NET, SEAT_OUTCOMES, seatOutcomeOfClasses } from "./outcome";
import { PAIR_RETURN } from "./bets";

export interface PokDengAnalysis {
  /** Cards in the analysed composition. */
  cards: number;
  /** Return per unit staked, the deposit not counted. */
  rtp: Readonly<Record<"seat" | "seatPair", Fraction>>;
  /** Probability of each Player N outcome. */
  outcomes: Readonly<Record<SeatOutcome, Fraction>>;
}

const OUTCOME_COUNT = SEAT_OUTCOMES.length;

/**
 * The number of ordered draws (player, player, banker, banker) of each seat outcome from a shoe
 * holding `counts[i]` copies of `kinds[i]`. Summing over the Banker's second card d is done once
 * per (player hand class, banker first card) with the full counts; the cards already drawn are
 * then taken back out one by one, which turns a k⁴ loop into k³ plus a small table.
 */
function seatOutcomeWeights(kinds: readonly number[], counts: readonly number[]): Float64Array {
  const k = kinds.length;
  const classes = HAND_CLASS_COUNT;
  const handClasses = new Uint8Array(k * k);
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) handClasses[i * k + j] = handClass(handCode(kinds[i]!, kinds[j]!));
  }
  // fullShoeSums[(p·k + c)·5 + o]: Σ counts[d] over the kinds d making outcome o for Player
  // class p against a Banker holding kinds c, d.
  const fullShoeSums = new Float64Array(classes * k * OUTCOME_COUNT);
  for (let p = 0; p < classes; p++) {
    for (let c = 0; c < k; c++) {
      const base = (p * k + c) * OUTCOME_COUNT;
      for (let d = 0; d < k; d++) {
        fullShoeSums[base + seatOutcomeOfClasses(p, handClasses[c * k + d]!)]! += counts[d]!;
      }
    }
  }
  const weights = new Float64Array(OUTCOME_COUNT);
  for (let a = 0; a < k; a++) {
    for (let b = 0; b < k; b++) {
      const playerWays = counts[a]! * (counts[b]! - (a === b ? 1 : 0));
      if (playerWays <= 0) continue;
      const p = handClasses[a * k + b]!;
      for (let c = 0; c < k; c++) {
        const ways = playerWays * (counts[c]! - (c === a ? 1 : 0) - (c === b ? 1 : 0));
        if (ways <= 0) continue;
        const base = (p * k + c) * OUTCOME_COUNT;
        for (let o = 0; o < OUTCOME_COUNT; o++) weights[o]! += ways * fullShoeSums[base + o]!;
        // The Banker's second card cannot be one of the three already drawn.
        weights[seatOutcomeOfClasses(p, handClasses[c * k + a]!)]! -= ways;
        weights[seatOutcomeOfClasses(p, handClasses[c * k + b]!)]! -= ways;
        weights[seatOutcomeOfClasses(p, handClasses[c * k + c]!)]! -= ways;
      }
    }
  }
  return weights;
}

/**
 * Exact analysis of one Player N seat and its Pair bet from a full shoe of `cards` (default: a
 * fresh 8-deck shoe). Only the seat's and the Banker's four cards matter: the burn and the other
 * seats' cards are unseen, so by exchangeability they do not change the odds.
 */
export function analyzePokDeng(
  cards: Uint8Array | readonly number[] = standardDecks(8),
): PokDengAnalysis {
  const counts = cardCounts(cards);
  const kinds: number[] = [];
  counts.forEach((count, card) => {
    if (count === 0) return;
    if (!isPokDengCard(card)) throw new RangeError(`Pok Deng has no card ${card}: four suits, A–K`);
    kinds.push(card);
  });
  const total = cards.length;
  if (total < 4) throw new RangeError(`a seat and the Banker need 4 cards, the shoe has ${total}`);
  // Weights are products of four counts: they stay exact in doubles below 2^53.
  if (total ** 4 >= Number.MAX_SAFE_INTEGER) throw new RangeError(`${total} cards is too many`);
  const outcomeWeight = seatOutcomeWeights(
    kinds,
    kinds.map((card) => counts[card]!),
  );
  const ways = BigInt(total) * BigInt(total - 1) * BigInt(total - 2) * BigInt(total - 3);
  let seatReturn = ways;
  const outcomes = {} as Record<SeatOutcome, Fraction>;
  SEAT_OUTCOMES.forEach((outcome, index) => {
    const weight = BigInt(outcomeWeight[index]!);
    seatReturn += BigInt(SEAT_OUTCOME_NET[index]!) * weight;
    outcomes[outcome] = fraction(weight, ways);
  });
  const rankCounts = new Array<number>(14).fill(0);
  for (const card of kinds) rankCounts[rankOf(card)]! += counts[card]!;
  const pairWays = rankCounts.reduce((sum, m) => sum + BigInt(m) * BigInt(Math.max(m - 1, 0)), 0n);
  return {
    cards: total,
    rtp: {
      seat: fraction(seatReturn, ways),
      seatPair: fraction(BigInt(PAIR_RETURN) * pairWays, BigInt(total) * BigInt(total - 1)),
    },
    outcomes,
  };
}
