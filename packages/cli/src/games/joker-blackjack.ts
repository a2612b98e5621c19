import { jokerBlackjack } from "@fuda/rules";
import { SimulationRng } from "@fuda/shoe";

import { variantOf } from "../args";
import type { SimulateOptions } from "../commands/simulate";

/**
 * `fuda simulate joker-blackjack`: seven seats of basic strategy on 6 decks + 1 joker, dealer
 * stands on soft 17. As for Pok Deng, the hex seed keys the HMAC DRBG, which seeds the fast
 * xoshiro128** generator (`SimulationRng`) that shuffles the shoes.
 */
export function simulate({ game, variant: requested, rounds, seed }: SimulateOptions) {
  const variant = variantOf(game, requested, jokerBlackjack.VARIANTS);
  const rng = SimulationRng.fromSeed({ serverSeed: seed });
  const started = performance.now();
  const report = jokerBlackjack.simulate({ rounds, seed, rng });
  const seconds = (performance.now() - started) / 1000;
  return {
    game,
    variant,
    rounds,
    seed,
    roundsPerSecond: Math.round(rounds / seconds),
    seats: report.seats,
    decks: report.decks,
    jokers: report.jokers,
    bets: report.bets,
    rtp: report.rtp,
    stdErr: report.stdErr,
    premiums: report.premiums,
    jokerEvents: report.jokerEvents,
    forcedPush: report.forcedPush,
    outcomes: report.outcomes,
  };
}
