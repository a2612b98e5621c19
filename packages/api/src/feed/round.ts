import { z } from "zod";

import { getFinishedRound } from "../domain/feed-rounds";
import { roundResultSchema } from "../domain/feed-rounds.types";
import { partnerProcedure } from "../trpc";
import { feedLookupErrorResponses } from "./procedure";

export const round = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/rounds/{id}",
      tags: ["rounds"],
      summary: "Get a finished round",
      description:
        "A settled or void round: its cards in reveal order with the burns, the outcome, and " +
        "every bet id's result for a unit stake. A round still in play is not found here.",
      successDescription: "The round.",
      errorResponses: feedLookupErrorResponses,
    },
  })
  .input(z.object({ id: z.string().min(1).max(100).describe("The round's id.") }))
  .output(roundResultSchema)
  .query(({ ctx, input }) => getFinishedRound({ db: ctx.db, id: input.id }));
