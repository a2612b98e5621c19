import { initTRPC } from "@trpc/server";
import type { OpenApiMeta } from "trpc-to-openapi";

import type { Context } from "./context";
import { FudaError, toTRPCError } from "./errors";

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

/** Turns a thrown FudaError into its tRPC error once, for every procedure. */
const fudaErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof FudaError) {
    throw toTRPCError(result.error.cause);
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(fudaErrors);
