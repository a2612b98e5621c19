import { TRPCError } from "@trpc/server";

import { Prisma } from "@fuda/db";

import { FudaError } from "../errors";
import { publicProcedure } from "../trpc";

/** Prisma's codes for a database that cannot be reached at all, as opposed to a failing query. */
const unreachableCodes = new Set(["P1000", "P1001", "P1002", "P1003", "P1017"]);

function isDatabaseUnreachable(cause: unknown): boolean {
  if (cause instanceof FudaError) return cause.code === "DATABASE_UNAVAILABLE";
  return cause instanceof Prisma.PrismaClientKnownRequestError && unreachableCodes.has(cause.code);
}

/** The failures every feed endpoint may answer with, for its OpenAPI `errorResponses`. */
export const feedErrorResponses = {
  500: "Unexpected server error.",
  503: "The database is unreachable; retry later.",
};

/**
 * Partners' systems read the feed: a database that is down is a 503 they can retry, and no
 * unexpected failure's text reaches them (Prisma's messages carry source paths and hosts).
 */
export const feedProcedure = publicProcedure.use(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  if (isDatabaseUnreachable(result.error.cause)) {
    throw new FudaError("DATABASE_UNAVAILABLE", "database: not reachable, retry later");
  }
  if (result.error.code === "INTERNAL_SERVER_ERROR") {
    throw new TRPCError({
      code: "INTERNAL_SERVER_ERROR",
      message: "Internal server error",
      cause: result.error,
    });
  }
  return result;
});
