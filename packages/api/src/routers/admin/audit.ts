import { z } from "zod";

import { searchAudit } from "../../domain/audit-search";
import { operatorProcedure, router } from "../../trpc";
import { sortInput } from "./sort.schemas";

const time = (field: string) =>
  z.iso.datetime({ offset: true, error: `${field}: a time in ISO 8601` }).optional();

const text = (field: string) =>
  z
    .string()
    .max(200, { error: `${field}: at most 200 characters` })
    .optional();

export const auditSearchInput = z
  .object({
    actorId: text("actorId"),
    action: text("action"),
    targetType: text("targetType"),
    targetId: text("targetId"),
    from: time("from"),
    to: time("to"),
    cursor: z
      .string()
      .regex(/^\d{1,19}$/, { error: "cursor: from the previous page" })
      .optional(),
    limit: z
      .number({ error: "limit: a whole number" })
      .int({ error: "limit: a whole number" })
      .min(1, { error: "limit: at least 1" })
      .max(100, { error: "limit: at most 100" })
      .default(50),
    /** Newest first unless `at` `asc` (oldest first): the order of the entries' times. */
    sort: sortInput(["at"]),
  })
  .default({ limit: 50 });

export const auditRouter = router({
  /** Newest first unless chosen; `nextCursor` asks for the page after this one. */
  search: operatorProcedure.input(auditSearchInput).query(({ ctx, input }) => {
    const blank = (value: string | undefined) => (value === "" ? undefined : value);
    return searchAudit({
      db: ctx.db,
      filter: {
        actorId: blank(input.actorId),
        action: blank(input.action),
        targetType: blank(input.targetType),
        targetId: blank(input.targetId),
        from: input.from === undefined ? undefined : new Date(input.from),
        to: input.to === undefined ? undefined : new Date(input.to),
        cursor: input.cursor,
        limit: input.limit,
        oldestFirst: input.sort?.direction === "asc",
      },
    });
  }),
});
