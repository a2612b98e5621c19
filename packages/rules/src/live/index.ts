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
  TableEvent,
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
export { pokDengDefinition } from "../pok-deng/live";
export type {
  JokerBlackjackOutcome,
  JokerBlackjackRoadMark,
  JokerBlackjackTable,
} from "../joker-blackjack/live";
export { jokerBlackjackDefinition, jokerBlackjackRefusal } from "../joker-blackjack/live";
