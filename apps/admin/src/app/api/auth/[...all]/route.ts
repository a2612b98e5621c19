import { relayAuthRequest } from "@fuda/auth/relay";

import { env } from "~/env";

// Sessions are per visitor: never cached or prerendered.
export const dynamic = "force-dynamic";

/** Sign-up, sign-in, guests, sign-out…: served by the game API, reached same-origin. */
const relay = (request: Request) => relayAuthRequest(request, env.GAME_API_URL);

export { relay as GET, relay as POST };
