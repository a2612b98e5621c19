import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";

import type { AppRouter } from "./root";

export { appRouter, type AppRouter } from "./root";
export { betCalls } from "./routers/bets";
export { feedRouter, type FeedRouter } from "./feed";
export {
  adminProcedure,
  createCallerFactory,
  operatorProcedure,
  partnerProcedure,
  playerProcedure,
  publicProcedure,
  router,
  runPlayerCall,
  SSE_PING_MS,
  SSE_RECONNECT_AFTER_INACTIVITY_MS,
  STEP_UP_MS,
  type PlayerActor,
  type PlayerCall,
} from "./trpc";
export { createContext, type Context, type CreateContextOptions, type Live } from "./context";
export type { Actor } from "@fuda/auth";
export { databaseUnavailable, FudaError, type FudaErrorCode, issueWords } from "./errors";
export { RETRY_AFTER_SECONDS } from "./unavailable";
export { listTables } from "./domain/tables";
export { watchTables } from "./domain/lobby-feed";
export { lobbyTables } from "./domain/lobby";
export { lobbyTableSchema, type LiveSummary, type LobbyTable } from "./domain/lobby.types";
export { getTableDetail } from "./domain/table-view";
export { deviceOf, type SessionView } from "./domain/sessions";
export {
  tableDetailSchema,
  tableEventSchema,
  tableEventsInputSchema,
  MULTI_TABLES_MAX,
  type TableDetail,
} from "./domain/table-view.types";
export { multiTableEvents, tableEvents, tableSubscription } from "./domain/table-events";
export { getShoe, listShoes } from "./domain/shoes";
export { announcedRound, feedRevision, finishedRoundPage } from "./domain/feed-rounds";
export { roundPageSchema, roundsInputSchema } from "./domain/feed-rounds.types";
export { getFeedShoe } from "./domain/feed-shoe";
export type { RoundResult } from "./domain/feed-rounds.types";
export type { FeedShoe } from "./domain/feed-shoe";
export {
  shoeDetailSchema,
  shoesPageSchema,
  type ShoeDetail,
  type ShoeRound,
  type ShoesPage,
  type ShoeSummary,
  type TakenCard,
} from "./domain/shoes.types";
export { ledgerHooks } from "./domain/wallet";
export {
  gameNames,
  statusNames,
  tableViewSchema,
  type GameName,
  type TableStatusName,
  type TableView,
} from "./domain/tables.types";

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export {
  signWebhook,
  startWebhookDeliverer,
  WEBHOOK_HEADERS,
  webhookBody,
  type WebhookDeliverer,
  type WebhookDelivererOptions,
} from "./domain/webhook-deliverer";
export {
  createWebhookEndpoint,
  listWebhookEndpoints,
  revokeWebhookEndpoint,
  webhookDeliveries,
} from "./domain/webhook-endpoints";
export { isPublicAddress, type WebhookPrivateTargets } from "./domain/public-address";
export { readinessChecks } from "./domain/readiness";
export { startBooksWatch, type BooksWatch, type BooksWatchOptions } from "./domain/books-watch";
