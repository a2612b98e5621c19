/**
 * Staff sign-in through the game API's accounts endpoints (better-auth, relayed same-origin at
 * /api/auth): the browser keeps the HttpOnly session and two-factor cookies itself. Staff sign in
 * with a password and a code from their authenticator app, and enrol one at their first sign-in
 * (docs/security.md, Staff accounts).
 */
import type { RouterOutputs } from "@fuda/api";

import { answered, relayApi } from "./procedures";

export type Account = RouterOutputs["account"]["me"];

/** Where a sign-in stands: in the portal, due to enrol, waiting for a code, or refused. */
export type SignInStep =
  | { next: "portal" }
  | { next: "enrol" }
  | { next: "code" }
  | { next: "refused"; problem: string }
  /** The code came too late or wrong too often: the password again. */
  | { next: "password"; problem: string };

/** The second factor a staff member types: their app's code, or one of their backup codes. */
export type Factor = "totp" | "backupCode";

const UNREACHABLE = "The game API did not answer; try again.";

/** Our words for better-auth's refusals of a code (its own name no field and no rule). */
const CODE_PROBLEMS: Record<string, string> = {
  INVALID_CODE: "code: not the one your authenticator app shows now; type the current 6 digits",
  INVALID_BACKUP_CODE: "backup code: not one of yours, or already used",
  INVALID_TWO_FACTOR_COOKIE: "sign-in: too long since the password; sign in again",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE:
    "code: too many wrong codes; sign in again with your password",
  ACCOUNT_TEMPORARILY_LOCKED: "code: too many wrong codes; sign-in is locked for 15 minutes",
  INVALID_PASSWORD: "password: not the password of this account",
};

/** Refusals after which the code step is over: better-auth's challenge is spent or expired. */
const STARTS_OVER = new Set([
  "INVALID_TWO_FACTOR_COOKIE",
  "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE",
  "ACCOUNT_TEMPORARILY_LOCKED",
]);

interface Answered {
  status: number;
  body: { message?: unknown; code?: unknown; [key: string]: unknown };
}

async function post(path: string, body: Record<string, string>): Promise<Answered | null> {
  try {
    const response = await fetch(`/api/auth/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => ({}))) as Answered["body"] | null;
    return { status: response.status, body: json ?? {} };
  } catch {
    return null;
  }
}

function problemOf(answer: Answered, fallback: string): string {
  const { code, message } = answer.body;
  if (typeof code === "string" && code in CODE_PROBLEMS) return CODE_PROBLEMS[code]!;
  return typeof message === "string" ? message : fallback;
}

export async function signOut(): Promise<void> {
  await post("sign-out", {});
}

/** Who the session belongs to; null when the game API did not answer. */
export async function whoAmI(): Promise<Account | null> {
  const answer = await answered(relayApi.account.me.query());
  return answer.ok ? answer.data : null;
}

/** Where a session just opened goes: the portal is staff's; a player's session is ended. */
async function portalOrRefused(): Promise<SignInStep> {
  const account = await whoAmI();
  const kind = account?.actor.kind;
  // A dealer signs in here too: the portal shows them the studio consoles alone.
  if (kind === "operator" || kind === "dealer") return { next: "portal" };
  if (kind === "enrolling") return { next: "enrol" };
  await signOut();
  return { next: "refused", problem: "This portal is for operators" };
}

/** The password step of a sign-in. */
export async function signInOperator(email: string, password: string): Promise<SignInStep> {
  const answer = await post("sign-in/email", { email, password });
  if (answer === null) return { next: "refused", problem: UNREACHABLE };
  if (answer.status !== 200) {
    return { next: "refused", problem: problemOf(answer, "Invalid email or password") };
  }
  if (answer.body.twoFactorRedirect === true) return { next: "code" };
  return portalOrRefused();
}

/** The code step of a sign-in, after a password `signInOperator` took. */
export async function signInWithCode(code: string, factor: Factor): Promise<SignInStep> {
  const path = factor === "totp" ? "two-factor/verify-totp" : "two-factor/verify-backup-code";
  const answer = await post(path, { code: code.trim() });
  if (answer === null) return { next: "refused", problem: UNREACHABLE };
  if (answer.status !== 200) {
    const problem = problemOf(answer, "Invalid code");
    return STARTS_OVER.has(String(answer.body.code))
      ? { next: "password", problem }
      : { next: "refused", problem };
  }
  return portalOrRefused();
}

/** A new authenticator secret (its otpauth URI) and backup codes, or why not. */
export async function startEnrolment(
  password: string,
): Promise<{ totpURI: string; backupCodes: string[] } | { problem: string }> {
  const answer = await post("two-factor/enable", { password });
  if (answer === null) return { problem: UNREACHABLE };
  const { totpURI, backupCodes } = answer.body;
  if (answer.status !== 200 || typeof totpURI !== "string" || !Array.isArray(backupCodes)) {
    return { problem: problemOf(answer, "Two-factor sign-in could not be set up") };
  }
  return { totpURI, backupCodes: backupCodes.map(String) };
}

/** The first code of the new secret: enrolled (null) or why not. */
export async function confirmEnrolment(code: string): Promise<string | null> {
  const answer = await post("two-factor/verify-totp", { code: code.trim() });
  if (answer === null) return UNREACHABLE;
  return answer.status === 200 ? null : problemOf(answer, "Invalid code");
}
