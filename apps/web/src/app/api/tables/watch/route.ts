import { env } from "~/env";

// A stream per visitor, never cached or prerendered.
export const dynamic = "force-dynamic";

// The game API's own streams ask browsers to reconnect after 3 s; a refused one waits longer.
const RETRY_AFTER_SECONDS = 5;

/** The game API did not answer with a stream: the browser's EventSource retries later. */
const unavailable = (): Response =>
  new Response("Game API unavailable", {
    status: 503,
    headers: { "retry-after": String(RETRY_AFTER_SECONDS), "content-type": "text/plain" },
  });

/**
 * Relays the game API's `tables.watch` server-sent events to the browser, so the lobby stays
 * same-origin and the game API needs no CORS. Passing the browser's signal upstream closes the
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

export async function GET(request: Request): Promise<Response> {
  let upstream: Response;
  try {
    upstream = await fetch(`${env.GAME_API_URL}/tables.watch`, {
      headers: { accept: "text/event-stream" },
      signal: request.signal,
      cache: "no-store",
    });
  } catch {
    return unavailable();
  }
  if (!upstream.ok || upstream.body === null) {
    await upstream.body?.cancel();
    return unavailable();
  }
  return new Response(upstream.body, { headers: streamHeaders });
}
