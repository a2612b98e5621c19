import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";

import type { AppRouter } from "./root";

export { appRouter, type AppRouter } from "./root";
export { feedRouter, type FeedRouter } from "./feed";
export { createCallerFactory } from "./trpc";
export { createContext, type Context } from "./context";
export { FudaError, RETRY_AFTER_SECONDS, type FudaErrorCode } from "./errors";
export {
  gameNames,
  listTables,
  watchTables,
  statusNames,
  type BetLimit,
  type GameName,
  type TableStatusName,
  type TableView,
} from "./domain/tables";

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
