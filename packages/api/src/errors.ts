import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";

import { Prisma } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import type { FudaErrorCode } from "@fuda/errors";

export { FudaError };
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
} as const satisfies Record<FudaErrorCode, TRPC_ERROR_CODE_KEY>;

export function toTRPCError(error: FudaError): TRPCError {
  return new TRPCError({ code: trpcCodes[error.code], message: error.message, cause: error });
}

/** Prisma's codes for a database that cannot be reached at all, as opposed to a failing query. */
const unreachableCodes = new Set(["P1000", "P1001", "P1002", "P1003", "P1017"]);

/**
 * PostgreSQL's codes for a server that is going away (admin or crash shutdown, not accepting
 * connections yet): the query was fine, the server was not.
 */
const shutdownCodes = new Set(["57P01", "57P02", "57P03"]);

/**
 * Whether `cause` says the database is out of reach rather than that a query is wrong. A
 * connection cut under a running query reaches us as pg's plain "Connection terminated
 * unexpectedly", not as a Prisma error.
 */
export function isDatabaseUnreachable(cause: unknown): boolean {
  if (cause instanceof Prisma.PrismaClientKnownRequestError) {
    // A server shutting down ends running queries with 57P01, which Prisma passes on as a
    // failed raw query (P2010) carrying PostgreSQL's code.
    const driverCode = (
      cause.meta as { driverAdapterError?: { cause?: { code?: unknown } } } | undefined
    )?.driverAdapterError?.cause?.code;
    return (
      unreachableCodes.has(cause.code) ||
      (typeof driverCode === "string" && shutdownCodes.has(driverCode))
    );
  }
  if (!(cause instanceof Error)) return false;
  const code = (cause as { code?: unknown }).code;
  if (typeof code === "string" && shutdownCodes.has(code)) return true;
  return cause.message.startsWith("Connection terminated");
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
