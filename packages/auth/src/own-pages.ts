/**
 * Whether a POST to a web or admin relay comes from that app's own pages. Ports on one host are
 * one *site*, so the SameSite=Lax session cookie rides along on a form a page of
 * http://127.0.0.1:<another port> submits: only the browser's word on where the request comes
 * from tells them apart. No Next or better-auth import: the relays run in Next.
 */
export function fromOwnPages(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin !== null) {
    // Behind a proxy the browser's host is the forwarded one.
    const host =
      request.headers.get("x-forwarded-host") ??
      request.headers.get("host") ??
      new URL(request.url).host;
    return URL.canParse(origin) && new URL(origin).host === host;
  }
  // Browsers without Origin on a POST (before 2020) send no Sec-Fetch-Site either: refused too,
  // as is a request that says it is cross-site or from a sibling site.
  return request.headers.get("sec-fetch-site") === "same-origin";
}
