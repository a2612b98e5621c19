/**
 * `bets.place` and `bets.undo`, single (non-batched) calls, served without tRPC's fetch adapter
 * or its middleware chain. Same procedure, same wire: the body is parsed as tRPC parses it, the
 * caller resolved by the same `createContext`, the call run from the parts its procedure is
 * built from (`runPlayerCall`: the player check, the zod input and output schemas, our error
 * cleaning), and the answer or the error built by tRPC's own `getTRPCErrorShape` and status
 * mapping (its public exports only), with the `Retry-After` our `responseMeta` adds to a 503.
 * A test sends the same requests here and through tRPC's adapter and compares the bytes
 * (test/live/bets-direct.test.ts).
 *
 * Why: a placement is the hottest call of the platform. tRPC's standalone adapter builds a
 * fetch `Request` with its own headers and abort signals, a `Response` and a web stream for
 * every call: a fifth of the game API's thread at 64 callers. Its middleware chain then copies
 * the call's options and context at each of five steps: another sixth of the thread's CPU per
 * placement, and a quarter of what it allocates (docs/performance.md, Bet
 * placements). Here a call is the body, one context, the call and one `res.end`.
 *
 * Anything unusual (no `content-length`, a content type other than JSON, a body that is not
 * JSON, a streaming accept header) goes to tRPC's adapter with the body already read.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import { getTRPCErrorFromUnknown, getTRPCErrorShape, transformTRPCResponse } from "@trpc/server";
import type { TRPCError } from "@trpc/server";
import { getHTTPStatusCode } from "@trpc/server/http";
import type { TRPCResponse } from "@trpc/server/rpc";
import type { ZodType } from "zod";

import { appRouter, betCalls, RETRY_AFTER_SECONDS, runPlayerCall } from "@fuda/api";
import type { Context, PlayerCall } from "@fuda/api";
import type { MutationPath } from "@fuda/api/types";

/** The calls served here, by their procedures' paths; every other path is tRPC's. */
const DIRECT_CALLS = new Map<string, PlayerCall<ZodType, ZodType>>([
  ["bets.place", betCalls.place],
  ["bets.undo", betCalls.undo],
] satisfies [MutationPath, PlayerCall<ZodType, ZodType>][]);

const config = appRouter._def._config;
/** What tRPC's fetch handler starts every answer's headers with. */
const VARY = "trpc-accept, accept";

export interface DirectCallOptions {
  /** The request's context, as tRPC's adapter would create it. */
  createContext: (req: IncomingMessage) => Promise<Context>;
  /** Told of every error, as tRPC's `onError` is. */
  onError: (error: TRPCError, path: string) => void;
  /** Hands the request (its body read, in `req.body`) to tRPC's adapter instead. */
  fallBack: (req: IncomingMessage & { body?: string }, res: ServerResponse) => void;
}

/** Media type without parameters, lower case: tRPC's `hasContentType`. */
const mediaType = (header: string | undefined): string | undefined =>
  header?.toLowerCase().split(";", 1)[0]?.trim();

/** tRPC's own answer to a streaming request for a single call is an error: leave it to tRPC. */
const wantsStream = (req: IncomingMessage): boolean =>
  req.headers["trpc-accept"] !== undefined ||
  (req.headers.accept?.split(",").some((type) => type.trim() === "application/jsonl") ?? false);

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      resolve(chunks.length === 1 ? chunks[0]!.toString("utf8") : Buffer.concat(chunks).toString());
    });
    req.on("error", reject);
  });
}

/** True when this request is one `serveDirectCall` answers itself (before reading anything). */
export function isDirectCall(req: IncomingMessage, path: string, search: string): boolean {
  return (
    req.method === "POST" &&
    DIRECT_CALLS.has(path) &&
    !new URLSearchParams(search).has("batch") &&
    req.headers["content-length"] !== undefined &&
    mediaType(req.headers["content-type"]) === "application/json" &&
    !wantsStream(req)
  );
}

/** Answers a call `isDirectCall` accepted. */
export async function serveDirectCall(
  req: IncomingMessage & { body?: string },
  res: ServerResponse,
  path: string,
  { createContext, onError, fallBack }: DirectCallOptions,
): Promise<void> {
  const text = await readBody(req);
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch {
    req.body = text;
    fallBack(req, res);
    return;
  }
  let ctx: Context | undefined;
  let failure: TRPCError | undefined;
  let response: TRPCResponse;
  try {
    ctx = await createContext(req);
    const data: unknown = await runPlayerCall(DIRECT_CALLS.get(path)!, ctx, input);
    response = { result: { data } };
  } catch (cause) {
    failure = getTRPCErrorFromUnknown(cause);
    onError(failure, path);
    response = {
      error: getTRPCErrorShape({ config, ctx, error: failure, input, path, type: "mutation" }),
    };
  }
  const body = JSON.stringify(transformTRPCResponse(config, response));
  // tRPC's headers in its order (a fetch `Headers` iterates sorted): type, retry, vary. Set,
  // not written: node then sends the body's length instead of chunks.
  res.statusCode = getHTTPStatusCode(response);
  res.setHeader("content-type", "application/json");
  if (failure?.code === "SERVICE_UNAVAILABLE") {
    res.setHeader("retry-after", String(RETRY_AFTER_SECONDS));
  }
  res.setHeader("vary", VARY);
  res.end(body);
}
