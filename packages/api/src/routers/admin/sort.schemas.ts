import { z } from "zod";

/**
 * A search's order: one of its sortable columns and a direction. A column it cannot sort by is
 * refused naming the field, what was sent and what it can be.
 */
export const sortInput = <Key extends string>(keys: readonly [Key, ...Key[]]) =>
  z
    .object({
      by: z.enum(keys, {
        error: (issue) =>
          `sort.by: cannot sort by ${String(issue.input)}; one of ${keys.join(", ")}`,
      }),
      direction: z.enum(["asc", "desc"], { error: "sort.direction: asc or desc" }),
    })
    .optional();
