import { z } from "zod";

import type { Db } from "@fuda/db";

import { getTableDetail } from "./table-view";
import { publicRoundSchema, publicShoeSchema, tableDetailSchema } from "./table-view.types";
import { tableViewSchema } from "./tables.types";

/**
 * A table as partners see it: the players' table page's first render (`tables.get`, the same
 * public round view, never an unrevealed card) without who sits where.
 */
export const feedTableSchema = z
  .object({
    table: tableViewSchema,
    round: publicRoundSchema
      .nullable()
      .describe(
        "The round in play (else the last one) as the public sees it: revealed cards only, " +
          "totals, and the outcome once dealt.",
      ),
    shoe: publicShoeSchema
      .nullable()
      .describe(
        "The current shoe's public face: who deals it (`dealing`), its commitment (empty for a " +
          "studio shoe, whose cards are physical), rounds dealt, cards left.",
      ),
    road: tableDetailSchema.shape.road.describe(
      "The current shoe's road, one mark per settled round, in the game's own shape.",
    ),
    lastResult: tableDetailSchema.shape.lastResult.describe(
      "The outcome of the table's last settled round, if any.",
    ),
  })
  .meta({ id: "TableDetail", description: "A table with its current round's public view." });

export type FeedTable = z.infer<typeof feedTableSchema>;

export async function getFeedTable({ db, slug }: { db: Db; slug: string }): Promise<FeedTable> {
  const { table, round, shoe, road, lastResult } = await getTableDetail({ db, slug });
  return { table, round, shoe, road, lastResult };
}
