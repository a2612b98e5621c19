export type { RoundOutcome, Winner } from "./hand";
export {
  BANKER_DRAWS,
  bankerDraws,
  CARD_VALUE,
  cardsUsedOf,
  dealCode,
  dealRound,
  dealtFrom,
  describeCode,
  isNatural,
  PLAYER_STOOD,
  playerDraws,
  rankValue,
} from "./hand";
export type { Bet, BetId, LiveVariant, Settlement, Variant } from "./bets";
export {
  BET_IDS,
  BET_NAMES,
  betsOf,
  isBetId,
  isOffered,
  LAST_ROUND,
  PAYOUTS,
  PAYOUTS_OF,
  payoutOdds,
  settle,
  settleBet,
  VARIANTS,
} from "./bets";
export type { BetSlip, LiveBetSlip, QuickBetSlip, Violation, ViolationRule } from "./validate";
export { QUICK_SPOT_MAX, validateBets } from "./validate";
export type {
  BeadPlateCell,
  BigRoad,
  BigRoadCell,
  DerivedRoad,
  DerivedRoadName,
  DrawnCell,
  Mark,
  RoadRound,
  Roads,
  Side,
} from "./roads";
export {
  askRoads,
  beadPlate,
  bigRoad,
  DERIVED_ROADS,
  derivedMark,
  drawBigRoad,
  parseResults,
  roads,
} from "./roads";
export type { GoodRoad } from "./good-roads";
export {
  GOOD_ROADS,
  goodRoads,
  LONG_STREAK,
  PING_PONG_COLUMNS,
  TWO_IN_A_ROW_COLUMNS,
} from "./good-roads";
export type { Fraction } from "../fraction";
export { formatFraction, fraction, fractionToNumber } from "../fraction";
export type { Analysis, EventName, OutcomeWeights } from "./analyze";
export { analyze, EVENTS, outcomeWeights, rankCounts } from "./analyze";
export type { BetStatistics, Simulation, SimulationOptions } from "./simulate";
export { ROUND_MAX_CARDS, simulate, variantComposition } from "./simulate";
export type { QuickGame, QuickHand, QuickPhase, QuickSpot, QuickStep } from "./quick-game";
export {
  addPoint,
  deal,
  newQuickGame,
  next,
  QUICK_CLICK,
  QUICK_SPOTS,
  QUICK_START_BALANCE,
  startOver,
  undo,
} from "./quick-game";
