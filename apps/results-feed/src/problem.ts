/**
 * Every error the feed answers, in one shape: RFC 9457 problem details
 * (`application/problem+json`) with `code`, the tRPC code the game API's errors carry too
 * (`error.data.code`), and `reason`, the domain's finer code where there is one (BAD_INPUT,
 * UNAUTHENTICATED, DATABASE_UNAVAILABLE…, the game API's `error.data.reason`).
 */
import { STATUS_CODES } from "node:http";

import { issueWords } from "@fuda/api";
import { currentRequestId } from "@fuda/telemetry";

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

export interface Problem {
  /** `about:blank`: the status says what happened; `code` says which case it is. */
  type: "about:blank";
  /** The status's own phrase, as RFC 9457 asks with `about:blank`. */
  title: string;
  status: number;
  /** For people: names the parameter or header and the rule. */
  detail: string;
  code: string;
  reason?: string;
  /** A 400's offending query or path parameter. */
  parameter?: string;
  /** The request's id, as in `X-Request-Id` and the feed's log lines: what support asks for. */
  requestId?: string;
}

export function problem(
  status: number,
  code: string,
  detail: string,
  extra: { reason?: string; parameter?: string } = {},
): Problem {
  return {
    type: "about:blank",
    title: STATUS_CODES[status] ?? "Error",
    status,
    detail,
    code,
    ...(extra.reason === undefined ? {} : { reason: extra.reason }),
    ...(extra.parameter === undefined ? {} : { parameter: extra.parameter }),
    ...requestIdMember(),
  };
}

function requestIdMember(): { requestId?: string } {
  const requestId = currentRequestId();
  return requestId === undefined ? {} : { requestId };
}

/** What trpc-to-openapi writes for a failed procedure (its `errorShape` plus zod's issues). */
interface TrpcErrorBody {
  message?: unknown;
  code?: unknown;
  data?: { reason?: unknown; details?: { field?: unknown } };
  issues?: { path?: unknown[]; message?: unknown }[];
}

/**
 * The problem for a procedure's failure as trpc-to-openapi wrote it. A zod failure names its
 * first parameter; a domain failure the field its details name.
 */
export function problemFromTrpc(status: number, body: TrpcErrorBody): Problem {
  const code = typeof body.code === "string" ? body.code : "INTERNAL_SERVER_ERROR";
  const reason = typeof body.data?.reason === "string" ? body.data.reason : undefined;
  const issues = Array.isArray(body.issues) ? body.issues : [];
  if (issues.length > 0) {
    const named = issues.map((issue) =>
      issueWords({ path: (issue.path ?? []).map(String), message: String(issue.message) }, "query"),
    );
    return problem(status, code, named.map(({ words }) => words).join("; "), {
      reason: reason ?? "BAD_INPUT",
      // A failure of the query as a whole names no parameter.
      parameter: (issues[0]!.path ?? []).length > 0 ? named[0]!.field : undefined,
    });
  }
  const field = body.data?.details?.field;
  const message = typeof body.message === "string" ? body.message : "Internal server error";
  return problem(status, code, message, {
    reason,
    parameter: status === 400 && typeof field === "string" ? field : undefined,
  });
}
