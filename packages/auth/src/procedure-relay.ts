/**
 * The web and admin apps' `/api/trpc/<procedure>` route: the game API procedures a browser may
 * call, relayed same-origin so the session cookie stays the app's and no CORS is needed. No tRPC
 * import: this runs in Next.
 */

import { fromOwnPages } from "./own-pages";

export interface ProcedureRelayOptions {
  /**
   * The game API's tRPC endpoint for `procedure`, e.g. `http://127.0.0.1:4000/trpc`; read per
   * request (a stream may go to a stream edge: docs/scaling.md, Roles).
   */
  gameApiUrl: (procedure: string) => string;
  /** Queries a browser may read (GET). */
  readable: (procedure: string) => boolean;
  /** Mutations a browser may call (POST, from the app's own pages only). */
  writable: (procedure: string) => boolean;
}

interface Params {
  params: Promise<{ procedure: string }>;
}

/** x-request-id: the id the app's server gave the request, so both sides log the same one. */
const FORWARDED_REQUEST = ["accept", "cookie", "last-event-id", "content-type", "x-request-id"];
const FORWARDED_RESPONSE = ["content-type", "cache-control"];

const notRelayed = (procedure: string): Response =>
  Response.json({ error: { message: `${procedure}: not relayed` } }, { status: 404 });

/** GET and POST handlers for a Next route `app/api/trpc/[procedure]/route.ts`. */
export function procedureRelay(options: ProcedureRelayOptions) {
  /** GET `/api/trpc/<procedure>?input=…` → the game API's `/trpc/<procedure>?input=…`, streamed. */
  async function GET(request: Request, { params }: Params): Promise<Response> {
    const { procedure } = await params;
    if (!options.readable(procedure)) return notRelayed(procedure);
    return relay(request, procedure);
  }

  /**
   * POST `/api/trpc/<writable procedure>` with the input as its JSON body. Only from the app's
   * own pages: a cross-site form or script could otherwise act with the visitor's cookie.
   */
  async function POST(request: Request, { params }: Params): Promise<Response> {
    const { procedure } = await params;
    if (!options.writable(procedure)) return notRelayed(procedure);
    if (!fromOwnPages(request)) {
      return Response.json(
        { error: { message: "origin: changes are made from this site's own pages only" } },
        { status: 403 },
      );
    }
    return relay(request, procedure, await request.text());
  }

  async function relay(request: Request, procedure: string, body?: string): Promise<Response> {
    const headers = new Headers();
    for (const name of FORWARDED_REQUEST) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    let upstream: Response;
    try {
      upstream = await fetch(
        `${options.gameApiUrl(procedure)}/${procedure}${new URL(request.url).search}`,
        {
          method: body === undefined ? "GET" : "POST",
          headers,
          body,
          signal: request.signal,
        },
      );
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

  return { GET, POST };
}
