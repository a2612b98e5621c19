// The lobby's production server, bundled by `pnpm build` into the standalone build
// (.next/standalone/apps/web/server.mjs) and run there with plain node (`pnpm start`).
import type { IncomingMessage } from "node:http";

import { serveNext } from "@fuda/env";
import { servedOverTls } from "@fuda/env/security-headers";
import { createLogger, requestIdOf, serveHealth, withRequestId } from "@fuda/telemetry";

import { env } from "../src/env";
import { isLocale, LOCALE_COOKIE, negotiateLocale } from "../src/i18n/locales";
import type { Locale } from "../src/i18n/locales";

/**
 * How long a kept lobby or table page may be served (docs/performance.md, Pages): a table paused
 * or renamed shows on every page asked for a second later. What changes within the second
 * reaches the page over the stream it opens (the table page resumes from the event its render
 * read; the lobby's stream starts with the whole list).
 */
const PAGE_MAX_AGE_MS = 1_000;

/** The pages kept: the lobby and the tables' pages, the same for every visitor of a language. */
const KEPT = /^\/(?:tables\/[A-Za-z0-9_-]{1,64})?$/;

/** The visitor's language as the pages choose it (src/i18n/request.ts): the cookie, else the browser's. */
function localeOf(req: IncomingMessage): Locale {
  const cookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=([^;]*)`).exec(req.headers.cookie ?? "");
  const chosen = cookie?.[1]?.trim();
  return isLocale(chosen) ? chosen : negotiateLocale(req.headers["accept-language"]);
}

const overTls = (req: IncomingMessage): boolean =>
  servedOverTls("http:", req.headers["x-forwarded-proto"]);

serveNext({
  name: "web",
  dir: import.meta.dirname,
  host: env.HOST,
  port: env.PORT,
  gameApiUrl: env.GAME_API_URL,
  log: createLogger("web", { level: env.LOG_LEVEL, format: env.LOG_FORMAT }),
  telemetry: { requestIdOf, withRequestId, serveHealth },
  pages: {
    maxAgeMs: PAGE_MAX_AGE_MS,
    variantOf: (req, path) => {
      // A page's own address only: a query, or the router's requests for its payload, go to Next.
      if (!KEPT.test(path) || req.url !== path) return undefined;
      if (req.headers.rsc !== undefined || req.headers["next-router-prefetch"] !== undefined) {
        return undefined;
      }
      return `${path} ${localeOf(req)} ${overTls(req) ? "https" : "http"}`;
    },
    renderHeaders: (req) => ({
      "accept-language": localeOf(req),
      ...(overTls(req) ? { "x-forwarded-proto": "https" } : {}),
    }),
  },
});
