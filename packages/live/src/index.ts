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
