/**
 * Every expected failure of the domain, by code. Transports map a code once to their own status
 * (packages/api/src/errors.ts for tRPC and HTTP); the message is for people and names the field
 * and the rule. A package of its own so that domain packages (the ledger) and the API share it
 * without the domain depending on the API.
 */
import type { RuleCode } from "@fuda/contracts";

export type { RuleCode };

export const fudaErrorCodes = [
  "BAD_INPUT",
  "NOT_FOUND",
  "CONFLICT",
  "FORBIDDEN",
  "UNAUTHENTICATED",
  "INSUFFICIENT_FUNDS",
  /** A bet or an undo for a round whose betting window has closed (or a table not dealing). */
  "BETTING_CLOSED",
  "DATABASE_UNAVAILABLE",
  /** Too many calls too fast (a chat flood): `details.retryAfterMs` says when to try again. */
  "RATE_LIMITED",
] as const;

export type FudaErrorCode = (typeof fudaErrorCodes)[number];

/**
 * Machine-readable details, e.g. `{ field: "bets.0.amount", rule: "ABOVE_MAX" }`: `rule` is one
 * of the API's rule codes (packages/contracts), so a code in another style fails typecheck.
 */
export interface FudaErrorDetails {
  /** The input the error names, as a path: `bets.0.amount`. */
  field?: string;
  rule?: RuleCode;
  [key: string]: unknown;
}

export class FudaError extends Error {
  constructor(
    readonly code: FudaErrorCode,
    message: string,
    readonly details: FudaErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "FudaError";
  }
}

/** A schema's broken rule, structurally: what zod's issues carry (no zod here). */
export interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
}

/**
 * A schema's broken rule in words that name its field once: `bets.0.amount: must be …`. Our
 * schemas' own messages start with the last part of their field's name (`amount: …`); a library's
 * default message does not, and gets the field's name in front.
 */
export function issueWords(
  issue: SchemaIssue,
  fallback = "input",
): { field: string; words: string } {
  const field = issue.path.map(String).join(".") || fallback;
  const rule = issue.message.replace(/^[\w.]+: /, "");
  return { field, words: `${field}: ${rule}` };
}
