import { spawn } from "node:child_process";
import type { IncomingMessage } from "node:http";
import { createRequire } from "node:module";

import { requestPath } from "./http";

export interface RunNextOptions {
  /** `process.argv[2]` of the app's script: "dev". */
  mode: string | undefined;
  host: string;
  port: number;
  /** The calling script's `import.meta.url`: `next` is resolved from the app, not from here. */
  from: string;
}

/**
 * Runs `next dev` on a validated host and port, so a bad PORT stops at the app's env.ts with one
 * line (next's own errors for a bad port are a usage message or a stack trace). Signals are
 * passed on; Ctrl-C is a clean exit. Production is `serveNext`, from the standalone build.
 */
export function runNext({ mode, host, port, from }: RunNextOptions): void {
  if (mode !== "dev") {
    process.stderr.write("usage: tsx scripts/next.ts dev\n");
    process.exit(2);
  }
  const nextBin = createRequire(from).resolve("next/dist/bin/next");
  const next = spawn(process.execPath, [nextBin, mode, "-H", host, "-p", String(port)], {
    stdio: "inherit",
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => next.kill(signal));
  }
  next.on("exit", (code, signal) => {
    process.exit(code ?? (signal === "SIGINT" || signal === "SIGTERM" ? 0 : 1));
  });
}

/** What our pages and route handlers answer: they only read (no server actions yet). */
const NEXT_METHODS = "GET, HEAD";
/** The accounts relay (`/api/auth/*`, both apps) also takes POST: sign-up, sign-in, sign-out. */
const AUTH_RELAY = "/api/auth/";
/**
 * The web app's game API relay takes POST for the player's bets (`bets.place`, `bets.undo`), the
 * quick game's buttons (`quick.*`) and, at a seated table, their seats and decisions
 * (`seats.sit`, `seats.leave`, `actions.act`), the table's chat (`chat.send`, the studio
 * console's too), and signing the player's other devices out (`account.endSession`,
 * `account.endOtherSessions`): every other procedure it relays is a read.
 */
const BET_RELAY = new Set([
  "/api/trpc/bets.place",
  "/api/trpc/bets.undo",
  "/api/trpc/quick.add",
  "/api/trpc/quick.undo",
  "/api/trpc/quick.deal",
  "/api/trpc/quick.next",
  "/api/trpc/quick.startOver",
  "/api/trpc/seats.sit",
  "/api/trpc/seats.leave",
  "/api/trpc/actions.act",
  "/api/trpc/chat.send",
  "/api/trpc/account.endSession",
  "/api/trpc/account.endOtherSessions",
]);
/** The portal's relay takes POST for the operators' changes: every `admin.*` procedure. */
const ADMIN_RELAY = "/api/trpc/admin.";
/** And for the studio console's steps (docs/studio.md): every `studio.*` procedure. */
const STUDIO_RELAY = "/api/trpc/studio.";
const RELAY_METHODS = "GET, HEAD, POST";

/** What a refusal writes: the status line and headers, then the body (a `ServerResponse`). */
export interface RefusalResponse {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body: string): unknown;
}

/**
 * Answers, before Next sees it, a request Next would fail on or render a whole page for: a
 * target that is not a path (`GET *` is a 500 inside Next), or a method other than GET and
 * HEAD (TRACE is a 500, PUT on a page renders it). Returns whether it answered.
 */
export function guardNextRequest(req: IncomingMessage, res: RefusalResponse): boolean {
  const refuse = (status: number, message: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "text/plain; charset=utf-8", ...headers });
    res.end(`${message}\n`);
    return true;
  };
  const target = requestPath(req.url);
  if (target === undefined) {
    return refuse(400, "Bad request: the request target must be a path");
  }
  if (!decodes(target.path)) {
    // Next answers 500 when a dynamic segment (`/tables/[slug]`) holds a bad escape.
    return refuse(400, "Bad request: the path must be percent-encoded UTF-8");
  }
  const relay =
    target.path.startsWith(AUTH_RELAY) ||
    BET_RELAY.has(target.path) ||
    target.path.startsWith(ADMIN_RELAY) ||
    target.path.startsWith(STUDIO_RELAY);
  if (req.method !== "GET" && req.method !== "HEAD" && !(relay && req.method === "POST")) {
    const allow = relay ? RELAY_METHODS : NEXT_METHODS;
    // Closing the connection spares reading a body nobody will use.
    return refuse(405, `Method not allowed: ${allow} only`, { allow, connection: "close" });
  }
  return false;
}

function decodes(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Appends the peer to X-Forwarded-For, as a proxy does (Next sets it only when it is missing):
 * the accounts relay passes the header on, and the game API believes only the hops its
 * TRUSTED_PROXIES added, so a browser's own header cannot pick the address its sign-ins are
 * counted against (docs/accounts.md, Sign-in defences).
 */
export function forwardPeer(req: Pick<IncomingMessage, "headers" | "socket">): void {
  const peer = req.socket.remoteAddress;
  if (peer === undefined) return;
  const sent = req.headers["x-forwarded-for"];
  const hops = Array.isArray(sent) ? sent.join(", ") : sent;
  req.headers["x-forwarded-for"] = hops ? `${hops}, ${peer}` : peer;
}
