export { appendEvents, readEvents, toTableEvent } from "./events";
export type { EventType, NewEvent, TableEvent } from "./events";
