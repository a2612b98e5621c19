import { pokDeng } from "@fuda/rules";

import { variantOf } from "../args";
import type { AnalyzeOptions } from "../commands/analyze";
import type { SimulateOptions } from "../commands/simulate";
import { runSimulation } from "./run-simulation";

const exactly = (fraction: pokDeng.Fraction) => ({
  value: pokDeng.fractionToNumber(fraction),
  exact: pokDeng.formatFraction(fraction),
});

/** `fuda analyze pok-deng`: one seat against the Banker, from a fresh 8-deck shoe. */
export function analyze({ game, variant: requested }: AnalyzeOptions) {
  const variant = variantOf(game, requested, pokDeng.VARIANTS);
  const analysis = pokDeng.analyzePokDeng();
  const bet = (rtp: pokDeng.Fraction) => {
    const { value, exact } = exactly(rtp);
    return { rtp: value, rtpExact: exact };
  };
  return {
    game,
    variant,
    decks: pokDeng.POK_DENG_DECKS,
    cards: analysis.cards,
    bets: { seat: bet(analysis.rtp.seat), seatPair: bet(analysis.rtp.seatPair) },
    probabilities: Object.fromEntries(
      pokDeng.SEAT_OUTCOMES.map((outcome) => {
        const { value, exact } = exactly(analysis.outcomes[outcome]);
        return [outcome, { probability: value, exact }];
      }),
    ),
  };
}

/**
 * `fuda simulate pok-deng`: whole 8-deck shoes, one unit on all ten bets each round. The hex
 * seed keys the HMAC DRBG, which seeds the fast simulation generator (SimulationRng).
 */
export function simulate(options: SimulateOptions) {
  const variant = variantOf(options.game, options.variant, pokDeng.VARIANTS);
  const { head, result } = runSimulation(options, variant, (rng) =>
    pokDeng.simulatePokDeng({ rounds: options.rounds, rng }),
  );
  return { ...head, shoes: result.shoes, bets: result.bets, probabilities: result.outcomes };
}
