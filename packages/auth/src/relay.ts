/**
 * The web and admin apps' `/api/auth/*` route: relays the request to the game API, which serves
 * the accounts endpoints, so a browser only ever talks to the app's own origin and its session
 * cookie is that origin's (HttpOnly, SameSite=Lax). No better-auth import: this runs in Next.
 */

import { fromOwnPages } from "./own-pages";

/** Request headers the accounts endpoints read; everything else stays behind. */
const forwardedRequestHeaders = [
  "accept",
  "content-type",
  "cookie",
  // better-auth refuses cookie-carrying requests from origins it does not trust.
  "origin",
  "referer",
  "user-agent",
  "x-forwarded-for",
  // The app's server gave the request its id: the game API's log lines carry the same one.
  "x-request-id",
];

/** Response headers the browser needs; set-cookie is copied one by one below. */
const forwardedResponseHeaders = ["cache-control", "content-type", "location", "retry-after"];

/**
 * Sends `request` (to `<app>/api/auth/...`) to the same path on the game API at `gameApiUrl`'s
 * origin, and its answer back, Set-Cookie headers included. 502 when the game API is down. A
 * POST from another site's page (a sign-out, or a sign-in to the attacker's account) is refused
 * here, 403, whatever origins the game API trusts.
 */
export async function relayAuthRequest(request: Request, gameApiUrl: string): Promise<Response> {
  if (request.method === "POST" && !fromOwnPages(request)) {
    return Response.json(
      {
        message: "origin: accounts are changed from this site's own pages only",
        code: "INVALID_ORIGIN",
      },
      { status: 403 },
    );
  }
  const incoming = new URL(request.url);
  const target = new URL(`${incoming.pathname}${incoming.search}`, new URL(gameApiUrl).origin);
  const headers = new Headers();
  for (const name of forwardedRequestHeaders) {
    const value = request.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  let upstream: Response;
  try {
    upstream = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      redirect: "manual",
      signal: request.signal,
    });
  } catch {
    return Response.json({ message: "Game API unavailable", code: "UNAVAILABLE" }, { status: 502 });
  }
  const answer = new Headers();
  for (const name of forwardedResponseHeaders) {
    const value = upstream.headers.get(name);
    if (value !== null) answer.set(name, value);
  }
  for (const cookie of upstream.headers.getSetCookie()) answer.append("set-cookie", cookie);
  return new Response(upstream.body, { status: upstream.status, headers: answer });
}
