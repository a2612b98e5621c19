import { z } from "zod";

import { listTables } from "../domain/tables";
import { tableViewSchema } from "../domain/tables.types";
import { partnerProcedure } from "../trpc";
import { feedErrorResponses } from "./procedure";

const tableListSchema = z
  .object({
    tables: z
      .array(tableViewSchema)
      .describe("Every table, in lobby order: by game, then by name."),
  })
  .meta({ id: "TableList", description: "All tables of the platform." });

export const tables = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/tables",
      tags: ["tables"],
      summary: "List the tables",
      description:
        "Every table of the platform with its game, variant, status, betting countdown and " +
        "per-bet stake limits. Amounts are integers in minor units (100 = 1 point).",
      successDescription: "All tables, in lobby order.",
      errorResponses: feedErrorResponses,
    },
  })
  .input(z.void())
  .output(tableListSchema)
  .query(async ({ ctx }) => ({ tables: await listTables({ db: ctx.db }) }));
