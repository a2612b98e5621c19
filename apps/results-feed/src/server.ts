import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";

import { createContext, feedRouter, RETRY_AFTER_SECONDS } from "@fuda/api";
import type { Db } from "@fuda/db";
import { requestPath } from "@fuda/env";
import { createOpenApiNodeHttpHandler } from "trpc-to-openapi";

import { docsFile } from "./docs";
import { apiPrefix, createFeedDocument } from "./openapi";

export interface FeedServerOptions {
  db: Db;
  /** Where partners reach the service, for the OpenAPI server URL (relative when absent). */
  publicUrl?: string;
  /** Where unexpected failures are reported (one line each). */
  logError?: (message: string) => void;
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

/** Errors have one shape everywhere, the same as trpc-to-openapi's: `{ message, code }`. */
const error = (status: number, code: string, message: string): Reply =>
  json(status, { message, code });

/** The feed only reads: every path it serves answers GET and HEAD. */
const ALLOWED_METHODS = "GET, HEAD";

const retryLater = { "Retry-After": String(RETRY_AFTER_SECONDS) };

function send(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, { "Content-Type": reply.contentType, ...reply.headers });
  res.end(reply.body);
}

/**
 * The partners' feed over plain node:http: the OpenAPI document, the REST endpoints under /v1,
 * the Swagger UI reference at /docs and a health check for orchestrators.
 */
export function createFeedServer(options: FeedServerOptions): Server {
  const {
    db,
    publicUrl,
    logError = (message: string) => {
      console.error(message);
    },
  } = options;
  const document = json(200, createFeedDocument({ publicUrl }));
  const health = feedRouter.createCaller(() => createContext({ db })).health;
  const api = createOpenApiNodeHttpHandler({
    router: feedRouter,
    // A partner key, when given, is checked on every /v1 route (401 when unknown or revoked).
    createContext: ({ req }) => createContext({ db, headers: req.headers }),
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
          () => ({
            ...error(503, "SERVICE_UNAVAILABLE", "database: not reachable"),
            headers: retryLater,
          }),
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
      headers: { "Cache-Control": "public, max-age=3600" },
    });
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = requestPath(req.url);
    if (target === undefined) {
      send(res, error(400, "BAD_REQUEST", "the request target must be a path"));
      return;
    }
    const { path, search } = target;
    const isApi = path === apiPrefix || path.startsWith(`${apiPrefix}/`);
    const page = isApi ? undefined : findPage(path);
    if (!isApi && page === undefined) {
      send(res, error(404, "NOT_FOUND", `Not found: ${path}`));
    } else if (req.method !== "GET" && req.method !== "HEAD") {
      // Closing the connection spares reading a body nobody will use.
      send(res, {
        ...error(405, "METHOD_NOT_SUPPORTED", `${req.method ?? "?"} ${path}: only GET`),
        headers: { Allow: ALLOWED_METHODS, Connection: "close" },
      });
    } else if (isApi) {
      // trpc-to-openapi matches the procedures' own paths (/tables), without the mount prefix,
      // and GET only; node leaves the body out of a HEAD response by itself.
      req.url = `${path.slice(apiPrefix.length) || "/"}${search}`;
      req.method = "GET";
      await api(req, res);
    } else {
      send(res, await page!());
    }
  }

  return createServer((req, res) => {
    route(req, res).catch((failure: unknown) => {
      logError(
        `@fuda/results-feed: ${req.method ?? "?"} ${req.url ?? "?"} failed: ${String(failure)}`,
      );
      if (res.headersSent) res.destroy();
      else send(res, error(500, "INTERNAL_SERVER_ERROR", "Internal server error"));
    });
  });
}
