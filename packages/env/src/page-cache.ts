import { randomBytes } from "node:crypto";
import { request } from "node:http";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";

import { acceptsGzip } from "./http";
import { newNonce } from "./security-headers";

const gzipAsync = promisify(gzip);

/**
 * Pages kept rendered (docs/performance.md, Pages). A page that is the same for every visitor of
 * a variant (its language, say) is rendered once per `maxAgeMs` and sent from memory in between;
 * each answer still gets its own Content-Security-Policy nonce, put where the render had its
 * own. A render starts by asking our own server for the page as a plain visitor of the variant
 * would, so the page is exactly what Next answers, its headers included.
 */
export interface PageCacheOptions {
  /**
   * The variant of a request that may be answered from memory, else undefined (it goes to Next).
   * Requests of one variant must get the same page: `renderHeaders` is all a render sends.
   */
  variantOf: (req: IncomingMessage, path: string) => string | undefined;
  /** The request headers a render of this request's variant sends (its language, say). */
  renderHeaders: (req: IncomingMessage) => Record<string, string>;
  /**
   * The oldest page served, from the moment its render began (the data it shows was read after
   * that). Past half of it, the next request starts a fresh render and is served the kept one.
   */
  maxAgeMs: number;
  /** Variants kept at most; the one rendered longest ago leaves first. */
  maxVariants?: number;
}

/** What a render answered, its body cut at the render's nonce. */
interface Rendered {
  startedAt: number;
  status: number;
  /** A plain page: served again until it is too old. Anything else only to who waited for it. */
  keep: boolean;
  /** Each header's value cut at the nonce (the policy's, and the preloads' in `link`). */
  headers: [name: string, parts: string[]][];
  body: Buffer[];
}

interface Entry {
  rendered?: Rendered;
  rendering?: Promise<Rendered | undefined>;
}

/** Headers a kept answer never repeats: each answer has its own, or the connection's. */
const OWN_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "x-request-id",
  "server-timing",
]);

/** A render's own request carries this header with the process's token: it goes to Next. */
const RENDER_HEADER = "x-fuda-page-render";

/** Cuts `body` at every `nonce`: joined again with another nonce between the parts. */
function cut(body: Buffer, nonce: string): Buffer[] {
  const mark = Buffer.from(nonce);
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(mark); at !== -1; at = body.indexOf(mark, from)) {
    parts.push(body.subarray(from, at));
    from = at + mark.length;
  }
  parts.push(body.subarray(from));
  return parts;
}

function join(parts: readonly Buffer[], nonce: string): Buffer {
  if (parts.length === 1) return parts[0]!;
  const mark = Buffer.from(nonce);
  const pieces: Buffer[] = [];
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(mark);
    pieces.push(part);
  });
  return Buffer.concat(pieces);
}

export interface PageCache {
  /** Whether `req` is a render's own request (it must reach Next). */
  isRender: (req: IncomingMessage) => boolean;
  /**
   * Answers `req` from memory when it may be; resolves false when it did not answer (not a kept
   * page, or a render Next must answer request by request): Next answers then.
   */
  serve: (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean>;
}

/**
 * A page cache for the server listening at `origin()` (its own address, asked when a render
 * starts: the port is known once it listens).
 */
export function createPageCache(
  options: PageCacheOptions,
  origin: () => { host: string; port: number },
): PageCache {
  const { variantOf, renderHeaders, maxAgeMs, maxVariants = 512 } = options;
  const token = randomBytes(16).toString("hex");
  const entries = new Map<string, Entry>();

  const render = (req: IncomingMessage, path: string): Promise<Rendered | undefined> => {
    const startedAt = Date.now();
    const { host, port } = origin();
    return new Promise((resolve, reject) => {
      const asked = request(
        {
          host,
          port,
          path,
          headers: {
            ...renderHeaders(req),
            // Our own address, never the visitor's Host: a kept page is everyone's.
            host: `${host.includes(":") ? `[${host}]` : host}:${port}`,
            [RENDER_HEADER]: token,
          },
        },
        (answer) => {
          const chunks: Buffer[] = [];
          answer.on("data", (chunk: Buffer) => chunks.push(chunk));
          answer.on("error", reject);
          answer.on("end", () => {
            // An answer setting a cookie or already compressed is left to Next, request by request.
            if (
              answer.headers["set-cookie"] !== undefined ||
              answer.headers["content-encoding"] !== undefined
            ) {
              resolve(undefined);
              return;
            }
            const status = answer.statusCode ?? 500;
            // Only a plain page is kept: a redirect, an error or a 404 goes to whoever waited.
            const keep =
              status === 200 && (answer.headers["content-type"] ?? "").startsWith("text/html");
            const csp = answer.headers["content-security-policy"];
            const nonce = typeof csp === "string" ? /'nonce-([^']+)'/.exec(csp)?.[1] : undefined;
            const headers: Rendered["headers"] = [];
            for (const [name, value] of Object.entries(answer.headers)) {
              if (OWN_HEADERS.has(name) || value === undefined) continue;
              const text = Array.isArray(value) ? value.join(", ") : value;
              headers.push([name, nonce === undefined ? [text] : text.split(nonce)]);
            }
            const body = Buffer.concat(chunks);
            resolve({
              startedAt,
              status,
              keep,
              headers,
              body: nonce === undefined ? [body] : cut(body, nonce),
            });
          });
        },
      );
      asked.on("error", reject);
      asked.end();
    });
  };

  /** The variant's render in progress, else a new one; one at a time per variant. */
  const refresh = (variant: string, entry: Entry, req: IncomingMessage, path: string) => {
    entry.rendering ??= render(req, path)
      .then((rendered) => {
        if (rendered?.keep !== true) entries.delete(variant);
        else {
          entry.rendered = rendered;
          entries.delete(variant);
          entries.set(variant, entry);
          if (entries.size > maxVariants) entries.delete(entries.keys().next().value!);
        }
        return rendered;
      })
      .finally(() => {
        entry.rendering = undefined;
      });
    return entry.rendering;
  };

  const send = async (
    req: IncomingMessage,
    res: ServerResponse,
    rendered: Rendered,
    how: "kept" | "shared" | "rendered",
  ): Promise<void> => {
    const nonce = newNonce();
    const headers: OutgoingHttpHeaders = {};
    for (const [name, parts] of rendered.headers) headers[name] = parts.join(nonce);
    headers["server-timing"] = `page;desc="${how}"`;
    let body = join(rendered.body, nonce);
    if (acceptsGzip(req.headers["accept-encoding"])) {
      body = await gzipAsync(body);
      headers["content-encoding"] = "gzip";
    }
    headers["content-length"] = body.length;
    res.writeHead(rendered.status, headers);
    res.end(req.method === "HEAD" ? undefined : body);
  };

  return {
    isRender: (req) => req.headers[RENDER_HEADER] === token,
    async serve(req, res, path) {
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      const variant = variantOf(req, path);
      if (variant === undefined) return false;
      let entry = entries.get(variant);
      if (entry === undefined) {
        entry = {};
        entries.set(variant, entry);
      }
      const { rendered } = entry;
      const age = rendered === undefined ? Infinity : Date.now() - rendered.startedAt;
      if (rendered !== undefined && age <= maxAgeMs) {
        // Rendered again before it is too old, so that under steady traffic no visitor waits.
        if (age > maxAgeMs / 2) void refresh(variant, entry, req, path).catch(() => undefined);
        await send(req, res, rendered, "kept");
        return true;
      }
      // A render that failed leaves the request to Next, which says what went wrong. A render
      // slower than `maxAgeMs` (a loaded machine) still serves everyone who waited for it.
      const shared = entry.rendering !== undefined;
      const fresh = await refresh(variant, entry, req, path).catch(() => undefined);
      if (fresh === undefined) return false;
      await send(req, res, fresh, shared ? "shared" : "rendered");
      return true;
    },
  };
}
