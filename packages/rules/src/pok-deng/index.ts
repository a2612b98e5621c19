// Pok Deng (docs/rules/pok-deng.md): five Player seats, each against one Banker hand, two cards.
export type { HandCode, PokDengHand, Score, SpecialHand } from "./hand";
export {
  FLUSH_BIT,
  PAIR_BIT,
  PATTERN_BIT,
  SPECIAL_HAND_SCORES,
  checkedHandCode,
  evaluateHand,
  handCode,
  hasPattern,
  isPokDengCard,
  isSpecialScore,
  scoreOf,
} from "./hand";
export type { SeatOutcome } from "./outcome";
export { SEAT_OUTCOMES, SEAT_OUTCOME_NET, seatOutcome, seatOutcomeIndex } from "./outcome";
export type { PokDengRound, SeatNumber, TwoCards, Variant } from "./round";
export {
  CARDS_PER_ROUND,
  SEAT_COUNT,
  SEAT_NUMBERS,
  bankerHand,
  isSeatNumber,
  roundFromDealtCards,
  seatCards,
  seatHand,
  VARIANTS,
} from "./round";
export type {
  BetViolation,
  BetViolationRule,
  PokDengBet,
  PokDengBetId,
  PokDengSettlement,
} from "./bets";
export {
  PAIR_RETURN,
  POK_DENG_BET_IDS,
  betName,
  depositFor,
  reservedFor,
  settleBet,
  settleRound,
  validateBets,
} from "./bets";
export type { SeatRoadMark, SeatRoadResult } from "./roads";
export { seatRoadMark, seatRoads } from "./roads";
export type { Fraction } from "../fraction";
export { formatFraction, fractionToNumber } from "../fraction";
export type { PokDengAnalysis } from "./analyze";
export { analyzePokDeng } from "./analyze";
export type { DealtPokDengRound, PokDengShoeOptions } from "./deal";
export {
  POK_DENG_DECKS,
  REVEAL_ORDER,
  dealRound,
  dealRoundAt,
  dealRoundInto,
  openShoe,
  reopenShoe,
} from "./deal";
export type { PokDengSimulation, PokDengSimulationOptions, SimulatedBet } from "./simulate";
export { simulatePokDeng } from "./simulate";
/** What a live table's `round.result` publishes (packages/contracts reads it with its schema). */
export type { PokDengOutcome } from "./live";
