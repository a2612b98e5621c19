import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodError } from "zod";

import type { Actor } from "@fuda/auth";

import type { Context } from "./context";
import { FudaError, toCallerError } from "./errors";
import { isAsyncIterable } from "./output";

/** Keep-alives well inside the idle timeouts of proxies (often 30–60 s). */
export const SSE_PING_MS = 15_000;
/** A client that hears nothing for this long reconnects by itself (twice the ping). */
export const SSE_RECONNECT_AFTER_INACTIVITY_MS = 30_000;

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    sse: {
      ping: { enabled: true, intervalMs: SSE_PING_MS },
      client: { reconnectAfterInactivityMs: SSE_RECONNECT_AFTER_INACTIVITY_MS },
    },
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      return {
        ...shape,
        data: {
          ...shape.data,
          // Only our own error type's code and details are meant for callers; never a stack or SQL.
          // `reason` is the domain's code (BETTING_CLOSED, INSUFFICIENT_FUNDS…), finer than tRPC's.
          // An input that fails its schema is the same BAD_INPUT a domain check answers.
          reason:
            cause instanceof FudaError
              ? cause.code
              : cause instanceof ZodError
                ? "BAD_INPUT"
                : undefined,
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

/**
 * Who may call: one middleware per kind of caller, each the only place its rule is checked.
 * `also` narrows the kind further (an admin is an operator whose role is admin).
 */
function requireActor<Kind extends Actor["kind"]>(
  kind: Kind,
  what: string,
  also: (actor: Extract<Actor, { kind: Kind }>) => boolean = () => true,
) {
  return t.middleware(({ ctx, next }) => {
    const { actor } = ctx;
    if (actor.kind === "anonymous") {
      throw new FudaError("UNAUTHENTICATED", `sign in first: this needs ${what}`);
    }
    const isKind = (candidate: Actor): candidate is Extract<Actor, { kind: Kind }> =>
      candidate.kind === kind;
    if (!isKind(actor) || !also(actor))
      throw new FudaError("FORBIDDEN", `only ${what} may do this`);
    return next({ ctx: { actor } });
  });
}

/** A signed-in player (a guest too). */
export const playerProcedure = publicProcedure.use(requireActor("player", "a player"));

/** An operator or an admin. */
export const operatorProcedure = publicProcedure.use(requireActor("operator", "an operator"));

/** An admin only: partner keys, roles. */
export const adminProcedure = publicProcedure.use(
  requireActor("operator", "an admin", (actor) => actor.role === "admin"),
);

/** A partner calling with its API key. */
export const partnerProcedure = publicProcedure.use(requireActor("partner", "a partner (API key)"));
