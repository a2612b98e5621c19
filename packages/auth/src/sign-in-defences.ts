/**
 * Sign-in defences (docs/security.md): throttling per account and per address on every way in
 * that guesses or spends (sign-in, sign-up, guests, password changes and resets), in every mode
 * and shared by every node (throttle.ts), and the password policy on every new password.
 * A better-auth plugin: its before hooks refuse a request still waiting, its after hooks count
 * what the request spent.
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getIP, getSessionFromCtx } from "better-auth/api";

import type { Db } from "@fuda/db";

import { passwordProblem } from "./password-policy";
import type { ThrottleRule } from "./throttle";
import { createThrottle } from "./throttle";

export interface SignInLimits {
  /** Wrong passwords for one account, from anywhere. */
  account: ThrottleRule;
  /** Wrong passwords from one address, whatever the account (credential stuffing). */
  addressFailures: ThrottleRule;
  /** New accounts and guests from one address. */
  addressCreations: ThrottleRule;
  /** Password reset requests and resets from one address. */
  addressResets: ThrottleRule;
}

const MINUTE = 60_000;
const SWEEP_EVERY_MS = 60 * MINUTE;

/**
 * The 6th wrong password within a minute waits 30 s, the next streak 60 s, then 2, 4… minutes up
 * to 15; an address guessing across accounts waits from its 21st. Creations allow a family or an
 * office behind one address, not a script.
 */
export const defaultSignInLimits: SignInLimits = {
  account: { attempts: 5, windowMs: MINUTE, firstWaitMs: 30_000, maxWaitMs: 15 * MINUTE },
  addressFailures: { attempts: 20, windowMs: MINUTE, firstWaitMs: MINUTE, maxWaitMs: 60 * MINUTE },
  addressCreations: {
    attempts: 60,
    windowMs: 10 * MINUTE,
    firstWaitMs: MINUTE,
    maxWaitMs: 60 * MINUTE,
  },
  addressResets: {
    attempts: 5,
    windowMs: 10 * MINUTE,
    firstWaitMs: MINUTE,
    maxWaitMs: 60 * MINUTE,
  },
};

/** Callers on this machine: not limited in the accounts they create. */
const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** What one path spends, and against which keys. */
interface Spending {
  /** Keys whose running wait refuses the request. */
  keys: string[];
  /** Counted before the request runs (every attempt spends). */
  upfront: [string, ThrottleRule][];
  /** Counted after it, when it failed (a wrong password). */
  onFailure: [string, ThrottleRule][];
  /** Cleared after it, when it succeeded. */
  onSuccess: string[];
}

const emailOf = (value: unknown): string | undefined =>
  typeof value === "string" && value.includes("@") ? value.trim().toLowerCase() : undefined;

/**
 * The new password a request sets, and the e-mail it belongs to, for the policy. An admin's
 * account changes count when they come over HTTP; the server's own calls (the demo accounts,
 * tests' fixtures) set what the operator chose.
 */
async function newPassword(
  ctx: HookContext,
  db: Db,
): Promise<{ password: unknown; email: string | undefined } | undefined> {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  switch (ctx.path) {
    case "/sign-up/email":
      return { password: body.password, email: emailOf(body.email) };
    case "/change-password":
      return { password: body.newPassword, email: await sessionEmail(ctx) };
    case "/reset-password":
      return { password: body.newPassword, email: undefined };
    case "/admin/create-user":
      return ctx.request === undefined
        ? undefined
        : { password: body.password, email: emailOf(body.email) };
    case "/admin/set-user-password": {
      if (ctx.request === undefined) return undefined;
      const user =
        typeof body.userId === "string"
          ? await db.user.findUnique({ where: { id: body.userId }, select: { email: true } })
          : null;
      return { password: body.newPassword, email: emailOf(user?.email) };
    }
    default:
      return undefined;
  }
}

/** The signed-in caller's e-mail (a guest has none). */
async function sessionEmail(ctx: HookContext): Promise<string | undefined> {
  const session = await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null);
  return emailOf(session?.user.email);
}

export function signInDefences({
  db,
  limits = defaultSignInLimits,
}: {
  db: Db;
  limits?: SignInLimits;
}) {
  const throttle = createThrottle(db);
  // Rows whose waits and counts are over go once an hour, from whichever node is signing in.
  let sweptAt = Date.now();
  const sweepNow = (): void => {
    if (Date.now() - sweptAt < SWEEP_EVERY_MS) return;
    sweptAt = Date.now();
    throttle.sweep().catch(() => undefined);
  };

  async function spendingOf(ctx: HookContext): Promise<Spending | undefined> {
    const headers = ctx.request?.headers ?? ctx.headers;
    const address = (headers && getIP(headers, ctx.context.options)) ?? "unknown";
    const body = (ctx.body ?? {}) as Record<string, unknown>;
    const failures = `address-failures:${address}`;
    switch (ctx.path) {
      case "/sign-in/email":
      case "/change-password": {
        // A wrong current password is a guess like any other: the account's own count. With no
        // e-mail (a malformed body, no session) only the address counts.
        const email = ctx.path === "/sign-in/email" ? emailOf(body.email) : await sessionEmail(ctx);
        const account = email === undefined ? [] : [`account:${email}`];
        return {
          keys: [...account, failures],
          upfront: [],
          onFailure: [
            ...account.map((key): [string, ThrottleRule] => [key, limits.account]),
            [failures, limits.addressFailures],
          ],
          onSuccess: account,
        };
      }
      case "/sign-up/email":
      case "/sign-in/anonymous": {
        // The machine itself (the launcher's demo, bots, tests) creates as many as it needs;
        // behind a proxy every caller has their own address (TRUSTED_PROXIES).
        if (LOOPBACK.has(address)) return undefined;
        const creations = `address-creations:${address}`;
        return {
          keys: [creations],
          upfront: [[creations, limits.addressCreations]],
          onFailure: [],
          onSuccess: [],
        };
      }
      case "/request-password-reset":
      case "/reset-password": {
        const resets = `address-resets:${address}`;
        const email = emailOf(body.email);
        const account = email === undefined ? [] : [`account:${email}`];
        return {
          keys: [resets, ...account],
          upfront: [[resets, limits.addressResets]],
          onFailure: [],
          onSuccess: [],
        };
      }
      default:
        return undefined;
    }
  }

  const refuse = (until: Date): never => {
    const seconds = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000));
    throw new APIError(
      "TOO_MANY_REQUESTS",
      {
        message: `too many attempts: try again in ${seconds} s`,
        code: "TOO_MANY_ATTEMPTS",
        retryAfterSeconds: seconds,
      },
      { "Retry-After": String(seconds) },
    );
  };

  return {
    id: "fuda-sign-in-defences",
    hooks: {
      before: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const spending = await spendingOf(ctx);
            sweepNow();
            if (spending !== undefined) {
              const waiting = await throttle.waitingUntil(spending.keys);
              if (waiting !== undefined) refuse(waiting);
            }
            const set = await newPassword(ctx, db);
            const problem = set && passwordProblem(set.password, set.email);
            if (problem) {
              throw new APIError("BAD_REQUEST", { message: problem.message, code: problem.code });
            }
            for (const [key, rule] of spending?.upfront ?? []) await throttle.spend(key, rule);
          }),
        },
      ],
      after: [
        {
          matcher: () => true,
          handler: createAuthMiddleware(async (ctx) => {
            const spending = await spendingOf(ctx);
            if (spending === undefined) return;
            const returned: unknown = ctx.context.returned;
            const failed =
              returned instanceof APIError &&
              (returned.statusCode === 401 ||
                (returned.body as { code?: unknown } | undefined)?.code === "INVALID_PASSWORD");
            if (failed) {
              for (const [key, rule] of spending.onFailure) await throttle.spend(key, rule);
            } else if (!(returned instanceof APIError)) {
              for (const key of spending.onSuccess) await throttle.clear(key);
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
