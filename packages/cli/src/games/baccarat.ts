import { baccarat } from "@fuda/rules";
import { SimulationRng } from "@fuda/shoe";

import { CliError } from "../command";
import type { SimulateOptions } from "../commands/simulate";

/** The CLI's game names: the commission table, the no-commission table, the quick game. */
export const BACCARAT_GAMES: Readonly<Record<string, baccarat.Variant>> = {
  baccarat: "standard",
  "baccarat-no-commission": "noCommission",
  "quick-baccarat": "quick",
};

function variantOf(game: string): baccarat.Variant {
  const variant = BACCARAT_GAMES[game];
  if (variant === undefined) throw new CliError(`not a baccarat game: "${game}"`);
  return variant;
}

/** `fuda analyze <game>`: exact RTPs and probabilities of the first round of a fresh shoe. */
export function analyze(game: string) {
  const variant = variantOf(game);
  const analysis = baccarat.analyze(variant, baccarat.variantComposition(variant));
  const exactly = (fraction: baccarat.Fraction) => ({
    value: baccarat.fractionToNumber(fraction),
    exact: baccarat.formatFraction(fraction),
  });
  return {
    game,
    variant,
    cards: analysis.cards,
    bets: Object.fromEntries(
      Object.entries(analysis.rtp).map(([bet, rtp]) => {
        const { value, exact } = exactly(rtp);
        return [bet, { rtp: value, rtpExact: exact }];
      }),
    ),
    probabilities: Object.fromEntries(
      Object.entries(analysis.probabilities).map(([event, probability]) => {
        const { value, exact } = exactly(probability);
        return [event, { probability: value, exact }];
      }),
    ),
  };
}

/**
 * `fuda simulate <game>`: whole shoes, every bet settled each round it is offered. The hex seed
 * keys the HMAC DRBG, which seeds the fast simulation generator (SimulationRng).
 */
export function simulate({ game, rounds, seed }: SimulateOptions) {
  const variant = variantOf(game);
  const rng = SimulationRng.fromSeed({ serverSeed: seed });
  const started = performance.now();
  const result = baccarat.simulate({ variant, rounds, rng });
  const seconds = (performance.now() - started) / 1000;
  return {
    game,
    variant,
    rounds,
    seed,
    shoes: result.shoes,
    roundsPerSecond: Math.round(rounds / seconds),
    bets: result.bets,
  };
}
