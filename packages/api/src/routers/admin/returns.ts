import { z } from "zod";

import { returnsSummary } from "../../domain/returns";
import { operatorProcedure, router } from "../../trpc";

const instant = (field: string) =>
  z.iso
    .datetime({
      offset: true,
      error: `${field}: an ISO 8601 date and time, e.g. 2026-12-01T00:00:00Z`,
    })
    .transform((value) => new Date(value));

export const returnsSummaryInput = z.object({
  table: z
    .string({ error: "table: a table slug" })
    .min(1, { error: "table: a table slug" })
    .max(100, { error: "table: at most 100 characters" }),
  from: instant("from"),
  to: instant("to"),
});

/** What the tables paid against what the maths says (the returns dashboard). */
export const returnsRouter = router({
  /** Per bet id of one table over [from, to): stakes, returns, the theory and its 95 % band. */
  summary: operatorProcedure
    .input(returnsSummaryInput)
    .query(({ ctx, input }) =>
      returnsSummary({ db: ctx.db, slug: input.table, from: input.from, to: input.to }),
    ),
});
