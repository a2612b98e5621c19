/**
 * Operator sign-in through the game API's accounts endpoints (better-auth, relayed same-origin at
 * /api/auth): the browser keeps the HttpOnly session cookie itself.
 */
import type { RouterOutputs } from "@fuda/api";

import { answered, relayApi } from "./procedures";

export type Account = RouterOutputs["account"]["me"];

async function post(path: string, body: Record<string, string>): Promise<Response | null> {
  try {
    return await fetch(`/api/auth/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return null;
  }
}

export async function signOut(): Promise<void> {
  await post("sign-out", {});
}

/** Who the session belongs to; null when the game API did not answer. */
export async function whoAmI(): Promise<Account | null> {
  const answer = await answered(relayApi.account.me.query());
  return answer.ok ? answer.data : null;
}

/** The message to show, or null when an operator, an admin or a dealer is now signed in. */
export async function signInOperator(email: string, password: string): Promise<string | null> {
  const response = await post("sign-in/email", { email, password });
  if (response === null) return "The game API did not answer; try again.";
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    return typeof body.message === "string" ? body.message : "Invalid email or password";
  }
  const account = await whoAmI();
  // A dealer signs in here too: the portal shows them the studio consoles alone.
  if (account?.actor.kind === "operator" || account?.actor.kind === "dealer") return null;
  // A player's account holds a session now: end it, the portal is not theirs.
  await signOut();
  return "This portal is for operators";
}
