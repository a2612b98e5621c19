/** Joker blackjack (seed 003): a pure, replayable multi-seat round, its premiums and simulator. */
export type * from "./types";
export { DEFAULT_CONFIG } from "./types";
export {
  createRound,
  legalActions,
  apply,
  nextDealerStep,
  replay,
  JokerBlackjackError,
} from "./round";
export type { Award, Premium, PremiumName } from "./premiums";
export { PREMIUMS, PREMIUM_NAMES, premiumOf } from "./premiums";
export { bestTotal, dealerTotal, minTotal, isNatural } from "./hand";
export { basicStrategy } from "./strategy";
export type { Frequency, SimulationOptions, SimulationReport } from "./simulate";
export { simulate } from "./simulate";
