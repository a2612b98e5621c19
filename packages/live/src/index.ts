export { appendEvents, EVENT_TYPES, readEvents, toTableEvent } from "./events";
export type { EventType, NewEvent, TableEvent } from "./events";
export type {
  BetDesk,
  EventHub,
  Placement,
  PlaceBetsInput,
  PlacedBet,
  SubscribeOptions,
  Undo,
} from "./services";
export { definitionOf, jokerBlackjackTable, publicGameName } from "./games";
export { DEFAULT_TIMING } from "./dealer";
export { runTable } from "./table-runner";
export { systemClock } from "./clock";
export type { Clock } from "./clock";
export type { DealerTiming } from "./dealer";
export { FencedError } from "./dealer-rows";
export { startDealer } from "./ownership";
export type { Dealer, DealerOptions } from "./ownership";
export { auditLiveTables } from "./audit";
export { createBetDesk, DEFAULT_BET_PACE } from "./bet-desk";
export {
  chatLineOf,
  chatMessageEvent,
  createChatDesk,
  DEFAULT_CHAT_PACES,
  sweepChat,
  tooFast,
} from "./chat";
export type {
  ChatDesk,
  ChatDeskOptions,
  ChatLineRow,
  ChatPaces,
  ChatWriter,
  NewChatLine,
} from "./chat";
export type { BetDeskOptions } from "./bet-desk";
export {
  liveBetSchema,
  MAX_BETS_PER_SLIP,
  MAX_REQUEST_ID_LENGTH,
  placeBetsSchema,
} from "./bet-slip";
export { refundOpenBets } from "./refunds";
export type { RefundedBet } from "./refunds";
export { roundLockKey } from "./round-locks";
export { decodeCursor, HISTORY_MAX_LIMIT, recall, RECALL_ROUNDS, roundsOfPlayer } from "./history";
export { ownStakes } from "./own-stakes";
export { behindBets, isWaitingForBet } from "./waiting-round";
export type { OwnStake, OwnStakes } from "./own-stakes";
export type { RecalledBet, RecalledRound, RoundsPage } from "./history";
export { createEventHub, LISTEN_QUERY } from "./hub";
export type { EventHubOptions } from "./hub";
export { startEventRelay } from "./event-relay";
export type { EventRelay, EventRelayOptions } from "./event-relay";
export { connectEventStream, eventStreamFromEnv } from "./nats-events";
export type { EventStream, EventStreamOptions } from "./nats-events";
export { createNatsEventHub } from "./nats-hub";
export type { NatsEventHubOptions } from "./nats-hub";
export { SlowSubscriberError } from "./hub-subscriber";
export type { EventListener } from "./hub-subscriber";
export { startLive } from "./live";
export type { Live, LiveOptions } from "./live";
export { recordingLog, silentLog } from "./log";
export type { LiveLog, LiveLogFn, LoggedLine } from "./log";
export { playQuick, quickState } from "./quick-sessions";
export type { QuickAction, QuickOptions } from "./quick-sessions";
export { quickSessionFromJson } from "./quick-view";
export { quickSessionJsonOf } from "./quick-json";
export { isLiveRound, liveRoundFromJson } from "./round-json";
export type { QuickCard, QuickSessionJson, QuickView } from "./quick-view";
export { freeLeavingSeats, leave, seatsAt, sit, tableSettings, tableSettingsSchema } from "./seats";
export type { SeatView, TableSettings } from "./seats";
export { act, refusalError } from "./actions";
export type { Acted, ActInput } from "./actions";
export { correctRound } from "./corrections";
export type { Corrected, CorrectionInput, CorrectionType } from "./corrections";
export { voidRound, voidTransferId } from "./voids";
export { cancelInterruptedRound } from "./interruptions";
export type { CancelInput, Cancelled } from "./interruptions";
export type { Voided, VoidedPlayer, VoidInput } from "./voids";
export { betResults } from "./bet-results";
export type { BetResult } from "./bet-results";
export { writeWebhookEvent } from "./webhook-outbox";
export { WEBHOOK_EVENT_TYPES } from "./webhook-events";
export type { WebhookEventType } from "./webhook-events";
export { isUuid } from "./bet-slip";
export {
  studioCard,
  studioClose,
  studioCutCard,
  studioMistake,
  studioNewShoe,
  studioOpen,
  studioRelease,
  studioSkipBurns,
  studioState,
  studioTables,
  studioTakeBack,
} from "./studio";
export type {
  StudioCall,
  StudioCardCall,
  StudioMistakeCall,
  StudioStepCall,
  StudioTable,
} from "./studio";
