export type {
  BetSpec,
  CardDealt,
  DealEvent,
  DealStep,
  GameDefinition,
  LiveBet,
  LiveRound,
  PublicRound,
  Refusal,
  RefusalCode,
  RoundResult,
  SlipContext,
} from "./definition";
export { GAME_DEFINITIONS, gameDefinition } from "./registry";
export { baccaratDefinition } from "../baccarat/live";
export type { PokDengOutcome } from "../pok-deng/live";
export { pokDengDefinition } from "../pok-deng/live";
