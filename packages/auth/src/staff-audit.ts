/**
 * Staff sign-in in the audit log (docs/security.md, Staff accounts): every sign-in of an
 * operator, admin or dealer, every refused password or code, each two-factor enrolment and each
 * step-up, as `audit_log` entries whose actor is the staff member, with the request's IP and
 * user agent. Players' sign-ins are not audited.
 *
 * A better-auth plugin listed after `twoFactor`: plugins' after hooks run in their order, so these
 * see a sign-in's final answer (a session, or `twoFactorRedirect` while the code is due).
 */
import type { BetterAuthPlugin } from "better-auth";
import { createAuthMiddleware, getIP, isAPIError } from "better-auth/api";

import type { Db, Prisma } from "@fuda/db";

import { STAFF_IDLE_MS, STAFF_SESSION_MS, staffRoles } from "./session";

/** The audit actions of staff sign-in; `auth.stepUpRequired` is the API's (packages/api). */
export const staffSignInActions = {
  signIn: "auth.signIn",
  signInFailed: "auth.signInFailed",
  twoFactorEnrolled: "auth.twoFactorEnrolled",
  twoFactorDisabled: "auth.twoFactorDisabled",
  stepUp: "auth.stepUp",
  enrolRequired: "auth.enrolRequired",
} as const;

/** How long better-auth's two-factor challenge lasts (its `twoFactorCookieMaxAge`), in seconds. */
export const TWO_FACTOR_CHALLENGE_SECONDS = 600;

const SIGN_IN_PATH = "/sign-in/email";
/** The second step of a sign-in, and also how an enrolment is confirmed: by path, the factor. */
const CODE_PATHS: Record<string, "totp" | "backupCode"> = {
  "/two-factor/verify-totp": "totp",
  "/two-factor/verify-backup-code": "backupCode",
};
const DISABLE_PATH = "/two-factor/disable";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Where better-auth's answer carries the refusal's code, e.g. INVALID_EMAIL_OR_PASSWORD. */
const refusalOf = (returned: unknown): { status: number; code: string | undefined } | null => {
  if (!isAPIError(returned)) return null;
  const body = returned.body as { code?: unknown } | undefined;
  return {
    status: returned.statusCode,
    code: typeof body?.code === "string" ? body.code : undefined,
  };
};

const isStaff = (role: unknown): boolean => typeof role === "string" && staffRoles.includes(role);

/**
 * Holds, between the password and the code of one sign-in, the id of the live session the
 * browser carried: better-auth drops that cookie when it asks for the code, so the request with
 * the code cannot show it any more.
 */
const stepUpKey = (userId: string) => `fuda-step-up-${userId}`;

export function staffSignInAudit({ db }: { db: Db }) {
  const requestOf = (ctx: HookContext) => {
    const headers = ctx.headers ?? ctx.request?.headers;
    return {
      ip: headers === undefined ? null : getIP(headers, ctx.context.options),
      userAgent: headers?.get("user-agent") ?? null,
    };
  };

  const record = (
    ctx: HookContext,
    entry: {
      action: (typeof staffSignInActions)[keyof typeof staffSignInActions];
      actorId: string;
      targetType: "user" | "session";
      targetId: string;
      before?: Prisma.InputJsonObject;
      after?: Prisma.InputJsonObject;
    },
  ) =>
    db.auditEntry.create({
      data: { ...entry, after: { ...entry.after, ...requestOf(ctx) } },
    });

  /**
   * The live session of `userId` that the request's cookie names, if any (within the staff
   * limits readSession applies): a sign-in on top of it is a step-up.
   */
  const liveSessionOf = async (ctx: HookContext, userId: string): Promise<string | null> => {
    const token = await ctx.getSignedCookie(
      ctx.context.authCookies.sessionToken.name,
      ctx.context.secret,
    );
    if (typeof token !== "string" || token === "") return null;
    const session = await db.session.findUnique({
      where: { token },
      select: { id: true, userId: true, expiresAt: true, createdAt: true, lastSeenAt: true },
    });
    const now = Date.now();
    const live =
      session !== null &&
      session.userId === userId &&
      session.expiresAt.getTime() > now &&
      now - session.createdAt.getTime() <= STAFF_SESSION_MS &&
      now - session.lastSeenAt.getTime() <= STAFF_IDLE_MS;
    return live ? session.id : null;
  };

  /** A completed staff sign-in; on top of `previousSessionId`, a step-up that replaces it. */
  const signedIn = async (
    ctx: HookContext,
    {
      userId,
      sessionId,
      factor,
      previousSessionId,
    }: {
      userId: string;
      sessionId: string;
      factor: "password" | "totp" | "backupCode";
      previousSessionId: string | null;
    },
  ) => {
    await record(ctx, {
      action: staffSignInActions.signIn,
      actorId: userId,
      targetType: "session",
      targetId: sessionId,
      after: { factor },
    });
    if (previousSessionId === null) return;
    await record(ctx, {
      action: staffSignInActions.stepUp,
      actorId: userId,
      targetType: "session",
      targetId: sessionId,
      before: { sessionId: previousSessionId },
      after: { factor },
    });
    // The browser now holds the new session's cookie; the old one would only be a spare key.
    await db.session.deleteMany({ where: { id: previousSessionId, userId } });
  };

  /** A password sign-in: refused, finished (not enrolled yet), or waiting for the code. */
  const afterPassword = createAuthMiddleware(async (ctx) => {
    const body = ctx.body as { email?: unknown } | undefined;
    if (typeof body?.email !== "string") return;
    const user = await db.user.findUnique({
      where: { email: body.email.toLowerCase() },
      select: { id: true, role: true },
    });
    if (user === null || !isStaff(user.role)) return;
    const refusal = refusalOf(ctx.context.returned);
    if (refusal !== null) {
      await record(ctx, {
        action: staffSignInActions.signInFailed,
        actorId: user.id,
        targetType: "user",
        targetId: user.id,
        after: { factor: "password", ...refusal },
      });
      return;
    }
    const previousSessionId = await liveSessionOf(ctx, user.id);
    const session = ctx.context.newSession;
    if (session !== null) {
      await signedIn(ctx, {
        userId: user.id,
        sessionId: session.session.id,
        factor: "password",
        previousSessionId,
      });
      return;
    }
    const { internalAdapter } = ctx.context;
    await internalAdapter.deleteVerificationByIdentifier(stepUpKey(user.id));
    if (previousSessionId === null) return;
    await internalAdapter.createVerificationValue({
      identifier: stepUpKey(user.id),
      value: previousSessionId,
      expiresAt: new Date(Date.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000),
    });
  });

  /**
   * A code: the second step of a sign-in (no live session; better-auth's two-factor cookie says
   * whose), or, inside an enrolling session, the code that confirms the enrolment.
   */
  const afterCode = createAuthMiddleware(async (ctx) => {
    const factor = CODE_PATHS[ctx.path] ?? "totp";
    const refusal = refusalOf(ctx.context.returned);
    // better-auth's verifyTwoFactor reads the request's session into ctx.context.session.
    const inSession = ctx.context.session;
    if (inSession !== null) {
      const enrolled = refusal === null && ctx.context.newSession !== null;
      if (!enrolled || !isStaff(inSession.user.role)) return;
      await record(ctx, {
        action: staffSignInActions.twoFactorEnrolled,
        actorId: inSession.user.id,
        targetType: "user",
        targetId: inSession.user.id,
        after: { factor, sessionId: ctx.context.newSession?.session.id },
      });
      return;
    }
    if (refusal !== null) {
      const userId = await challengedUser(ctx);
      if (userId === null) return;
      const user = await db.user.findUnique({ where: { id: userId }, select: { role: true } });
      if (!isStaff(user?.role)) return;
      await record(ctx, {
        action: staffSignInActions.signInFailed,
        actorId: userId,
        targetType: "user",
        targetId: userId,
        after: { factor, ...refusal },
      });
      return;
    }
    const session = ctx.context.newSession;
    if (session === null || !isStaff(session.user.role)) return;
    const mark = await ctx.context.internalAdapter.consumeVerificationValue(
      stepUpKey(session.user.id),
    );
    await signedIn(ctx, {
      userId: session.user.id,
      sessionId: session.session.id,
      factor,
      previousSessionId: mark !== null && mark.expiresAt.getTime() > Date.now() ? mark.value : null,
    });
  });

  const afterDisable = createAuthMiddleware(async (ctx) => {
    const user = ctx.context.session?.user;
    if (refusalOf(ctx.context.returned) !== null || user === undefined || !isStaff(user.role)) {
      return;
    }
    await record(ctx, {
      action: staffSignInActions.twoFactorDisabled,
      actorId: user.id,
      targetType: "user",
      targetId: user.id,
    });
  });

  return {
    id: "fuda-staff-sign-in-audit",
    hooks: {
      after: [
        { matcher: (context) => context.path === SIGN_IN_PATH, handler: afterPassword },
        { matcher: (context) => (context.path ?? "") in CODE_PATHS, handler: afterCode },
        { matcher: (context) => context.path === DISABLE_PATH, handler: afterDisable },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** The user whose sign-in better-auth's two-factor cookie names, while its challenge lasts. */
async function challengedUser(ctx: HookContext): Promise<string | null> {
  const cookie = ctx.context.createAuthCookie("two_factor");
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (typeof identifier !== "string" || identifier === "") return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return challenge?.value ?? null;
}
