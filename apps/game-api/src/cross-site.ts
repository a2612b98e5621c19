/**
 * Refusals of tRPC POSTs a browser could be made to send from another site's page (docs/
 * security.md): ports of one host are one site, so the SameSite=Lax session cookie of
 * 127.0.0.1 rides along on a form posted from http://127.0.0.1:<any port>.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

export interface CrossSiteRefusal {
  status: 403 | 415;
  code: "FORBIDDEN" | "UNSUPPORTED_MEDIA_TYPE";
  message: string;
  /** The request header at fault. */
  field: "origin" | "content-type";
}

/** Media type without parameters, lower case, as tRPC reads it. */
const mediaType = (header: string | undefined): string | undefined =>
  header?.toLowerCase().split(";", 1)[0]?.trim();

/**
 * Why a tRPC POST is refused before any procedure runs, or undefined to let it through:
 * - a cookie with an Origin the accounts do not trust (AUTH_TRUSTED_ORIGINS), 403. A POST
 *   without Origin is no browser's (they all send it on POST): partners with bearer keys, the
 *   CLI, the web and admin relays (which check the origin themselves);
 * - a body that is not JSON, 415: tRPC also takes `multipart/form-data`, which any page's
 *   `<form>` sends without a CORS preflight (and a text/plain form can carry JSON text).
 */
export function crossSiteRefusal(
  req: IncomingMessage,
  trustedOrigins: readonly string[],
): CrossSiteRefusal | undefined {
  const origin = req.headers.origin;
  if (
    origin !== undefined &&
    req.headers.cookie !== undefined &&
    !trustedOrigins.includes(origin)
  ) {
    return {
      status: 403,
      code: "FORBIDDEN",
      message: `origin: ${origin} is not one of the sites that may call with a session (AUTH_TRUSTED_ORIGINS)`,
      field: "origin",
    };
  }
  if (mediaType(req.headers["content-type"]) !== "application/json") {
    return {
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "content-type: a call's body must be application/json",
      field: "content-type",
    };
  }
  return undefined;
}

/**
 * Answers a POST `crossSiteRefusal` refuses, in tRPC's error shape with our reason and the
 * header at fault, and says whether it did.
 */
export function refusedCrossSite(
  req: IncomingMessage,
  res: ServerResponse,
  trustedOrigins: readonly string[],
): boolean {
  if (req.method !== "POST") return false;
  const refusal = crossSiteRefusal(req, trustedOrigins);
  if (refusal === undefined) return false;
  const { status, code, message, field } = refusal;
  // Closing the connection spares reading a body nobody will use.
  res.writeHead(status, { "content-type": "application/json", connection: "close" });
  res.end(
    JSON.stringify({
      error: {
        message,
        data: {
          code,
          httpStatus: status,
          reason: status === 403 ? "FORBIDDEN" : "BAD_INPUT",
          details: { field },
        },
      },
    }),
  );
  return true;
}
