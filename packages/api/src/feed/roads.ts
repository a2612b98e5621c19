import { feedRoadsInputSchema, feedRoadsSchema, getFeedRoads } from "../domain/feed-roads";
import { partnerProcedure } from "../trpc";
import { feedLookupErrorResponses } from "./procedure";

export const roads = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/tables/{slug}/roads",
      tags: ["tables"],
      summary: "Get a baccarat shoe's five roads",
      description:
        "Bead plate, big road, big eye boy, small road and cockroach pig of the table's current " +
        "shoe (or of `shoe`), as data: one mark per settled round. Only baccarat tables have " +
        "them: another game's table is refused with 400 naming `slug` (its own road is the " +
        "`road` of GET /tables/{slug}).",
      successDescription: "The shoe's roads.",
      errorResponses: feedLookupErrorResponses,
    },
  })
  .input(feedRoadsInputSchema)
  .output(feedRoadsSchema)
  .query(({ ctx, input }) => getFeedRoads({ db: ctx.db, slug: input.slug, shoe: input.shoe }));
