import { TRPCError } from "@trpc/server";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/rpc";

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
  ) {
    super(message);
    this.name = "FudaError";
  }
}

export function toTRPCError(error: FudaError): TRPCError {
  return new TRPCError({ code: trpcCodes[error.code], message: error.message, cause: error });
}
