export { appendEvents, readEvents, toTableEvent } from "./events";
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
export { definitionOf, publicGameName } from "./games";
export { DEFAULT_TIMING, runTable } from "./dealer";
export type { DealerTiming } from "./dealer";
export { FencedError } from "./dealer-steps";
export { startDealer } from "./ownership";
export type { Dealer, DealerOptions } from "./ownership";
export { auditLiveTables } from "./audit";
