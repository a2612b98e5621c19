import type { Server } from "node:http";

import { createHTTPServer } from "@trpc/server/adapters/standalone";

import { appRouter, createContext } from "@fuda/api";
import type { Db } from "@fuda/db";

export interface GameApiServerOptions {
  db: Db;
  /**
   * Where unexpected failures are reported, one line each. Callers only ever see "Internal
   * server error"; the cause is for the operator's log.
   */
  logError?: (line: string) => void;
}

/**
 * The game API over HTTP: tRPC at /trpc (batched queries and mutations; subscriptions as
 * server-sent events), nothing else. The caller owns the database client and listening.
 */
export function createGameApiServer({
  db,
  logError = (line) => {
    console.error(line);
  },
}: GameApiServerOptions): Server {
  return createHTTPServer({
    router: appRouter,
    basePath: "/trpc/",
    createContext: () => createContext({ db }),
    onError: ({ error, path }) => {
      if (error.code !== "INTERNAL_SERVER_ERROR") return;
      const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
      logError(`game-api: ${path ?? "?"} failed: ${cause}`.replace(/\s+/g, " "));
    },
  });
}
