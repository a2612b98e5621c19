import type { CutCardRange, Rng } from "@fuda/shoe";
import { endRound } from "@fuda/shoe";

import { PAIR_RETURN } from "./bets";
import { PAIR_BIT, handClass, handCode } from "./hand";
import type { SeatOutcome } from "./outcome";
import { SEAT_OUTCOME_NET, SEAT_OUTCOMES, seatOutcomeOfClasses } from "./outcome";
import { dealRoundAt, openShoe, reopenShoe } from "./deal";
import { CARDS_PER_ROUND, SEAT_COUNT } from "./round";

export interface PokDengSimulationOptions {
  rounds: number;
  rng: Rng;
  decks?: number;
  cutCard?: CutCardRange;
}

export interface SimulatedBet {
  /** Observed return per unit staked, the deposit not counted. */
  rtp: number;
  /** Standard error of `rtp`: rounds are the independent samples (a round's five seats share
   * one Banker hand, so seats are not). */
  stdErr: number;
}

export interface PokDengSimulation {
  rounds: number;
  shoes: number;
  bets: Readonly<Record<"seat" | "seatPair", SimulatedBet>>;
  /** Share of seat hands ending in each outcome. */
  outcomes: Readonly<Record<SeatOutcome, number>>;
}

const PAIR_WIN_NET = PAIR_RETURN - 1;

/**
 * Plays `rounds` rounds on the real shoe procedures (cut card, first-card burn, one burn per
 * round, last round), one unit on every Player N and Player N Pair bet each round.
 */
export function simulatePokDeng({
  rounds,
  rng,
  decks,
  cutCard,
}: PokDengSimulationOptions): PokDengSimulation {
  if (!Number.isSafeInteger(rounds) || rounds < 1) {
    throw new RangeError(`rounds must be a positive integer, got ${rounds}`);
  }
  const { shoe } = openShoe({ rng, decks, cutCard });
  let shoes = 1;
  const outcomeCounts = new Float64Array(SEAT_OUTCOMES.length);
  const outcomeNet = Int8Array.from(SEAT_OUTCOME_NET);
  let seatSum = 0;
  let seatSquares = 0;
  let pairSum = 0;
  let pairSquares = 0;
  for (let round = 0; round < rounds; round++) {
    if (shoe.finished) {
      reopenShoe(shoe, rng);
      shoes++;
    }
    const at = dealRoundAt(shoe);
    endRound(shoe);
    const cards = shoe.cards;
    const banker = handClass(handCode(cards[at + SEAT_COUNT]!, cards[at + CARDS_PER_ROUND - 1]!));
    let seatNet = 0;
    let pairNet = 0;
    for (let seat = 0; seat < SEAT_COUNT; seat++) {
      const player = handCode(cards[at + seat]!, cards[at + seat + SEAT_COUNT + 1]!);
      const outcome = seatOutcomeOfClasses(handClass(player), banker);
      outcomeCounts[outcome]!++;
      seatNet += outcomeNet[outcome]!;
      pairNet += (player & PAIR_BIT) !== 0 ? PAIR_WIN_NET : -1;
    }
    seatSum += seatNet;
    seatSquares += seatNet * seatNet;
    pairSum += pairNet;
    pairSquares += pairNet * pairNet;
  }
  const outcomes = {} as Record<SeatOutcome, number>;
  SEAT_OUTCOMES.forEach((outcome, index) => {
    outcomes[outcome] = outcomeCounts[index]! / (rounds * SEAT_COUNT);
  });
  return {
    rounds,
    shoes,
    bets: {
      seat: perUnit(seatSum, seatSquares, rounds),
      seatPair: perUnit(pairSum, pairSquares, rounds),
    },
    outcomes,
  };
}

/** Mean and its standard error of a round's net over five one-unit bets, per unit staked. */
function perUnit(sum: number, squares: number, rounds: number): SimulatedBet {
  const mean = sum / rounds;
  const variance = rounds > 1 ? (squares - rounds * mean * mean) / (rounds - 1) : 0;
  return {
    rtp: 1 + mean / SEAT_COUNT,
    stdErr: Math.sqrt(Math.max(variance, 0) / rounds) / SEAT_COUNT,
  };
}
