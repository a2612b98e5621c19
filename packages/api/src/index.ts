import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";

import type { AppRouter } from "./root";

export { appRouter, type AppRouter } from "./root";
export { feedRouter, type FeedRouter } from "./feed";
export { createCallerFactory } from "./trpc";
export { createContext, type Context } from "./context";
export { FudaError, type FudaErrorCode } from "./errors";
export { listTables, watchTables } from "./domain/tables";
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
