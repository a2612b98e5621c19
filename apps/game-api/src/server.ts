import type { Server } from "node:http";

import { createHTTPServer } from "@trpc/server/adapters/standalone";

import { appRouter, createContext } from "@fuda/api";
import type { Db } from "@fuda/db";

/**
 * The game API over HTTP: tRPC at /trpc (batched queries and mutations; subscriptions as
 * server-sent events), nothing else. The caller owns the database client and listening.
 */
export function createGameApiServer({ db }: { db: Db }): Server {
  return createHTTPServer({
    router: appRouter,
    basePath: "/trpc/",
    createContext: () => createContext({ db }),
  });
}
