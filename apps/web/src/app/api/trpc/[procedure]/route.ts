import { env } from "~/env";

// Per visitor (their session cookie): never cached or prerendered.
export const dynamic = "force-dynamic";

/**
 * The game API procedures a player's browser reads, as their session cookie allows: the same
 * names as the API, relayed same-origin so the cookie stays this app's and no CORS is needed.
 */
const READABLE = new Set([
  "account.me",
  "wallet.balance",
  "wallet.history",
  "history.mine",
  "history.recall",
  "tables.get",
  "tables.events",
]);

const FORWARDED_REQUEST = ["accept", "cookie", "last-event-id"];
const FORWARDED_RESPONSE = ["content-type", "cache-control"];

/** GET `/api/trpc/<procedure>?input=…` → the game API's `/trpc/<procedure>?input=…`, streamed. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ procedure: string }> },
): Promise<Response> {
  const { procedure } = await params;
  if (!READABLE.has(procedure)) {
    return Response.json({ error: { message: `${procedure}: not relayed` } }, { status: 404 });
  }
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  let upstream: Response;
  try {
    upstream = await fetch(`${env.GAME_API_URL}/${procedure}${new URL(request.url).search}`, {
      headers,
      signal: request.signal,
      cache: "no-store",
    });
  } catch {
    return Response.json({ error: { message: "Game API unavailable" } }, { status: 502 });
  }
  const answer = new Headers({ "x-accel-buffering": "no" });
  for (const name of FORWARDED_RESPONSE) {
    const value = upstream.headers.get(name);
    if (value !== null) answer.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers: answer });
}
