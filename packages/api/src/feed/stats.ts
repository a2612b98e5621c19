import { feedStatsInputSchema, feedStatsSchema, getFeedStats } from "../domain/feed-stats";
import { partnerProcedure } from "../trpc";
import { feedLookupErrorResponses } from "./procedure";

export const stats = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/stats",
      tags: ["rounds"],
      summary: "Results over a time range",
      description:
        "Finished rounds (settled and void) of a table, or of every table, finished in " +
        "[`from`, `to`): how each bet id came out, and what players staked on each bet id and " +
        "got back, in minor units (100 = 1 point).",
      successDescription: "The counts and sums.",
      errorResponses: feedLookupErrorResponses,
    },
  })
  .input(feedStatsInputSchema)
  .output(feedStatsSchema)
  .query(({ ctx, input }) => getFeedStats({ db: ctx.db, input }));
