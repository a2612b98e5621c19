import { createRelayClient } from "@fuda/api/relay-client";

export { answered, type ApiError } from "@fuda/api/relay-client";

/** The game API as the player's browser calls it, through this app's relay (typed by `AppRouter`). */
export const relayApi = createRelayClient();
