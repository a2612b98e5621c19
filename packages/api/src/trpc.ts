import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";

import type { Context } from "./context";
import { FudaError, toCallerError } from "./errors";

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    sse: {
      // Keep-alives well inside the idle timeouts of proxies (often 30–60 s); a tRPC client that
      // hears nothing for twice as long reconnects by itself.
      ping: { enabled: true, intervalMs: 15_000 },
      client: { reconnectAfterInactivityMs: 30_000 },
    },
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      return {
        ...shape,
        data: {
          ...shape.data,
          // Only our own error type's details are meant for callers; never a stack or SQL.
          details: cause instanceof FudaError ? cause.details : undefined,
          stack: undefined,
        },
      };
    },
  });

// tRPC wraps what a handler throws; input validation failures come unwrapped.
const unwrap = (error: TRPCError): unknown =>
  error.code === "INTERNAL_SERVER_ERROR" ? (error.cause ?? error) : error;

/**
 * A subscription's stream, with what it throws while streaming cleaned like a query's error:
 * tRPC serializes a failure inside the stream itself, after the middleware has returned.
 */
async function* cleanedStream<T>(stream: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* stream;
  } catch (error) {
    throw toCallerError(error instanceof TRPCError ? unwrap(error) : error);
  }
}

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === "object" && value !== null && Symbol.asyncIterator in value;

/** Every procedure's failures go through `toCallerError` once, here, streamed ones included. */
const fudaErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw toCallerError(unwrap(result.error));
  if (isAsyncIterable(result.data)) return { ...result, data: cleanedStream(result.data) };
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(fudaErrors);
