import { createServer } from "node:http";
import type { Server } from "node:http";

import { createHTTPHandler } from "@trpc/server/adapters/standalone";

import { appRouter, createContext } from "@fuda/api";
import type { Auth } from "@fuda/auth";
import { toNodeHandler } from "@fuda/auth";
import type { Db } from "@fuda/db";

export interface GameApiServerOptions {
  db: Db;
  /** Accounts: served at /api/auth/*, and the session cookie identifies callers of /trpc. */
  auth?: Auth;
  /**
   * Where unexpected failures are reported, one line each. Callers only ever see "Internal
   * server error"; the cause is for the operator's log.
   */
  logError?: (line: string) => void;
}

/**
 * The game API over HTTP: tRPC at /trpc (batched queries and mutations; subscriptions as
 * server-sent events) and, given `auth`, the accounts endpoints at /api/auth/*. The caller owns the database client and listening.
 */
export function createGameApiServer({
  db,
  auth,
  logError = (line) => {
    console.error(line);
  },
}: GameApiServerOptions): Server {
  const authHandler = auth === undefined ? undefined : toNodeHandler(auth);
  const trpcHandler = createHTTPHandler({
    router: appRouter,
    basePath: "/trpc/",
    createContext: ({ req }) => createContext({ db, auth, headers: req.headers }),
    onError: ({ error, path }) => {
      if (error.code !== "INTERNAL_SERVER_ERROR") return;
      const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
      logError(`game-api: ${path ?? "?"} failed: ${cause}`.replace(/\s+/g, " "));
    },
  });
  return createServer((req, res) => {
    if (authHandler !== undefined && req.url?.startsWith("/api/auth/") === true) {
      authHandler(req, res).catch((cause: unknown) => {
        const message = cause instanceof Error ? cause.message : String(cause);
        logError(
          `game-api: ${req.method ?? "?"} ${req.url ?? "?"} failed: ${message}`.replace(
            /\s+/g,
            " ",
          ),
        );
        if (res.headersSent) res.destroy();
        else
          res
            .writeHead(500, { "content-type": "application/json" })
            .end(
              JSON.stringify({ message: "Internal server error", code: "INTERNAL_SERVER_ERROR" }),
            );
      });
      return;
    }
    trpcHandler(req, res);
  });
}
