import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { admin, anonymous, twoFactor } from "better-auth/plugins";

import type { Db } from "@fuda/db";

import { adminPluginRoles } from "./roles";
import { STAFF_SESSION_MS, staffRoles } from "./session";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-policy";
import type { SignInLimits } from "./sign-in-defences";
import { signInDefences } from "./sign-in-defences";
import { staffSignInAudit, TWO_FACTOR_CHALLENGE_SECONDS } from "./staff-audit";

export interface GuestUpgrade {
  /** The guest's user id (its row is kept, its sessions end). */
  fromUserId: string;
  /** The e-mail account the guest signed up as. */
  toUserId: string;
}

export interface CreateAuthOptions {
  db: Db;
  /** Signs session cookies; at least 32 characters. */
  secret: string;
  /** Where the game API serves /api/auth, e.g. `http://127.0.0.1:4000`. */
  baseURL: string;
  /** Origins whose browsers may call /api/auth with cookies: the web and admin apps. */
  trustedOrigins: string[];
  /**
   * A new player exists (e-mail sign-up, guest, or created by an admin), committed. Not called
   * for the account a guest upgrades to: `onGuestUpgraded` carries the guest's balance over.
   */
  onPlayerCreated?: (userId: string) => Promise<void> | void;
  /** A guest signed up with an e-mail and password: from now on they play as `toUserId`. */
  onGuestUpgraded?: (upgrade: GuestUpgrade) => Promise<void> | void;
  /** Sign-in throttling (docs/security.md); `defaultSignInLimits` when unset. */
  signInLimits?: SignInLimits;
  /** Where better-auth's own warnings and errors go, one line each. */
  logLine?: (line: string) => void;
}

/**
 * Accounts: e-mail and password, guests (anonymous plugin), roles and bans (admin plugin), TOTP
 * two-factor sign-in (required of staff, docs/security.md), with sessions in PostgreSQL through
 * the Prisma adapter. Served at `<baseURL>/api/auth/*`.
 */
export function createAuth({
  db,
  secret,
  baseURL,
  trustedOrigins,
  onPlayerCreated,
  onGuestUpgraded,
  signInLimits,
  logLine = (line) => {
    console.error(line);
  },
}: CreateAuthOptions) {
  return betterAuth({
    appName: "Fuda",
    secret,
    baseURL,
    basePath: "/api/auth",
    trustedOrigins,
    database: prismaAdapter(db, { provider: "postgresql" }),
    telemetry: { enabled: false },
    // Ours (signInDefences) counts in PostgreSQL for every node and every mode; better-auth's
    // counts per process, in production only, and would answer before ours does.
    rateLimit: { enabled: false },
    logger: {
      level: "warn",
      log: (level, message, ...args: unknown[]) => {
        const causes = args.map((arg) => (arg instanceof Error ? arg.message : "")).join(" ");
        logLine(`auth: ${level}: ${message} ${causes}`.replace(/\s+/g, " ").trim());
      },
    },
    // An unexpected failure is thrown to the transport, which logs it in one line and answers
    // 500 (left to better-auth, it prints a multi-line stack); expected ones stay responses.
    onAPIError: { throw: true },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      // The policy itself (common passwords too) is signInDefences'; these keep better-auth's
      // own checks in step with it.
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      revokeSessionsOnPasswordReset: true,
    },
    // No cookie cache: every request reads the session row (readSession), so a ban or a
    // sign-out ends a session at once rather than when a cached copy expires.
    session: { cookieCache: { enabled: false } },
    advanced: {
      cookiePrefix: "fuda",
      // better-auth skips its origin (CSRF) check under a test runner by default; our tests
      // must see what production does.
      disableOriginCheck: false,
    },
    hooks: {
      // A trusted device would skip the code at its next sign-in, and a step-up is a sign-in
      // with the code: no device is trusted.
      before: createAuthMiddleware(async (ctx) => {
        // Two-factor is for staff: the players' pages have no code step, so a player who enrolled
        // through the API could never sign in there again.
        if (ctx.path === "/two-factor/enable") {
          const current = await getSessionFromCtx(ctx, { disableRefresh: true });
          const role = (current?.user as { role?: string } | undefined)?.role ?? "";
          if (current !== null && !staffRoles.includes(role)) {
            throw new APIError("FORBIDDEN", {
              message: "two-factor sign-in is for staff accounts (operator, admin, dealer)",
              code: "TWO_FACTOR_FOR_STAFF",
            });
          }
        }
        // A password change signs every other device out, whatever the client asked: the
        // usual reason to change it is that someone else may know it.
        if (ctx.path === "/change-password") {
          return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
        }
        const body = ctx.body as { trustDevice?: unknown } | undefined;
        const trusting = ctx.path.startsWith("/two-factor/") && body?.trustDevice !== undefined;
        return trusting ? { context: { body: { ...body, trustDevice: false } } } : undefined;
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // Staff sessions end STAFF_SESSION_MS after their sign-in (readSession also ends them
          // after STAFF_IDLE_MS idle): better-auth's own get-session agrees on the end.
          async before(session) {
            const user = await db.user.findUnique({
              where: { id: session.userId },
              select: { role: true },
            });
            if (user === null || !staffRoles.includes(user.role)) return;
            const end = new Date(session.createdAt).getTime() + STAFF_SESSION_MS;
            if (session.expiresAt.getTime() <= end) return;
            return { data: { ...session, expiresAt: new Date(end) } };
          },
        },
        update: {
          // ...and get-session's renewal never pushes a staff session's end past it.
          before(update, ctx) {
            const current = ctx?.context.session ?? null;
            const role = (current?.user as { role?: string } | undefined)?.role ?? "";
            if (update.expiresAt === undefined || current === null || !staffRoles.includes(role)) {
              return Promise.resolve();
            }
            const end = new Date(current.session.createdAt).getTime() + STAFF_SESSION_MS;
            if (new Date(update.expiresAt).getTime() <= end) return Promise.resolve();
            return Promise.resolve({ data: { ...update, expiresAt: new Date(end) } });
          },
        },
      },
      user: {
        create: {
          async after(user, ctx) {
            if (onPlayerCreated === undefined) return;
            if ((user as { role?: string }).role !== "player") return;
            // A guest signing up becomes a new user; the guest's points follow it through
            // onGuestUpgraded instead of a second starting grant.
            if (ctx?.path.startsWith("/sign-up") === true) {
              const current = await getSessionFromCtx(ctx, { disableRefresh: true });
              if ((current?.user as { isAnonymous?: boolean } | undefined)?.isAnonymous) return;
            }
            await onPlayerCreated(user.id);
          },
        },
      },
    },
    plugins: [
      admin({ defaultRole: "player", adminRoles: ["admin"], roles: adminPluginRoles }),
      anonymous({
        // The guest's row stays: whatever the ledger recorded for it still has its owner.
        disableDeleteAnonymousUser: true,
        async onLinkAccount({ anonymousUser, newUser, ctx }) {
          await ctx.context.internalAdapter.deleteUserSessions(anonymousUser.user.id);
          // Signing in to an existing account drops the guest; only a sign-up upgrades it.
          if (!ctx.path.startsWith("/sign-up")) return;
          await onGuestUpgraded?.({ fromUserId: anonymousUser.user.id, toUserId: newUser.user.id });
        },
      }),
      // TOTP (an authenticator app) and backup codes; staff must enrol
      // (resolveActor). A code is due within TWO_FACTOR_CHALLENGE_SECONDS of the password.
      signInDefences({ db, limits: signInLimits }),
      twoFactor({ issuer: "Fuda", twoFactorCookieMaxAge: TWO_FACTOR_CHALLENGE_SECONDS }),
      // After twoFactor: its hooks see a sign-in's final answer.
      staffSignInAudit({ db }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
