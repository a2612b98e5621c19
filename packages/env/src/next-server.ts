import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { join } from "node:path";

import { requestPath } from "./http";
import { forwardPeer, guardNextRequest } from "./next";
import { createPageCache } from "./page-cache";
import type { PageCacheOptions } from "./page-cache";
import { serve } from "./serve";

/** A pino logger, as far as the Next server uses one. */
export interface NextServerLog {
  info(message: string): void;
  info(fields: object, message: string): void;
  debug(fields: object, message: string): void;
  error(message: string): void;
  error(fields: object, message: string): void;
}

/**
 * What the app hands over from @fuda/telemetry (this package imports no workspace package):
 * request ids and the health routes, the same as the game API's.
 */
export interface NextServerTelemetry {
  /** The caller's `x-request-id` when it is a sane token, else a new id. */
  requestIdOf(headers: IncomingHttpHeaders): string;
  /** Runs `work` as caused by request `id`: the log lines it writes carry the id. */
  withRequestId<T>(id: string, work: () => T): T;
  /** Answers `/livez` and `/readyz` (running `checks`); returns whether `path` was one. */
  serveHealth(
    path: string,
    res: ServerResponse,
    checks: Record<string, () => Promise<unknown>>,
  ): boolean;
}

export interface ServeNextOptions {
  /** The app's name, in its log lines: "web" or "admin". */
  name: string;
  /** The app's folder in `next build`'s standalone tree (where server.mjs is). */
  dir: string;
  host: string;
  port: number;
  /** The game API's tRPC endpoint: `/readyz` asks its origin's `/livez`. */
  gameApiUrl: string;
  log: NextServerLog;
  telemetry: NextServerTelemetry;
  /** Pages kept rendered, the same for every visitor of a variant (docs/performance.md, Pages). */
  pages?: PageCacheOptions;
}

/** The part of `next`'s programmatic API we use (resolved from the standalone tree). */
interface NextApp {
  prepare(): Promise<void>;
  getRequestHandler(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  close(): Promise<void>;
}

/** How long `/readyz` waits for the game API's `/livez`. */
const GAME_API_TIMEOUT_MS = 1_500;

/**
 * Prepares Next from its standalone build the way the `server.js` that `next build` writes
 * does (node_modules/next/dist/build/utils.js, copyTracedFiles): production mode, the app's
 * folder as the working directory, and the build's configuration handed over in
 * `__NEXT_PRIVATE_STANDALONE_CONFIG`, so Next never loads next.config.ts (nor the toolchain it
 * needs) at run time.
 */
function standaloneNext({ dir, host, port }: Pick<ServeNextOptions, "dir" | "host" | "port">) {
  const requiredServerFiles = JSON.parse(
    readFileSync(join(dir, ".next", "required-server-files.json"), "utf8"),
  ) as { config: Record<string, unknown> };
  const nextConfig = { ...requiredServerFiles.config, distDir: "./.next" };
  Object.assign(process.env, {
    NODE_ENV: "production",
    __NEXT_PRIVATE_STANDALONE_CONFIG: JSON.stringify(nextConfig),
  });
  process.chdir(dir);
  const createNext = createRequire(join(dir, "server.mjs"))("next") as (options: {
    dev: boolean;
    dir: string;
    hostname: string;
    port: number;
  }) => NextApp;
  return createNext({ dev: false, dir, hostname: host, port });
}

/** Rejects, saying why, unless the game API at `gameApiUrl`'s origin answers its `/livez`. */
async function gameApiLive(gameApiUrl: string): Promise<void> {
  const url = new URL("/livez", new URL(gameApiUrl).origin);
  let status: number;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(GAME_API_TIMEOUT_MS) });
    await response.body?.cancel();
    status = response.status;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    throw new Error(`${url.href} unreachable (${cause ?? (error as Error).name})`, {
      cause: error,
    });
  }
  if (status !== 200) throw new Error(`${url.href} answered ${status}`);
}

/**
 * The production server of a Next app, run with plain node from its standalone build. Every
 * request gets an id (the caller's `x-request-id` when sane, else new), set on the request so
 * the app's relays pass it to the game API, and on the answer. `GET /livez` and `GET /readyz`
 * are answered before Next sees them (ready: Next prepared and the game API alive); everything
 * else passes `guardNextRequest` and `forwardPeer` first. It listens at once, so liveness
 * answers while Next prepares; page requests wait for it.
 */
export function serveNext(options: ServeNextOptions): void {
  const { name, host, port, gameApiUrl, log, telemetry, pages } = options;
  const app = standaloneNext(options);
  const state = { prepared: false };
  const prepared = app.prepare().then(
    () => {
      state.prepared = true;
    },
    (error: unknown) => {
      log.error({ err: error }, `${name}: Next failed to start`);
      process.exit(1);
    },
  );
  const handle = app.getRequestHandler();
  const checks = {
    next: () => (state.prepared ? Promise.resolve() : Promise.reject(new Error("preparing"))),
    "game-api": () => gameApiLive(gameApiUrl),
  };

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = requestPath(req.url)?.path;
    if ((req.method === "GET" || req.method === "HEAD") && path !== undefined) {
      if (telemetry.serveHealth(path, res, checks)) return;
    }
    forwardPeer(req);
    if (guardNextRequest(req, res)) return;
    await prepared;
    if (pageCache !== undefined && path !== undefined && !pageCache.isRender(req)) {
      if (await pageCache.serve(req, res, path)) return;
    }
    await handle(req, res);
  };

  // A render asks this server itself, where it listens (a wildcard address: over loopback).
  const pageCache =
    pages &&
    createPageCache(pages, () => {
      const { address, port: listening } = server.address() as AddressInfo;
      return { host: ["0.0.0.0", "::"].includes(address) ? "127.0.0.1" : address, port: listening };
    });
  const server = createServer((req, res) => {
    const requestId = telemetry.requestIdOf(req.headers);
    req.headers["x-request-id"] = requestId;
    res.setHeader("x-request-id", requestId);
    const started = performance.now();
    // The path only: a query string can carry a player's input.
    const path = requestPath(req.url)?.path ?? "(not a path)";
    res.once("close", () => {
      telemetry.withRequestId(requestId, () => {
        const status = res.headersSent ? res.statusCode : 499;
        const ms = Math.round(performance.now() - started);
        log.debug({ method: req.method, path, status, ms }, "request");
      });
    });
    telemetry.withRequestId(requestId, () => {
      route(req, res).catch((error: unknown) => {
        log.error({ err: error, method: req.method, path }, "request failed");
        if (!res.headersSent) res.writeHead(500, { "content-type": "text/plain; charset=utf-8" });
        res.end("Internal server error\n");
      });
    });
  });
  serve(server, { name, host, port, log, onClose: () => app.close() });
}
