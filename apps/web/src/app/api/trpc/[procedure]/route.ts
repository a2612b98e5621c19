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
  "shoes.list",
  "shoes.get",
  "quick.state",
]);

/**
 * The procedures a player's browser may call to change something: their own bets, the quick
 * game's buttons, and at a seated table their own seats and decisions.
 */
const WRITABLE = new Set([
  "bets.place",
  "bets.undo",
  "quick.add",
  "quick.undo",
  "quick.deal",
  "quick.next",
  "quick.startOver",
  "seats.sit",
  "seats.leave",
  "actions.act",
]);

const FORWARDED_REQUEST = ["accept", "cookie", "last-event-id", "content-type"];
const FORWARDED_RESPONSE = ["content-type", "cache-control"];

const notRelayed = (procedure: string): Response =>
  Response.json({ error: { message: `${procedure}: not relayed` } }, { status: 404 });

/** GET `/api/trpc/<procedure>?input=…` → the game API's `/trpc/<procedure>?input=…`, streamed. */
export async function GET(
  request: Request,
  { params }: { params: Promise<{ procedure: string }> },
): Promise<Response> {
  const { procedure } = await params;
  if (!READABLE.has(procedure)) return notRelayed(procedure);
  return relay(request, procedure);
}

/**
 * POST `/api/trpc/<one of WRITABLE>` with the input as its JSON body. Only from this app's own
 * pages: a cross-site form or script could otherwise spend the visitor's points with their cookie.
 */
export async function POST(
  request: Request,
  { params }: { params: Promise<{ procedure: string }> },
): Promise<Response> {
  const { procedure } = await params;
  if (!WRITABLE.has(procedure)) return notRelayed(procedure);
  if (!sameOrigin(request)) {
    return Response.json(
      { error: { message: "origin: bets are placed from this site's own pages only" } },
      { status: 403 },
    );
  }
  return relay(request, procedure, await request.text());
}

/** The browser says where a POST comes from (`Origin`, else `Sec-Fetch-Site`); both must be ours. */
function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (origin !== null) {
    try {
      return host !== null && new URL(origin).host === host;
    } catch {
      return false;
    }
  }
  return request.headers.get("sec-fetch-site") === "same-origin";
}

async function relay(request: Request, procedure: string, body?: string): Promise<Response> {
  const headers = new Headers();
  for (const name of FORWARDED_REQUEST) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  let upstream: Response;
  try {
    upstream = await fetch(`${env.GAME_API_URL}/${procedure}${new URL(request.url).search}`, {
      method: body === undefined ? "GET" : "POST",
      headers,
      body,
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
