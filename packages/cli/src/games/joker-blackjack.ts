import { jokerBlackjack } from "@fuda/rules";

import { variantOf } from "../args";
import type { SimulateOptions } from "../commands/simulate";
import { runSimulation } from "./run-simulation";

/**
 * `fuda simulate joker-blackjack`: seven seats of basic strategy on 6 decks + 1 joker, dealer
 * stands on soft 17. As for Pok Deng, the hex seed keys the HMAC DRBG, which seeds the fast
 * xoshiro128** generator (`SimulationRng`) that shuffles the shoes.
 */
export function simulate(options: SimulateOptions) {
  const variant = variantOf(options.game, options.variant, jokerBlackjack.VARIANTS);
  const { head, result: report } = runSimulation(options, variant, (rng) =>
    jokerBlackjack.simulate({ rounds: options.rounds, seed: options.seed, rng }),
  );
  return {
    ...head,
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
