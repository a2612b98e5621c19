import { listFinishedRounds } from "../domain/feed-rounds";
import { roundPageSchema, roundsInputSchema } from "../domain/feed-rounds.types";
import { partnerProcedure } from "../trpc";
import { feedLookupErrorResponses } from "./procedure";

export const rounds = partnerProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/rounds",
      tags: ["rounds"],
      summary: "List finished rounds",
      description:
        "Settled and void rounds, oldest first, in the order they finished; a round in play " +
        "is not listed (see GET /tables/{slug}). Page with `cursor` = the previous page's " +
        "`nextCursor`: a round finishing while you page always comes after your cursor, so " +
        "each round is listed once, with no gaps. Poll with the last `nextCursor` for new rounds.",
      successDescription: "One page of finished rounds.",
      errorResponses: feedLookupErrorResponses,
    },
  })
  .input(roundsInputSchema)
  .output(roundPageSchema)
  .query(({ ctx, input }) => listFinishedRounds({ db: ctx.db, input }));
