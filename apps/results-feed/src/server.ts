import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { gzip } from "node:zlib";

import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";

import { createContext, feedRouter, readinessChecks, RETRY_AFTER_SECONDS } from "@fuda/api";
import type { Context } from "@fuda/api";
import { createPartnerKeyCache } from "@fuda/auth";
import type { Db } from "@fuda/db";
import { acceptsGzip, requestPath } from "@fuda/env";
import type { Logger } from "@fuda/telemetry";
import {
  createLogger,
  feedRequests,
  observeRequest,
  serveHealth,
  serveMetrics,
} from "@fuda/telemetry";
import { servedOverTls, transportSecurityHeaders } from "@fuda/env/security-headers";

import { GZIP_FROM_CHARACTERS } from "./compression";
import { docsFile } from "./docs";
import { apiPrefix, createFeedDocument } from "./openapi";
import { problem, PROBLEM_CONTENT_TYPE, problemFromTrpc } from "./problem";
import type { Problem } from "./problem";
import { createRateLimiter } from "./rate-limit";
import { createRoundsRoute } from "./rounds-route";
import type { Pacer } from "@fuda/limits";
import type { RateLimit } from "./rate-limit";
import { createFeedStream } from "./stream";
import type { FeedStreamOptions } from "./stream";

/** What a partner key may do unless told otherwise (README, Configuration). */
export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 10, burst: 20 };

export interface FeedServerOptions {
  /** The primary: partner keys (their last use is written), webhooks, the stream's LISTEN. */
  db: Db;
  /** Where the procedures read (a replica); `db` when absent. */
  readDb?: Db;
  /** Where partners reach the service, for the OpenAPI server URL (relative when absent). */
  publicUrl?: string;
  /** Requests each partner key may make. */
  rateLimit?: RateLimit;
  /** Where the keys' buckets are (createPacer): Redis for every feed process, else this one's. */
  pacer?: Pacer;
  /** The process's logger: a line per request, and every unexpected failure. */
  log?: Logger;
  /** Where unexpected failures are reported (one line each; `log.error` by default). */
  logError?: (message: string) => void;
  /** METRICS_TOKEN: `/metrics` answers a caller bearing it; unset, `/metrics` is 404. */
  metricsToken?: string;
  /**
   * `GET /v1/rounds` answered in front of trpc-to-openapi, its pages kept serialized
   * (rounds-route.ts); false leaves it to trpc-to-openapi (the test comparing the two).
   */
  directRounds?: boolean;
  /** The event hub `GET /v1/stream` follows (and its heartbeat); without it that path is 404. */
  stream?: Omit<FeedStreamOptions, "db">;
}

interface Reply {
  status: number;
  contentType: string;
  body: string | Buffer;
  headers?: Record<string, string>;
}

const json = (status: number, value: unknown): Reply => ({
  status,
  contentType: "application/json",
  body: JSON.stringify(value),
});

const problemReply = (value: Problem, headers?: Record<string, string>): Reply => ({
  status: value.status,
  contentType: PROBLEM_CONTENT_TYPE,
  body: JSON.stringify(value),
  headers,
});

/** The feed only reads: every path it serves answers GET and HEAD. */
const ALLOWED_METHODS = "GET, HEAD";

const retryLater = { "Retry-After": String(RETRY_AFTER_SECONDS) };

/** RFC 6750, 3: how a client learns which credentials /v1 takes. */
const bearerChallenge = (refused: boolean) => ({
  "WWW-Authenticate": refused
    ? 'Bearer realm="feed", error="invalid_token"'
    : 'Bearer realm="feed"',
});

function send(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, { "Content-Type": reply.contentType, ...reply.headers });
  res.end(reply.body);
}

/**
 * How a /v1 answer leaves, once trpc-to-openapi has written it. A failed procedure's error,
 * written as trpc-to-openapi's own JSON, becomes the feed's problem details (one error shape). A
 * successful answer is gzipped, off the event loop, when the caller takes gzip and it is not
 * small.
 */
function answering(req: IncomingMessage, res: ServerResponse): ServerResponse {
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  const gzipped = acceptsGzip(req.headers["accept-encoding"]);
  res.end = ((chunk?: unknown) => {
    // What this server writes itself (writeHead first) is a problem already.
    if (res.headersSent || typeof chunk !== "string") return end(chunk);
    if (res.statusCode < 400) {
      // Caches must not give a gzipped copy to a caller that did not ask for one.
      res.setHeader("Vary", "Accept-Encoding");
      if (!gzipped || chunk.length < GZIP_FROM_CHARACTERS) return end(chunk);
      gzip(chunk, { level: 3 }, (failure, body) => {
        if (failure !== null) {
          end(chunk);
          return;
        }
        res.setHeader("Content-Encoding", "gzip");
        res.setHeader("Content-Length", body.length);
        end(body);
      });
      return res;
    }
    let body: unknown;
    try {
      body = JSON.parse(chunk);
    } catch {
      body = {};
    }
    res.setHeader("Content-Type", PROBLEM_CONTENT_TYPE);
    return end(JSON.stringify(problemFromTrpc(res.statusCode, body as object)));
  }) as ServerResponse["end"];
  return res;
}

/**
 * The partners' feed over plain node:http: the OpenAPI document, the REST endpoints under /v1
 * (each needing a `feed:read` partner key, rate limited per key), the Swagger UI reference at
 * /docs and a health check for orchestrators.
 */
export function createFeedServer(options: FeedServerOptions): Server {
  const {
    db,
    publicUrl,
    rateLimit = DEFAULT_RATE_LIMIT,
    log = createLogger("results-feed"),
    logError = (message: string) => {
      log.error(message);
    },
    metricsToken,
    readDb = db,
  } = options;
  const feedDocument = createFeedDocument({ publicUrl });
  const document = json(200, feedDocument);
  const health = feedRouter.createCaller(() => createContext({ db })).health;
  const limiter = createRateLimiter(rateLimit, options.pacer);
  // Live keys from memory for half a second: a revoke reaches every feed process within it.
  const partnerKeys = createPartnerKeyCache({ db });
  const stream = options.stream && createFeedStream({ db, ...options.stream });
  const rounds = options.directRounds === false ? undefined : createRoundsRoute({ db: readDb });
  /** Each /v1 request's caller, resolved (and admitted) before the procedure runs. */
  const contexts = new WeakMap<IncomingMessage, Context>();
  /** Each request's target as sent: /v1 requests are rewritten for trpc-to-openapi. */
  const targets = new WeakMap<IncomingMessage, string>();
  /** The key id each /v1 request came with, for `fuda_feed_requests_total` (never its text). */
  const keyIds = new WeakMap<IncomingMessage, string>();
  /** The documented paths as patterns (`/v1/rounds/{id}`): the route label of a request. */
  const routes = Object.keys(feedDocument.paths ?? {}).map((path) => ({
    template: `${apiPrefix}${path}`,
    pattern: new RegExp(`^${apiPrefix}${path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
  }));
  const routeOf = (req: IncomingMessage): string => {
    const path = requestPath(targets.get(req) ?? req.url)?.path ?? "";
    if (path === "/docs" || path.startsWith("/docs/")) return "/docs";
    if (path === "/openapi.json" || path === "/healthz") return path;
    return routes.find(({ pattern }) => pattern.test(path))?.template ?? "other";
  };
  const readiness = readinessChecks({
    db,
    events: options.stream?.events,
    replica: readDb === db ? undefined : readDb,
  });
  const api = createOpenApiNodeHttpHandler({
    router: feedRouter,
    createContext: ({ req }) => contexts.get(req)!,
    responseMeta: ({ errors }) =>
      errors.some((failure) => failure.code === "SERVICE_UNAVAILABLE")
        ? { headers: retryLater }
        : {},
    onError: ({ error: failure, path }) => {
      if (failure.code === "INTERNAL_SERVER_ERROR") {
        const cause = failure.cause === undefined ? "" : `: ${String(failure.cause)}`;
        logError(
          `@fuda/results-feed: ${path ?? "?"} failed: ${failure.message}${cause}`.replace(
            /\s+/g,
            " ",
          ),
        );
      }
    },
  });

  /** The service's own read-only pages by path; undefined when the path is none of them. */
  function findPage(path: string): (() => Promise<Reply>) | undefined {
    if (path === "/openapi.json") return () => Promise.resolve(document);
    if (path === "/healthz") {
      return () =>
        health().then(
          (status) => json(200, status),
          () =>
            problemReply(
              problem(503, "SERVICE_UNAVAILABLE", "database: not reachable", {
                reason: "DATABASE_UNAVAILABLE",
              }),
              retryLater,
            ),
        );
    }
    const file =
      path === "/docs"
        ? docsFile("")
        : path.startsWith("/docs/")
          ? docsFile(path.slice(6))
          : undefined;
    if (file === undefined) return undefined;
    return async () => ({
      status: 200,
      contentType: file.contentType,
      body: await file.read(),
      headers: { "Cache-Control": "public, max-age=3600", ...file.headers },
    });
  }

  /**
   * The caller of a /v1 request when it may go on: a live `feed:read` key within its rate.
   * Otherwise the reply that refuses it (401, 403, 429, or 503 while the database is away).
   */
  async function admit(req: IncomingMessage): Promise<Context | Reply> {
    let context: Context;
    try {
      context = await createContext({ db, headers: req.headers, partnerKeys });
    } catch (failure) {
      if (!(failure instanceof TRPCError)) throw failure;
      const status = getHTTPStatusCodeFromError(failure);
      const reason = failure.code === "UNAUTHORIZED" ? "UNAUTHENTICATED" : undefined;
      return problemReply(
        problem(status, failure.code, failure.message, {
          reason: status === 503 ? "DATABASE_UNAVAILABLE" : reason,
        }),
        status === 503 ? retryLater : status === 401 ? bearerChallenge(true) : undefined,
      );
    }
    const { actor } = context;
    if (actor.kind !== "partner") {
      return problemReply(
        problem(
          401,
          "UNAUTHORIZED",
          "authorization: a partner API key is required (Authorization: Bearer <key>)",
          { reason: "UNAUTHENTICATED" },
        ),
        bearerChallenge(false),
      );
    }
    keyIds.set(req, actor.keyId);
    if (!actor.scopes.includes("feed:read")) {
      return problemReply(
        problem(403, "FORBIDDEN", "authorization: the API key lacks the feed:read scope", {
          reason: "FORBIDDEN",
        }),
      );
    }
    const decision = await limiter.take(actor.keyId);
    if (!decision.allowed) {
      return problemReply(
        problem(
          429,
          "TOO_MANY_REQUESTS",
          `rate limit: ${rateLimit.perSecond} requests a second per key (bursts of ` +
            `${rateLimit.burst}); retry in ${decision.retryAfterSeconds} s`,
        ),
        { "Retry-After": String(decision.retryAfterSeconds) },
      );
    }
    return context;
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = requestPath(req.url);
    if (target === undefined) {
      send(res, problemReply(problem(400, "BAD_REQUEST", "the request target must be a path")));
      return;
    }
    const { path, search } = target;
    const isApi = path === apiPrefix || path.startsWith(`${apiPrefix}/`);
    const page = isApi ? undefined : findPage(path);
    if (!isApi && page === undefined) {
      send(res, problemReply(problem(404, "NOT_FOUND", `Not found: ${path}`)));
    } else if (req.method !== "GET" && req.method !== "HEAD") {
      // Closing the connection spares reading a body nobody will use.
      send(
        res,
        problemReply(
          problem(405, "METHOD_NOT_SUPPORTED", `${req.method ?? "?"} ${path}: only GET`),
          { Allow: ALLOWED_METHODS, Connection: "close" },
        ),
      );
    } else if (isApi) {
      const admitted = await admit(req);
      if (!("actor" in admitted)) {
        send(res, admitted);
        return;
      }
      if (stream !== undefined && path === `${apiPrefix}/stream`) {
        await stream(req, res, search);
        return;
      }
      if (rounds !== undefined && path === `${apiPrefix}/rounds`) {
        if (await rounds.serve(req, res, search)) return;
      }
      contexts.set(req, { ...admitted, db: readDb });
      // trpc-to-openapi matches the procedures' own paths (/tables), without the mount prefix,
      // and GET only; node leaves the body out of a HEAD response by itself.
      req.url = `${path.slice(apiPrefix.length) || "/"}${search}`;
      req.method = "GET";
      await api(req, answering(req, res), () => {
        send(res, problemReply(problem(404, "NOT_FOUND", `Not found: ${path}`)));
      });
    } else {
      send(res, await page!());
    }
  }

  const observed = {
    service: "results-feed",
    log,
    route: routeOf,
    onEnd: (req: IncomingMessage, route: string, status: number) => {
      const key = keyIds.get(req);
      if (key !== undefined) feedRequests.inc({ key, route, status: String(status) });
    },
  };

  return createServer((req, res) => {
    const target = requestPath(req.url);
    if (target !== undefined && serveHealth(target.path, res, readiness)) return;
    if (target?.path === "/metrics") {
      void serveMetrics(req, res, metricsToken);
      return;
    }
    if (req.url !== undefined) targets.set(req, req.url);
    observeRequest(observed, req, res, () => {
      answer(req, res);
    });
  });

  function answer(req: IncomingMessage, res: ServerResponse): void {
    // Every answer, JSON, problems and streams alike: no sniffing, no referrer.
    const tls = servedOverTls("http:", req.headers["x-forwarded-proto"]);
    for (const [name, value] of Object.entries(
      transportSecurityHeaders({ tls, referrerPolicy: "no-referrer" }),
    )) {
      res.setHeader(name, value);
    }
    route(req, res).catch((failure: unknown) => {
      logError(
        `@fuda/results-feed: ${req.method ?? "?"} ${req.url ?? "?"} failed: ${String(failure)}`,
      );
      if (res.headersSent) res.destroy();
      else send(res, problemReply(problem(500, "INTERNAL_SERVER_ERROR", "Internal server error")));
    });
  }
}
