import { RETRY_AFTER_SECONDS } from "@fuda/api/types";
import type { SubscriptionPath } from "@fuda/api/types";

import { streamUrl } from "~/env";
import { checkedTableEvents } from "~/lobby-stream";

// A stream per visitor, never cached or prerendered.
export const dynamic = "force-dynamic";

/**
 * No stream to relay: the game API is unreachable, or it answers but its database does not (its
 * own 503). The browser's EventSource gives up on it; the lobby starts over later.
 */
const unavailable = (part: "Game API" | "Game database"): Response =>
  new Response(`${part} unavailable`, {
    status: 503,
    headers: { "retry-after": String(RETRY_AFTER_SECONDS), "content-type": "text/plain" },
  });

/**
 * Relays the game API's `tables.watch` server-sent events to the browser, checked against the
 * API's schema on the way, so the lobby stays same-origin and the game API needs no CORS. Passing the browser's signal upstream closes the
 * game API's stream when the visitor leaves.
 */
const streamHeaders = {
  "content-type": "text/event-stream; charset=utf-8",
  // no-transform: a compressing proxy would otherwise hold events back.
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

/** A stream has no end for HEAD to wait for: its headers are the whole answer. */
export function HEAD(): Response {
  return new Response(null, { headers: streamHeaders });
}

/** The lobby's stream, typed by the router so a rename fails here. */
const WATCH: SubscriptionPath = "tables.watch";

/** The id the app's server gave the request: the game API logs the stream under it too. */
function requestIdOf(request: Request): Record<string, string> {
  const id = request.headers.get("x-request-id");
  return id === null ? {} : { "x-request-id": id };
}

export async function GET(request: Request): Promise<Response> {
  let upstream: Response;
  try {
    upstream = await fetch(`${streamUrl()}/${WATCH}`, {
      headers: { accept: "text/event-stream", ...requestIdOf(request) },
      signal: request.signal,
      cache: "no-store",
    });
  } catch {
    return unavailable("Game API");
  }
  if (!upstream.ok || upstream.body === null) {
    await upstream.body?.cancel();
    return unavailable(upstream.status === 503 ? "Game database" : "Game API");
  }
  return new Response(checkedTableEvents(upstream.body), { headers: streamHeaders });
}
