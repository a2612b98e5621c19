import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";

import { isDatabaseUnreachable } from "@fuda/db";
import { FudaError, issueWords } from "@fuda/errors";
import type { FudaErrorCode } from "@fuda/errors";

export { FudaError, isDatabaseUnreachable, issueWords };
export type { FudaErrorCode };

/**
 * Every expected failure's code (from @fuda/errors) decides the tRPC code, and so the HTTP
 * status, once, here.
 */
const trpcCodes = {
  BAD_INPUT: "BAD_REQUEST",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  FORBIDDEN: "FORBIDDEN",
  UNAUTHENTICATED: "UNAUTHORIZED",
  // 422: the request is well formed but the wallet cannot cover it (not a client bug, not a clash).
  INSUFFICIENT_FUNDS: "UNPROCESSABLE_CONTENT",
  // 409: the request was fine a moment earlier; the round moved on.
  BETTING_CLOSED: "CONFLICT",
  DATABASE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
} as const satisfies Record<FudaErrorCode, TRPC_ERROR_CODE_KEY>;

export function toTRPCError(error: FudaError): TRPCError {
  return new TRPCError({ code: trpcCodes[error.code], message: error.message, cause: error });
}

/** What callers see while the database is out of reach; they may retry after `RETRY_AFTER_SECONDS`. */
export const databaseUnavailable = (): FudaError =>
  new FudaError("DATABASE_UNAVAILABLE", "database: not reachable, retry later");

/**
 * The one place an unexpected failure becomes what a caller sees: our own errors keep their
 * code and message; an unreachable database is a retryable DATABASE_UNAVAILABLE; anything else
 * is a bare "Internal server error" (Prisma's messages carry source paths and hosts).
 */
export function toCallerError(cause: unknown): TRPCError {
  if (cause instanceof FudaError) return toTRPCError(cause);
  if (isDatabaseUnreachable(cause)) return toTRPCError(databaseUnavailable());
  if (cause instanceof TRPCError && cause.code !== "INTERNAL_SERVER_ERROR") return cause;
  return new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error", cause });
}
