export { createLogger } from "./logger";
export type { Logger, LoggerOptions } from "./logger";
export { currentRequestId, requestIdOf, withRequestId } from "./request-id";
export { scrubText } from "./redact";
export { serveHealth } from "./health";
export type { ReadinessCheck } from "./health";
export { observeRequest } from "./http";
export { withSpan } from "./span";
export type { ObservedRequest } from "./http";
export {
  betBatchDuration,
  betBatchSize,
  betsPlaced,
  betsRefused,
  booksBalanced,
  booksChecked,
  eventsPublished,
  fanoutLag,
  feedRequests,
  httpRequestDuration,
  metricsListener,
  registry,
  roundPhaseDuration,
  roundPhases,
  sample,
  serveMetrics,
  sseSubscribers,
  tableLastTransition,
  tablesOpen,
  unixSeconds,
  watchPool,
  webhookDeliveries,
} from "./metrics";
export type { PoolCounts } from "./metrics";
