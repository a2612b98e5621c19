import { rankOf } from "@fuda/shoe";

import type { Fraction } from "../fraction";
import { fraction } from "../fraction";
import type { BetId, Variant } from "./bets";
import { betsOf, payoutOdds } from "./bets";
import {
  bankerDraws,
  bankerSixCardsOf,
  hasBankerNatural,
  hasBankerPair,
  hasPlayerNatural,
  hasPlayerPair,
  isNatural,
  OUTCOME_CODES,
  outcomeCode,
  PLAYER_STOOD,
  playerDraws,
  rankValue,
  winnerOf,
} from "./hand";

/** Ordered six-card sequences behind each outcome code, out of `total`. */
export interface OutcomeWeights {
  /** `weights[code]`: how many orderings of the shoe's first six cards deal that outcome. */
  readonly weights: readonly bigint[];
  /** N (N-1) … (N-5) for a shoe of N cards: every ordering of its first six cards. */
  readonly total: bigint;
}

const MAX_EXACT = 2 ** 53;

/** Card count per rank (index 1..13) of a composition; jokers are refused. */
export function rankCounts(cards: Iterable<number>): number[] {
  const counts = new Array<number>(14).fill(0);
  for (const card of cards) {
    const rank = rankOf(card);
    if (rank === 0) throw new RangeError("baccarat is played without jokers");
    counts[rank]!++;
  }
  return counts;
}

/**
 * Exact outcome weights of the next round dealt from a shoe holding `counts[rank]` cards of each
 * rank: every first four cards by rank (pairs need ranks), then the third cards by value.
 * Integer sums run in doubles, exact below 2^53, and are moved into BigInt after each first card.
 */
export function outcomeWeights(counts: readonly number[]): OutcomeWeights {
  const rankCount = Int32Array.from({ length: 14 }, (_, rank) =>
    rank === 0 ? 0 : (counts[rank] ?? 0),
  );
  const valueCount = new Int32Array(10);
  for (let rank = 1; rank <= 13; rank++) valueCount[rankValue(rank)]! += rankCount[rank]!;
  const n = rankCount.reduce((sum, count) => sum + count, 0);
  if (n < 6) throw new RangeError(`a round can need 6 cards, the shoe holds ${n}`);
  const afterFour = (n - 4) * (n - 5);
  const biggestRank = Math.max(...rankCount);
  if (biggestRank * (n - 1) * (n - 2) * (n - 3) * afterFour >= MAX_EXACT) {
    throw new RangeError(`a shoe of ${n} cards is too large for exact double sums`);
  }

  const weights = new Array<bigint>(OUTCOME_CODES).fill(0n);
  const sums = new Float64Array(OUTCOME_CODES);
  const take = (rank: number): number => {
    const available = rankCount[rank]!;
    rankCount[rank] = available - 1;
    valueCount[rankValue(rank)]!--;
    return available;
  };
  const putBack = (rank: number): void => {
    rankCount[rank]!++;
    valueCount[rankValue(rank)]!++;
  };

  /** The third cards, by value, after a first four of weight `w` that is not a natural. */
  const drawThirdCards = (w: number, player: number, banker: number, pairs: number): void => {
    if (!playerDraws(player)) {
      if (!bankerDraws(banker, PLAYER_STOOD)) {
        sums[pairs | outcomeCode(player, banker, false, false, false, false)]! += w * afterFour;
        return;
      }
      for (let u = 0; u < 10; u++) {
        const count = valueCount[u]!;
        if (count === 0) continue;
        const code = outcomeCode(player, (banker + u) % 10, false, true, false, false);
        sums[pairs | code]! += w * count * (n - 5);
      }
      return;
    }
    for (let t = 0; t < 10; t++) {
      const countT = valueCount[t]!;
      if (countT === 0) continue;
      const playerTotal = (player + t) % 10;
      if (!bankerDraws(banker, t)) {
        const code = outcomeCode(playerTotal, banker, true, false, false, false);
        sums[pairs | code]! += w * countT * (n - 5);
        continue;
      }
      valueCount[t] = countT - 1;
      for (let u = 0; u < 10; u++) {
        const countU = valueCount[u]!;
        if (countU === 0) continue;
        const code = outcomeCode(playerTotal, (banker + u) % 10, true, true, false, false);
        sums[pairs | code]! += w * countT * countU;
      }
      valueCount[t] = countT;
    }
  };

  for (let p1 = 1; p1 <= 13; p1++) {
    if (rankCount[p1] === 0) continue;
    const w1 = take(p1);
    for (let b1 = 1; b1 <= 13; b1++) {
      if (rankCount[b1] === 0) continue;
      const w2 = w1 * take(b1);
      for (let p2 = 1; p2 <= 13; p2++) {
        if (rankCount[p2] === 0) continue;
        const w3 = w2 * take(p2);
        const player = (rankValue(p1) + rankValue(p2)) % 10;
        for (let b2 = 1; b2 <= 13; b2++) {
          if (rankCount[b2] === 0) continue;
          const w4 = w3 * take(b2);
          const banker = (rankValue(b1) + rankValue(b2)) % 10;
          const pairs = outcomeCode(0, 0, false, false, p1 === p2, b1 === b2);
          if (isNatural(player) || isNatural(banker)) {
            sums[pairs | outcomeCode(player, banker, false, false, false, false)]! +=
              w4 * afterFour;
          } else drawThirdCards(w4, player, banker, pairs);
          putBack(b2);
        }
        putBack(p2);
      }
      putBack(b1);
    }
    putBack(p1);
    for (let code = 0; code < OUTCOME_CODES; code++) {
      if (sums[code] === 0) continue;
      weights[code]! += BigInt(sums[code]!);
      sums[code] = 0;
    }
  }
  const total = BigInt(n) * BigInt(n - 1) * BigInt(n - 2) * BigInt(n - 3) * BigInt(afterFour);
  return { weights, total };
}

/** The events the analyzer reports, each a predicate on the outcome code. */
export const EVENTS = {
  player: (code: number) => winnerOf(code) === "player",
  banker: (code: number) => winnerOf(code) === "banker",
  tie: (code: number) => winnerOf(code) === "tie",
  playerPair: hasPlayerPair,
  bankerPair: hasBankerPair,
  playerNatural: hasPlayerNatural,
  bankerNatural: hasBankerNatural,
  bankerWinsWithSix: (code: number) => bankerSixCardsOf(code) !== 0,
  bankerWinsWithSixOnTwoCards: (code: number) => bankerSixCardsOf(code) === 2,
  bankerWinsWithSixOnThreeCards: (code: number) => bankerSixCardsOf(code) === 3,
} as const;

export type EventName = keyof typeof EVENTS;

export interface Analysis {
  readonly variant: Variant;
  readonly cards: number;
  readonly probabilities: Readonly<Record<EventName, Fraction>>;
  /** Return to player of each bet the variant offers: expected amount back (stake included) per unit staked. */
  readonly rtp: Readonly<Partial<Record<BetId, Fraction>>>;
}

/** Exact probabilities and every bet's RTP for the next round dealt from `cards`. */
export function analyze(variant: Variant, cards: Uint8Array | readonly number[]): Analysis {
  const { weights, total } = outcomeWeights(rankCounts(cards));
  const probability = (event: (code: number) => boolean): Fraction => {
    let sum = 0n;
    weights.forEach((weight, code) => {
      if (weight !== 0n && event(code)) sum += weight;
    });
    return fraction(sum, total);
  };
  const probabilities = Object.fromEntries(
    Object.entries(EVENTS).map(([name, event]) => [name, probability(event)]),
  ) as Record<EventName, Fraction>;

  // Every payout's denominator divides 20 (0.95:1 is 19/20, 7:2 and 1:2 are halves).
  const per = 20n;
  const rtp: Partial<Record<BetId, Fraction>> = {};
  for (const bet of betsOf(variant)) {
    let returned = 0n;
    weights.forEach((weight, code) => {
      const odds = weight === 0n ? null : payoutOdds(variant, bet, code);
      if (odds !== null)
        returned += (weight * BigInt(odds.win + odds.per) * per) / BigInt(odds.per);
    });
    rtp[bet] = fraction(returned, total * per);
  }
  return { variant, cards: cards.length, probabilities, rtp };
}
