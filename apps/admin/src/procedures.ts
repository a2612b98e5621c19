import type { Answer } from "@fuda/api/relay-client";
import { createRelayClient } from "@fuda/api/relay-client";

export { answered, type Answer, type ApiError } from "@fuda/api/relay-client";

/**
 * The portal's browser side of the game API, through this app's relay (typed by `AppRouter`),
 * e.g. `answered(relayApi.admin.tables.pause.mutate({ tableId }))`.
 */
export const relayApi = createRelayClient();

/** The message to show for a failed call: the API's own (it names the field and the rule). */
export function problemOf(answer: Extract<Answer<unknown>, { ok: false }>): string {
  if (answer.status === 0) return "The game API did not answer; try again.";
  return answer.error?.message ?? `Request failed (${answer.status}).`;
}
