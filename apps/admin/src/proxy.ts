import { NextResponse } from "next/server";
import type { NextRequest } from "next/server";

import {
  newNonce,
  pageSecurityHeaders,
  servedOverTls,
  transportSecurityHeaders,
} from "@fuda/env/security-headers";

import { enrolmentRedirect } from "~/enrolment-gate";
import { env } from "~/env";

/**
 * Security headers on every answer (packages/env/src/security-headers.ts). A page gets a fresh
 * nonce in its Content-Security-Policy, set on the request too: Next reads it there and puts it
 * on its own scripts. The relays (`/api/*`) answer JSON and streams, and Next's built files
 * (`/_next/*`) are hashed scripts and styles: no policy of a page for them.
 */
export async function proxy(request: NextRequest): Promise<NextResponse> {
  const tls = servedOverTls(request.nextUrl.protocol, request.headers.get("x-forwarded-proto"));
  const { pathname } = request.nextUrl;
  if (pathname.startsWith("/api/") || pathname.startsWith("/_next/")) {
    return withHeaders(NextResponse.next(), transportSecurityHeaders({ tls }));
  }
  const headers = pageSecurityHeaders({
    nonce: newNonce(),
    frameAncestors: env.FRAME_ANCESTORS,
    development: env.NODE_ENV === "development",
    tls,
  });
  // Staff who have not enrolled two-factor sign-in see /enrol and nothing else.
  const enrol = await enrolmentRedirect(request, env.GAME_API_URL);
  if (enrol !== null) return withHeaders(enrol, headers);
  const forwarded = new Headers(request.headers);
  forwarded.set("content-security-policy", headers["content-security-policy"]);
  return withHeaders(NextResponse.next({ request: { headers: forwarded } }), headers);
}

function withHeaders(response: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}
