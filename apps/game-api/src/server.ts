import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";

import type { TRPCError } from "@trpc/server";
import { createHTTPHandler } from "@trpc/server/adapters/standalone";

import { isDirectCall, serveDirectCall } from "./bets-direct";
import { clientAddress, trustedProxies as trustedProxyList } from "./client-address";
import { refusedCrossSite } from "./cross-site";
import { serveTableEvents } from "./table-events-sse";

import {
  appRouter,
  createContext,
  databaseUnavailable,
  readinessChecks,
  RETRY_AFTER_SECONDS,
} from "@fuda/api";
import type { Live, WebhookPrivateTargets } from "@fuda/api";
import type { Auth } from "@fuda/auth";
import { toNodeHandler, withoutEndedSession } from "@fuda/auth";
import type { Db } from "@fuda/db";
import { requestPath } from "@fuda/env";
import type { Logger } from "@fuda/telemetry";
import {
  createLogger,
  currentRequestId,
  observeRequest,
  serveHealth,
  serveMetrics,
} from "@fuda/telemetry";
import { servedOverTls, transportSecurityHeaders } from "@fuda/env/security-headers";

export interface GameApiServerOptions {
  db: Db;
  /**
   * Accounts: served under /api/auth/ (sign-up, sessions; 404 without it), and the session
   * cookie identifies callers of /trpc/.
   */
  auth?: Auth;
  /** The process's logger: a line per request, and every unexpected failure. */
  log?: Logger;
  /**
   * Where unexpected failures are reported, one line each (`log.error` by default). Callers
   * only ever see "Internal server error"; the cause is for the operator's log.
   */
  logError?: (line: string) => void;
  /** METRICS_TOKEN: `/metrics` answers a caller bearing it; unset, `/metrics` is 404. */
  metricsToken?: string;
  /** The live tables' bet desk and event hub, handed to every procedure (`startLive`). */
  live?: Live;
  /**
   * Serve `tables.events` streams straight to the socket, each event serialized once for all
   * its subscribers (table-events-sse.ts); false leaves them to tRPC's own handler.
   */
  directTableEvents?: boolean;
  /**
   * Serve single `bets.place` and `bets.undo` calls without tRPC's fetch adapter, byte for byte
   * as it would (bets-direct.ts); false leaves them to tRPC's handler.
   */
  directBets?: boolean;
  /**
   * What this node answers (ROLES, docs/scaling.md): `api`, the procedures and accounts;
   * `streams`, the players' event streams (the router's subscriptions). Both by default.
   */
  serves?: { api: boolean; streams: boolean };
  /** Most procedure calls in one batched request (each is a database query or more). */
  maxBatchSize?: number;
  /** Largest request body, in bytes; a larger one is refused before it is read. */
  maxBodyBytes?: number;
  /** WEBHOOK_PRIVATE_TARGETS: whether operators may register a webhook on a private address. */
  webhookPrivateTargets?: WebhookPrivateTargets;
  /**
   * Origins whose pages may POST to /trpc/ with a session cookie (cross-site.ts); by default
   * those the accounts trust (AUTH_TRUSTED_ORIGINS).
   */
  trustedOrigins?: readonly string[];
  /**
   * TRUSTED_PROXIES: peers whose X-Forwarded-For is believed (the apps' relays); by default
   * this machine's loopback addresses.
   */
  trustedProxies?: readonly string[];
}

/** TRUSTED_PROXIES' default: the apps' relays on this machine. */
export const LOOPBACK = ["127.0.0.1", "::1"];
const TRPC_PREFIX = "/trpc/";
const AUTH_PREFIX = "/api/auth/";
/** What tRPC and the accounts both answer; anything else is 405 before they see it. */
const METHODS = ["GET", "HEAD", "POST"];
/** How long a browser's EventSource waits before reconnecting a dropped stream, in ms. */
const SSE_RETRY_MS = 3_000;

/**
 * An error in tRPC's own shape, so tRPC clients read our refusals like its own; with the
 * request's id, as the router's errors have (packages/api/src/trpc.ts).
 */
function sendError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  const requestId = currentRequestId();
  res.end(JSON.stringify({ error: { message, data: { code, httpStatus: status, requestId } } }));
}

/** An error in better-auth's own shape, for its clients under /api/auth/. */
function sendAuthError(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ message, code, requestId: currentRequestId() }));
}

/** The procedures' dotted paths ("bets.place"): the route label of a call (metrics, logs). */
function procedurePaths(record: object, prefix = ""): Set<string> {
  const paths = new Set<string>();
  for (const [name, node] of Object.entries(record) as [string, unknown][]) {
    if (typeof node === "function" && "_def" in node) paths.add(prefix + name);
    else if (typeof node === "object" && node !== null) {
      for (const path of procedurePaths(node, `${prefix}${name}.`)) paths.add(path);
    }
  }
  return paths;
}

/** Most distinct /api/auth/ routes labelled by name; past it they count as one (cardinality). */
const AUTH_ROUTES_NAMED = 64;

/** Answers 405 with `Allow`, in the caller's error shape, for a method outside METHODS. */
function refusedMethod(
  req: IncomingMessage,
  res: ServerResponse,
  send: (res: ServerResponse, status: number, code: string, message: string) => void,
): boolean {
  if (METHODS.includes(req.method ?? "")) return false;
  res.setHeader("allow", METHODS.join(", "));
  send(res, 405, "METHOD_NOT_SUPPORTED", `${req.method ?? "?"} is not allowed here`);
  return true;
}

/**
 * The dotted paths of the router's subscriptions ("tables.watch"), read once from its record: a
 * procedure there is a function with its `_def`, a nested router a plain object.
 */
function subscriptionPaths(record: object, prefix = ""): Set<string> {
  const paths = new Set<string>();
  const nodes: [string, unknown][] = Object.entries(record);
  for (const [name, node] of nodes) {
    if (typeof node === "function" && "_def" in node) {
      const def: unknown = node._def;
      if (typeof def === "object" && def !== null && "type" in def && def.type === "subscription") {
        paths.add(prefix + name);
      }
    } else if (typeof node === "object" && node !== null) {
      for (const path of subscriptionPaths(node, `${prefix}${name}.`)) paths.add(path);
    }
  }
  return paths;
}

/** Puts a `retry:` line first in a server-sent event stream, whatever tRPC writes after it. */
function withRetryHint(res: ServerResponse): void {
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  let first = true;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (first) {
      first = false;
      const type = res.getHeader("content-type");
      if (typeof type === "string" && type.startsWith("text/event-stream")) {
        write(`retry: ${SSE_RETRY_MS}\n\n`);
      }
    }
    return write(chunk, ...rest);
  }) as ServerResponse["write"];
}

/**
 * The game API over HTTP: tRPC at /trpc/ (batched queries and mutations; subscriptions as
 * server-sent events), the auth handler at /api/auth/, 404 for every other path. Requests are
 * checked before tRPC sees them: method, batch size and body size. The caller owns the
 * database client and listening.
 */
export function createGameApiServer({
  db,
  auth,
  live,
  directTableEvents = true,
  directBets = true,
  log = createLogger("game-api"),
  logError = (line) => {
    log.error(line);
  },
  metricsToken,
  serves = { api: true, streams: true },
  maxBatchSize = 10,
  maxBodyBytes = 1024 * 1024,
  webhookPrivateTargets,
  trustedOrigins = auth?.options.trustedOrigins ?? [],
  trustedProxies = LOOPBACK,
}: GameApiServerOptions): Server {
  const contextOf = (req: IncomingMessage) =>
    createContext({ db, auth, live, webhookPrivateTargets, headers: req.headers });
  const reportError = (error: TRPCError, path: string | undefined): void => {
    if (error.code !== "INTERNAL_SERVER_ERROR") return;
    const cause = error.cause instanceof Error ? error.cause.message : String(error.cause);
    logError(`game-api: ${path ?? "?"} failed: ${cause}`.replace(/\s+/g, " "));
  };
  const trpc = createHTTPHandler({
    router: appRouter,
    basePath: TRPC_PREFIX,
    maxBodySize: maxBodyBytes,
    createContext: ({ req }) => contextOf(req),
    responseMeta: ({ errors }) =>
      errors.some((error) => error.code === "SERVICE_UNAVAILABLE")
        ? { headers: { "retry-after": String(RETRY_AFTER_SECONDS) } }
        : {},
    onError: ({ error, path }) => {
      reportError(error, path);
    },
  });

  const subscriptions = subscriptionPaths(appRouter._def.record);
  const procedures = procedurePaths(appRouter._def.record);
  const authRoutes = new Set<string>();
  /** A request's route for metrics and logs: a procedure, a batch, an auth route, or "other". */
  const routeOf = (req: IncomingMessage): string => {
    const path = requestPath(req.url)?.path ?? "";
    if (path.startsWith(TRPC_PREFIX)) {
      const called = path.slice(TRPC_PREFIX.length);
      if (called.includes(",")) return "trpc batch";
      return procedures.has(called) ? called : "trpc unknown";
    }
    if (path.startsWith(AUTH_PREFIX)) {
      const route = /^\/api\/auth(\/[a-z-]+){1,2}$/.exec(path)?.[0];
      if (route === undefined) return "auth other";
      if (authRoutes.has(route) || authRoutes.size < AUTH_ROUTES_NAMED) {
        authRoutes.add(route);
        return route;
      }
      return "auth other";
    }
    return "other";
  };
  // A node that serves no streams keeps taking bets while the event transport is away (the outbox
  // holds the events), so its readiness does not hang on the hub.
  const readiness = readinessChecks({ db, events: serves.streams ? live?.hub : undefined });
  const isSubscription = (path: string): boolean => subscriptions.has(path);

  const health = appRouter.createCaller(() => createContext({ db })).health;
  /**
   * A stream opened while the database is out of reach would only wait: the caller gets the
   * 503 and Retry-After a query gets instead. A stream already open waits through an outage.
   */
  const databaseReachable = (): Promise<boolean> =>
    health().then(
      () => true,
      () => false,
    );

  async function serveTrpc(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    search: string,
  ): Promise<void> {
    if (refusedMethod(req, res, sendError)) return;
    if (refusedCrossSite(req, res, trustedOrigins)) return;
    const length = Number(req.headers["content-length"] ?? 0);
    if (length > maxBodyBytes) {
      // Answered without reading the body; closing the connection discards the rest.
      sendError(
        res,
        413,
        "PAYLOAD_TOO_LARGE",
        `request body of ${length} bytes: at most ${maxBodyBytes} bytes`,
        { connection: "close" },
      );
      return;
    }
    const called = path.slice(TRPC_PREFIX.length);
    const calls = new URLSearchParams(search).get("batch") === "1" ? called.split(",") : [];
    if (calls.length > maxBatchSize) {
      sendError(
        res,
        400,
        "BAD_REQUEST",
        `batch of ${calls.length} calls: at most ${maxBatchSize} calls per request`,
      );
      return;
    }
    const streams = (calls.length > 0 ? calls : [called]).filter(isSubscription).length;
    if (!serves.api && streams < Math.max(calls.length, 1)) {
      sendError(res, 404, "NOT_FOUND", `${called}: this node serves only event streams (ROLES)`);
      return;
    }
    if (!serves.streams && streams > 0) {
      sendError(res, 404, "NOT_FOUND", `${called}: this node serves no event streams (ROLES)`);
      return;
    }
    if (directBets && isDirectCall(req, called, search)) {
      await serveDirectCall(req, res, called, {
        createContext: contextOf,
        onError: reportError,
        fallBack: (read, answer) => {
          trpc(read, answer);
        },
      });
      return;
    }
    if (isSubscription(called) && !(await databaseReachable())) {
      sendError(res, 503, "SERVICE_UNAVAILABLE", databaseUnavailable().message, {
        "retry-after": String(RETRY_AFTER_SECONDS),
      });
      return;
    }
    if (req.method === "HEAD") {
      // A stream has no end for HEAD to wait for: its headers are the whole answer.
      if (isSubscription(called)) {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
        res.end();
        return;
      }
      // tRPC answers GET only; node leaves the body out of a HEAD response by itself.
      req.method = "GET";
    }
    if (
      called === "tables.events" &&
      req.method === "GET" &&
      live !== undefined &&
      directTableEvents &&
      (await serveTableEvents(req, res, { db, auth, live, search, retryMs: SSE_RETRY_MS }))
    ) {
      return;
    }
    withRetryHint(res);
    trpc(req, res);
  }

  const authHandler = auth === undefined ? undefined : toNodeHandler(auth);
  const trustedProxySet = trustedProxyList(trustedProxies);

  return createServer((req, res) => {
    const target = requestPath(req.url);
    if (target !== undefined && serveHealth(target.path, res, readiness)) return;
    if (target?.path === "/metrics") {
      void serveMetrics(req, res, metricsToken);
      return;
    }
    observeRequest({ service: "game-api", log, route: routeOf }, req, res, () => {
      answer(req, res, target);
    });
  });

  function answer(
    req: IncomingMessage,
    res: ServerResponse,
    target: ReturnType<typeof requestPath>,
  ): void {
    // Every answer, JSON and streams alike: no sniffing, no referrer (docs/security.md).
    const tls = servedOverTls("http:", req.headers["x-forwarded-proto"]);
    for (const [name, value] of Object.entries(
      transportSecurityHeaders({ tls, referrerPolicy: "no-referrer" }),
    )) {
      res.setHeader(name, value);
    }
    /** An unexpected failure: one line for the operator, "Internal server error" for the caller. */
    const fail = (path: string, failure: unknown, answer = sendError): void => {
      const message = failure instanceof Error ? failure.message : String(failure);
      logError(`game-api: ${req.method ?? "?"} ${path} failed: ${message}`.replace(/\s+/g, " "));
      if (res.headersSent) res.destroy();
      else answer(res, 500, "INTERNAL_SERVER_ERROR", "Internal server error");
    };
    if (target === undefined) {
      sendError(res, 400, "BAD_REQUEST", "the request target must be a path");
    } else if (target.path.startsWith(TRPC_PREFIX)) {
      serveTrpc(req, res, target.path, target.search).catch((failure: unknown) => {
        fail(target.path, failure);
      });
    } else if (target.path.startsWith(AUTH_PREFIX) && authHandler !== undefined && serves.api) {
      // better-auth builds the request's URL from the Host header: one that is no host (`[`,
      // a port past 65535) would fail it as an unexpected error.
      if (!URL.canParse(`http://${req.headers.host ?? ""}/`)) {
        sendAuthError(res, 400, "BAD_REQUEST", "the Host header must be a host name and port");
        return;
      }
      if (refusedMethod(req, res, sendAuthError)) return;
      // better-auth reads the caller's address from this header (sign-in throttling): only the
      // address we believe goes in.
      req.headers["x-forwarded-for"] = clientAddress(
        req.socket.remoteAddress,
        req.headers["x-forwarded-for"],
        trustedProxySet,
      );
      // Answered as GET; node leaves the body out of a HEAD response by itself.
      if (req.method === "HEAD") req.method = "GET";
      // A sign-in from a browser whose session ended elsewhere: see withoutEndedSession.
      const cookie = req.headers.cookie;
      if (
        auth !== undefined &&
        cookie !== undefined &&
        /^\/api\/auth\/sign-(in|up)\//.test(target.path)
      ) {
        withoutEndedSession(auth, db, cookie)
          .then((kept) => {
            req.headers.cookie = kept;
            return authHandler(req, res);
          })
          .catch((failure: unknown) => {
            fail(target.path, failure, sendAuthError);
          });
        return;
      }
      authHandler(req, res).catch((failure: unknown) => {
        fail(target.path, failure, sendAuthError);
      });
    } else {
      sendError(res, 404, "NOT_FOUND", `not found: the game API serves ${TRPC_PREFIX} only`);
    }
  }
}
