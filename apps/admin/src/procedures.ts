import type { Answer } from "@fuda/api/relay-client";
import { createRelayClient } from "@fuda/api/relay-client";

import { stepUpLink } from "./step-up";

export { answered, type Answer, type ApiError } from "@fuda/api/relay-client";

/**
 * The portal's browser side of the game API, through this app's relay (typed by `AppRouter`),
 * e.g. `answered(relayApi.admin.tables.pause.mutate({ tableId }))`. A mutation refused for want
 * of a recent sign-in asks for one and goes again (step-up.ts).
 */
export const relayApi = createRelayClient("/api/trpc", [stepUpLink]);

/** The message to show for a failed call: the API's own (it names the field and the rule). */
export function problemOf(answer: Extract<Answer<unknown>, { ok: false }>): string {
  if (answer.status === 0) return "The game API did not answer; try again.";
  return answer.error?.message ?? `Request failed (${answer.status}).`;
}
