import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";

import type { Context } from "./context";
import { FudaError, toCallerError } from "./errors";

const t = initTRPC
  .context<Context>()
  .meta<OpenApiMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      return {
        ...shape,
        data: {
          ...shape.data,
          // Only our own error type's details are meant for callers; never a stack or SQL.
          details: cause instanceof FudaError ? cause.details : undefined,
          stack: undefined,
        },
      };
    },
  });

/** Every procedure's failures go through `toCallerError` once, here. */
const fudaErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  // tRPC wraps what a handler throws; input validation failures come unwrapped.
  throw toCallerError(
    result.error.code === "INTERNAL_SERVER_ERROR"
      ? (result.error.cause ?? result.error)
      : result.error,
  );
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(fudaErrors);
