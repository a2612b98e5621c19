/**
 * The security headers of every response we send (docs/security.md), built by pure functions:
 * the Next apps' proxies, the game API and the results feed call these with what they know of
 * the request. No Node-only import, so a Next proxy bundles it as it is.
 */
import { z } from "zod";

/** An origin as CSP and the browser write it (`https://casino.example:8443`); else undefined. */
function originOf(item: string): string | undefined {
  if (!URL.canParse(item)) return undefined;
  const url = new URL(item);
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  // A path, query, credentials or fragment would be silently dropped by the browser's match.
  return item.replace(/\/$/, "").toLowerCase() === url.origin ? url.origin : undefined;
}

/**
 * FRAME_ANCESTORS: the origins whose pages may frame ours (casinos embedding the lobby),
 * separated by spaces or commas; unset or `none`: no page may. Each must be an origin.
 */
export const frameAncestors = z
  .string()
  .transform((value, ctx): string[] => {
    const items = value.split(/[\s,]+/).filter((item) => item !== "");
    if (items.length === 1 && (items[0] === "none" || items[0] === "'none'")) return [];
    const origins: string[] = [];
    for (const item of items) {
      const origin = originOf(item);
      if (origin === undefined) {
        ctx.addIssue({
          code: "custom",
          message: `${item} is not an origin: list origins such as https://casino.example (scheme, host and port only), or none`,
        });
        return z.NEVER;
      }
      origins.push(origin);
    }
    return origins;
  })
  .default([]);

/** 128 random bits for a page's `'nonce-…'`, new for every response (base64). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * Whether the browser reached us over TLS: the request's own scheme, or the `X-Forwarded-Proto`
 * of the proxy that ended TLS in front of us (its first hop).
 */
export function servedOverTls(
  protocol: string,
  forwardedProto: string | readonly string[] | null | undefined,
): boolean {
  const first = typeof forwardedProto === "string" ? forwardedProto : forwardedProto?.[0];
  const forwarded = first?.split(",")[0]?.trim().toLowerCase();
  return protocol === "https:" || forwarded === "https";
}

/**
 * Two years, subdomains included: a browser that once met us over TLS never tries plain HTTP
 * again. Only sent over TLS (browsers ignore it on plain HTTP, and a developer's 127.0.0.1 must
 * not be pinned).
 */
const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/**
 * Powerful features no page of ours uses: the video is played, never captured (the studio's
 * camera is the media server's), and nothing is paid, located or plugged in. Autoplay and
 * fullscreen stay allowed for the table's video.
 */
const DENIED_FEATURES = [
  "accelerometer",
  "camera",
  "display-capture",
  "geolocation",
  "gyroscope",
  "hid",
  "magnetometer",
  "microphone",
  "midi",
  "payment",
  "serial",
  "usb",
  "xr-spatial-tracking",
];

export const PERMISSIONS_POLICY = DENIED_FEATURES.map((feature) => `${feature}=()`).join(", ");

export interface TransportOptions {
  /** Served over TLS (`servedOverTls`): adds Strict-Transport-Security. */
  tls: boolean;
  /**
   * Referrer-Policy: `strict-origin-when-cross-origin` (the default) sends other sites our
   * origin only, never a path or query (the portal's searches carry players' names);
   * `no-referrer` for services that serve no page people browse from.
   */
  referrerPolicy?: "strict-origin-when-cross-origin" | "no-referrer";
}

/**
 * What every response carries, JSON and streams included: no content sniffing (a JSON answer
 * holding `<script>` stays JSON), a referrer policy, and HSTS over TLS.
 */
export function transportSecurityHeaders({
  tls,
  referrerPolicy = "strict-origin-when-cross-origin",
}: TransportOptions): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": referrerPolicy,
    ...(tls ? { "strict-transport-security": STRICT_TRANSPORT_SECURITY } : {}),
  };
}

export interface PagePolicyOptions {
  /** This response's nonce (`newNonce`): only scripts carrying it run. */
  nonce: string;
  /** FRAME_ANCESTORS: origins that may frame the page; empty: none may. */
  frameAncestors: readonly string[];
  /** `next dev`: React rebuilds server error stacks with eval there (never in production). */
  development: boolean;
  /**
   * Served over TLS: operators' stream and poster URLs are reached over https only (a plain
   * http one would be mixed content anyway). Over plain HTTP (a developer's machine, the
   * tests' local HLS server) http: too.
   */
  tls: boolean;
}

/**
 * The Content-Security-Policy of the web and admin pages. Scripts: only those carrying this
 * response's nonce (Next puts it on its own) and what they load (`'strict-dynamic'`: code
 * chunks, hls.js), never an inline script or attribute handler injected into the page.
 */
export function pageContentSecurityPolicy({
  nonce,
  frameAncestors: ancestors,
  development,
  tls,
}: PagePolicyOptions): string {
  // Tables' video, posters and WHEP endpoints are URLs operators set at run time, on hosts of
  // their choosing (admin.tables.update): any host, on the schemes the page may use.
  const operatorHosts = tls ? ["https:"] : ["https:", "http:"];
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    [
      "script-src",
      "'self'",
      `'nonce-${nonce}'`,
      "'strict-dynamic'",
      ...(development ? ["'unsafe-eval'"] : []),
    ],
    // Styles only: React's `style` attributes and Next's inline style tags carry no nonce, and
    // a style cannot run code; an injected one could restyle the page, not act for the user.
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "blob:", ...operatorHosts],
    // hls.js plays through a Media Source (a blob: URL); the browser's own HLS reads the URL.
    ["media-src", "'self'", "blob:", ...operatorHosts],
    // hls.js fetches playlists and segments, WHEP posts its offer, to operators' hosts.
    ["connect-src", "'self'", ...operatorHosts],
    // hls.js transmuxes in a worker made from a blob:; the portal's return worker is a file.
    ["worker-src", "'self'", "blob:"],
    ["font-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", ...(ancestors.length === 0 ? ["'none'"] : ancestors)],
  ];
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/**
 * Every header of a web or admin page: the transport's, the CSP, the permissions policy, and
 * for browsers that predate frame-ancestors, X-Frame-Options when no one may frame us (it has
 * no way to name the allowed origins).
 */
export function pageSecurityHeaders(
  options: PagePolicyOptions,
): Record<string, string> & { "content-security-policy": string } {
  return {
    ...transportSecurityHeaders({ tls: options.tls }),
    "content-security-policy": pageContentSecurityPolicy(options),
    "permissions-policy": PERMISSIONS_POLICY,
    ...(options.frameAncestors.length === 0 ? { "x-frame-options": "DENY" } : {}),
  };
}
