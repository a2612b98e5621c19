import { initTRPC, TRPCError } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";
import { ZodError } from "zod";
import type { z, ZodType } from "zod";

import type { Actor } from "@fuda/auth";
import { ruleOfIssue } from "@fuda/contracts";
import { currentRequestId } from "@fuda/telemetry";

import type { Context } from "./context";
import { FudaError, issueWords, toCallerError } from "./errors";
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
      // An input failing its schema: its broken rules in words naming each field (zod's own
      // message is its issues as JSON), and the first field in `details` as a domain check has,
      // its rule in the API's codes (zod's `too_big` as TOO_BIG).
      const input = cause instanceof ZodError && error.code === "BAD_REQUEST" ? cause : undefined;
      const issues = input?.issues.map((issue) => ({
        ...issueWords(issue),
        rule: ruleOfIssue(issue),
      }));
      return {
        ...shape,
        ...(issues?.[0] === undefined
          ? {}
          : { message: issues.map(({ words }) => words).join("; ") }),
        data: {
          ...shape.data,
          // The request's id, as in its log lines and `x-request-id`: what an operator greps.
          requestId: currentRequestId(),
          // Only our own error type's code and details are meant for callers; never a stack or SQL.
          // `reason` is the domain's code (BETTING_CLOSED, INSUFFICIENT_FUNDS…), finer than tRPC's.
          // An input that fails its schema is the same BAD_INPUT a domain check answers; an
          // output that fails its schema is our fault, a 500 with a ZodError cause: no reason.
          reason:
            cause instanceof FudaError ? cause.code : input !== undefined ? "BAD_INPUT" : undefined,
          details:
            cause instanceof FudaError
              ? cause.details
              : issues?.[0] === undefined
                ? undefined
                : { field: issues[0].field, rule: issues[0].rule },
          stack: undefined,
        },
      };
    },
  });

/**
 * What a caller is told of `error`, through `toCallerError`. tRPC wraps what a handler throws
 * in an INTERNAL_SERVER_ERROR (the handler's error is its cause); input validation failures
 * come unwrapped.
 */
const cleaned = (error: unknown): TRPCError =>
  toCallerError(
    error instanceof TRPCError && error.code === "INTERNAL_SERVER_ERROR"
      ? (error.cause ?? error)
      : error,
  );

/**
 * A subscription's stream, with what it throws while streaming cleaned like a query's error:
 * tRPC serializes a failure inside the stream itself, after the middleware has returned.
 */
async function* cleanedStream<T>(stream: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    yield* stream;
  } catch (error) {
    throw cleaned(error);
  }
}

/** Every procedure's failures go through `toCallerError` once, here, streamed ones included. */
const fudaErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) throw cleaned(result.error);
  if (isAsyncIterable(result.data)) return { ...result, data: cleanedStream(result.data) };
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(fudaErrors);

/**
 * Who may call: one check per kind of caller, each the only place its rule is written (the
 * procedure builders below use it as a middleware; `runPlayerCall` calls the player's).
 * `also` narrows the kind further (an admin is an operator whose role is admin).
 */
function actorCheck<Kind extends Actor["kind"]>(
  kind: Kind,
  what: string,
  also: (actor: Extract<Actor, { kind: Kind }>) => boolean = () => true,
): (actor: Actor) => Extract<Actor, { kind: Kind }> {
  const isKind = (candidate: Actor): candidate is Extract<Actor, { kind: Kind }> =>
    candidate.kind === kind;
  return (actor) => {
    if (actor.kind === "anonymous") {
      throw new FudaError("UNAUTHENTICATED", `sign in first: this needs ${what}`);
    }
    if (actor.kind === "enrolling") {
      throw new FudaError(
        "FORBIDDEN",
        "two-factor sign-in: staff enrol an authenticator app before anything else",
        { rule: "TWO_FACTOR_REQUIRED" },
      );
    }
    if (!isKind(actor) || !also(actor))
      throw new FudaError("FORBIDDEN", `only ${what} may do this`);
    return actor;
  };
}

/** The middleware of a check: the context's actor, narrowed to the kind it allows. */
function requireActor<Narrowed extends Actor>(check: (actor: Actor) => Narrowed) {
  return t.middleware(({ ctx, next }) => next({ ctx: { actor: check(ctx.actor) } }));
}

export type PlayerActor = Extract<Actor, { kind: "player" }>;
const playerOf = actorCheck("player", "a player");

/** A signed-in player (a guest too). */
export const playerProcedure = publicProcedure.use(requireActor(playerOf));

/**
 * A player's call as the parts its procedure is built from: the input and output schemas and
 * what it does with the player and the input.
 */
export interface PlayerCall<In extends ZodType, Out extends ZodType> {
  input: In;
  output: Out;
  run(ctx: Context, player: PlayerActor, input: z.output<In>): Promise<z.input<Out>>;
}

/** `call`, its input's and output's types read from its schemas. */
export const playerCall = <In extends ZodType, Out extends ZodType>(
  call: PlayerCall<In, Out>,
): PlayerCall<In, Out> => call;

/**
 * Runs `call` as its procedure runs it, without tRPC's middleware chain (which copies the
 * call's options and context at every step): the player check, the input schema
 * (a refusal is tRPC's own BAD_REQUEST, carrying the schema's error), the call, the output
 * schema, and any failure cleaned as `fudaErrors` cleans it. For the game API's hottest calls
 * (apps/game-api/src/bets-direct.ts, whose test compares both paths' answers byte for byte).
 */
export async function runPlayerCall<In extends ZodType, Out extends ZodType>(
  call: PlayerCall<In, Out>,
  ctx: Context,
  rawInput: unknown,
): Promise<z.output<Out>> {
  try {
    const player = playerOf(ctx.actor);
    let input: z.output<In>;
    try {
      input = call.input.parse(rawInput);
    } catch (cause) {
      throw new TRPCError({ code: "BAD_REQUEST", cause });
    }
    // An output the schema refuses is an internal error, as tRPC's own is once cleaned.
    return call.output.parse(await call.run(ctx, player, input));
  } catch (error) {
    throw cleaned(error);
  }
}

/** An operator or an admin. */
export const operatorProcedure = publicProcedure.use(
  requireActor(actorCheck("operator", "an operator")),
);

/** An admin only: partner keys, roles. */
export const adminProcedure = publicProcedure.use(
  requireActor(actorCheck("operator", "an admin", (actor) => actor.role === "admin")),
);

/**
 * A dealer (docs/studio.md): the studio console's procedures, and nothing else. Which tables a
 * dealer may deal is the studio domain's check (their assignments).
 */
export const dealerProcedure = publicProcedure.use(requireActor(actorCheck("dealer", "a dealer")));

/** How recent a sign-in the most powerful staff actions need (docs/security.md, Step-up). */
export const STEP_UP_MS = 5 * 60_000;

/**
 * Refuses `action` unless the staff member signed in within STEP_UP_MS: a session left open on a
 * desk cannot move points, void rounds or mint partner keys. The refusal is audited: a portal
 * asking again is expected; many in a row are worth an auditor's look.
 */
export async function requireFreshSignIn(
  ctx: Pick<Context, "db">,
  actor: Extract<Actor, { kind: "operator" }>,
  action: string,
): Promise<void> {
  if (Date.now() - actor.signedInAt <= STEP_UP_MS) return;
  await ctx.db.auditEntry.create({
    data: {
      actorId: actor.userId,
      action: "auth.stepUpRequired",
      targetType: "procedure",
      targetId: action,
      after: { signedInAt: new Date(actor.signedInAt).toISOString() },
    },
  });
  throw new FudaError(
    "FORBIDDEN",
    `step-up: ${action} needs a sign-in within the last ${STEP_UP_MS / 60_000} minutes; sign in again`,
    { rule: "STEP_UP_REQUIRED", withinMs: STEP_UP_MS },
  );
}

/** The middleware of requireFreshSignIn, named by the procedure's path. */
const freshSignIn = t.middleware(async ({ ctx, path, next }) => {
  const { actor } = ctx;
  if (actor.kind === "operator") await requireFreshSignIn(ctx, actor, path);
  return next();
});

/** An operator or an admin who signed in within STEP_UP_MS: balances, voids, webhooks. */
export const steppedUpOperatorProcedure = operatorProcedure.use(freshSignIn);

/** An admin who signed in within STEP_UP_MS: partner keys. */
export const steppedUpAdminProcedure = adminProcedure.use(freshSignIn);

/** A partner calling with its API key. */
export const partnerProcedure = publicProcedure.use(
  requireActor(actorCheck("partner", "a partner (API key)")),
);
