import { baccarat } from "@fuda/rules";

import { variantOf } from "../args";
import { CliError } from "../command";
import type { AnalyzeOptions } from "../commands/analyze";
import type { SimulateOptions } from "../commands/simulate";
import { runSimulation } from "./run-simulation";

/** The variants of each baccarat game: the live tables (commission first), the quick game. */
const LIVE_VARIANTS = baccarat.VARIANTS.filter((variant) => variant !== "quick");
const QUICK_VARIANTS = baccarat.VARIANTS.filter((variant) => variant === "quick");

function baccaratVariant(game: string, requested: string | undefined): baccarat.Variant {
  if (game === "baccarat") return variantOf(game, requested, LIVE_VARIANTS);
  if (game === "quick-baccarat") return variantOf(game, requested, QUICK_VARIANTS);
  throw new CliError(`not a baccarat game: "${game}"`);
}

/** `fuda analyze <game>`: exact RTPs and probabilities of the first round of a fresh shoe. */
export function analyze({ game, variant: requested }: AnalyzeOptions) {
  const variant = baccaratVariant(game, requested);
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
export function simulate(options: SimulateOptions) {
  const variant = baccaratVariant(options.game, options.variant);
  const { head, result } = runSimulation(options, variant, (rng) =>
    baccarat.simulate({ variant, rounds: options.rounds, rng }),
  );
  return { ...head, shoes: result.shoes, bets: result.bets };
}
