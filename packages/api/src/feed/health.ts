import { z } from "zod";

import { checkHealth } from "../domain/health";
import { publicProcedure } from "../trpc";
import { feedErrorResponses } from "./procedure";

const healthSchema = z
  .object({
    status: z.literal("ok").describe("The service answers."),
    database: z.literal("ok").describe("The database answers a query."),
    time: z.iso.datetime().describe("Server time (ISO 8601, UTC)."),
  })
  .meta({ id: "Health", description: "The feed and its database are up." });

export const health = publicProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/health",
      tags: ["service"],
      summary: "Check the feed is up",
      description: "Answers 200 when the feed and its database are reachable, 503 otherwise.",
      errorResponses: feedErrorResponses,
    },
  })
  .input(z.void())
  .output(healthSchema)
  .query(({ ctx }) => checkHealth({ db: ctx.db, now: () => new Date() }));
