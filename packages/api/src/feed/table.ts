import { z } from "zod";

import { feedTableSchema, getFeedTable } from "../domain/feed-table";
import { partnerProcedure } from "../trpc";
import { feedLookupErrorResponses } from "./procedure";

export const table = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/tables/{slug}",
      tags: ["tables"],
      summary: "Get a table and its current round",
      description:
        "The table with the round in play (or its last one) as the public sees it: only " +
        "revealed cards, never one still in the shoe or face down.",
      successDescription: "The table and its current round's public view.",
      errorResponses: feedLookupErrorResponses,
    },
  })
  .input(z.object({ slug: z.string().min(1).max(100).describe("The table's slug.") }))
  .output(feedTableSchema)
  .query(({ ctx, input }) => getFeedTable({ db: ctx.db, slug: input.slug }));
