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
export { createEventHub, LISTEN_QUERY } from "./hub";
export type { EventHubOptions } from "./hub";
export { SlowSubscriberError } from "./hub-subscriber";
