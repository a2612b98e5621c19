export type {
  BetSpec,
  DealStep,
  GameDefinition,
  LiveBet,
  LiveRound,
  PublicRound,
  Refusal,
  RefusalCode,
  SlipContext,
  UnitReturn,
} from "./definition";
export type {
  ActionTaken,
  CardDealt,
  CardFaceDown,
  DealEvent,
  HandSettled,
  PublicHand,
  PublicSeat,
  RoundCorrected,
  RoundResult,
  GameEvent,
  TurnStarted,
} from "./events";
export type {
  ActionStake,
  ActResult,
  Correction,
  Decision,
  Decisions,
  Refused,
  RoundSeat,
  TableStep,
} from "./decisions";
export type { GameLookup, TableGameDefinition } from "./registry";
export { GAME_DEFINITIONS, gameDefinition } from "./registry";
export { baccaratDefinition } from "../baccarat/live";
export type { PokDengOutcome } from "../pok-deng/live";
// Where each card shown was dealt: a verifier places the shown cards in the shoe (fairness page).
export { pokDengDefinition, REVEAL_INDEX as POK_DENG_REVEAL_INDEX } from "../pok-deng/live";
export type {
  JokerBlackjackOutcome,
  JokerBlackjackRoadMark,
  JokerBlackjackTable,
} from "../joker-blackjack/live";
export { jokerBlackjackDefinition, jokerBlackjackRefusal } from "../joker-blackjack/live";
export type { StudioStep, StudioTry } from "./studio";
export { studioCardRefusal, studioTry } from "./studio";
