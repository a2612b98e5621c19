/**
 * The accounts endpoints (better-auth on the game API, relayed same-origin at /api/auth; see
 * docs/accounts.md). Plain fetch: the browser keeps the HttpOnly session cookie itself.
 */

/** better-auth's error code when it gives one (e.g. INVALID_EMAIL_OR_PASSWORD), else a status. */
export type AuthResult =
  | { ok: true }
  | {
      ok: false;
      code: string;
      /** How long sign-in throttling asks to wait (TOO_MANY_ATTEMPTS), in seconds. */
      retryAfterSeconds?: number;
    };

async function post(path: string, body: Record<string, string>): Promise<AuthResult> {
  let response: Response;
  try {
    response = await fetch(`/api/auth/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, code: "NETWORK" };
  }
  if (response.ok) return { ok: true };
  const answer = (await response.json().catch(() => ({}))) as { code?: unknown };
  const retryAfter = Number(response.headers.get("retry-after"));
  return {
    ok: false,
    code: typeof answer.code === "string" ? answer.code : `HTTP_${response.status}`,
    ...(retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
  };
}

export const signInAsGuest = () => post("sign-in/anonymous", {});
export const signIn = (email: string, password: string) =>
  post("sign-in/email", { email, password });
/** Also how a guest keeps their balance: signing up while a guest carries the wallet over. */
export const signUp = (name: string, email: string, password: string) =>
  post("sign-up/email", { name, email, password });
export const signOut = () => post("sign-out", {});
/** Every other device is signed out by the change (docs/accounts.md, Sessions). */
export const changePassword = (currentPassword: string, newPassword: string) =>
  post("change-password", { currentPassword, newPassword });
