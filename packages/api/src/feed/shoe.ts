import { feedShoeInputSchema, feedShoeSchema, getFeedShoe } from "../domain/feed-shoe";
import { partnerProcedure } from "../trpc";
import { feedLookupErrorResponses } from "./procedure";

export const shoe = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/shoes/{id}",
      tags: ["shoes"],
      summary: "Get a shoe and check it",
      description:
        "The shoe's commitment (published before its first card), its reveal (salt and order) " +
        "only once it has ended, its finished rounds with the cards each took, and `verifies`: " +
        "whether the reveal is what the commitment committed to and every shown card is the " +
        "order's (docs/fairness.md).",
      successDescription: "The shoe.",
      errorResponses: feedLookupErrorResponses,
    },
  })
  .input(feedShoeInputSchema)
  .output(feedShoeSchema)
  .query(({ ctx, input }) => getFeedShoe({ db: ctx.db, id: input.id }));
