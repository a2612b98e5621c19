import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";

import { Prisma } from "@fuda/db";

/**
 * Every expected failure of the domain, by code. The code decides the tRPC code (and so the
 * HTTP status) once, here; the message is for people and names the field and the rule.
 */
const trpcCodes = {
  BAD_INPUT: "BAD_REQUEST",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  FORBIDDEN: "FORBIDDEN",
  UNAUTHENTICATED: "UNAUTHORIZED",
  DATABASE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
} as const satisfies Record<string, TRPC_ERROR_CODE_KEY>;

export type FudaErrorCode = keyof typeof trpcCodes;

export class FudaError extends Error {
  constructor(
    readonly code: FudaErrorCode,
    message: string,
    /** Machine-readable details, e.g. `{ field: "bets[0].amount", rule: "max", limit: 500000 }`. */
    readonly details: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "FudaError";
  }
}

export function toTRPCError(error: FudaError): TRPCError {
  return new TRPCError({ code: trpcCodes[error.code], message: error.message, cause: error });
}

/** Prisma's codes for a database that cannot be reached at all, as opposed to a failing query. */
const unreachableCodes = new Set(["P1000", "P1001", "P1002", "P1003", "P1017"]);

/**
 * The one place an unexpected failure becomes what a caller sees: our own errors keep their
 * code and message; an unreachable database is a retryable DATABASE_UNAVAILABLE; anything else
 * is a bare "Internal server error" (Prisma's messages carry source paths and hosts).
 */
export function toCallerError(cause: unknown): TRPCError {
  if (cause instanceof FudaError) return toTRPCError(cause);
  if (cause instanceof Prisma.PrismaClientKnownRequestError && unreachableCodes.has(cause.code)) {
    return toTRPCError(
      new FudaError("DATABASE_UNAVAILABLE", "database: not reachable, retry later"),
    );
  }
  if (cause instanceof TRPCError && cause.code !== "INTERNAL_SERVER_ERROR") return cause;
  return new TRPCError({ code: "INTERNAL_SERVER_ERROR", message: "Internal server error", cause });
}
