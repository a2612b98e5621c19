import { z } from "zod";

import { gameNames, listTables, statusNames } from "../domain/tables";
import { publicProcedure } from "../trpc";
import { feedErrorResponses } from "./procedure";

const minorUnits = z
  .number()
  .int()
  .nonnegative()
  .describe("An amount in minor units: 100 minor units are 1 point, so 2500 means 25.00 points.");

const betLimitSchema = z
  .object({
    min: minorUnits.describe(
      "Smallest stake accepted on this bet, in minor units (100 = 1 point).",
    ),
    max: minorUnits.describe("Largest stake accepted on this bet, in minor units (100 = 1 point)."),
  })
  .meta({
    id: "BetLimit",
    description: "The stake range of one bet type, in minor units (100 = 1 point).",
    examples: [{ min: 1_000, max: 5_000_000 }],
  });

const tableSchema = z
  .object({
    id: z.uuid().describe("Stable identifier of the table."),
    slug: z.string().describe("Short unique name of the table, as used in URLs."),
    game: z
      .enum(gameNames)
      .describe(
        "The game dealt at this table: `baccarat`, `quick-baccarat` (the quick five-suit game), " +
          "`pok-deng` or `joker-blackjack`.",
      ),
    variant: z
      .string()
      .describe(
        "The game's rule variant at this table, e.g. `commission` or `no-commission` for " +
          "baccarat, `five-seat` for pok-deng.",
      ),
    name: z.string().describe("Display name of the table."),
    status: z
      .enum(statusNames)
      .describe(
        "`open`: rounds are dealt and bets accepted; `paused`: temporarily not dealing; " +
          "`closed`: taken out of service.",
      ),
    countdownSeconds: z
      .number()
      .int()
      .nonnegative()
      .describe(
        "How long the betting window of each round stays open, in seconds; 0 when the game has " +
          "no countdown (the quick single-player game deals when the player is ready).",
      ),
    limits: z
      .record(z.string(), betLimitSchema)
      .describe(
        "Stake range per bet type, keyed by the game's bet id (e.g. `player`, `banker`, `tie` " +
          "in baccarat, `seat` in pok-deng, `main` in joker-blackjack). All amounts are in " +
          "minor units: 100 minor units are 1 point.",
      ),
    createdAt: z.iso.datetime().describe("When the table was created (ISO 8601, UTC)."),
    updatedAt: z.iso.datetime().describe("When the table was last changed (ISO 8601, UTC)."),
  })
  .meta({ id: "Table", description: "A table partners can show: its game, rules and limits." });

const tableListSchema = z
  .object({
    tables: z.array(tableSchema).describe("Every table, in lobby order: by game, then by name."),
  })
  .meta({ id: "TableList", description: "All tables of the platform." });

export const tables = publicProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/tables",
      tags: ["tables"],
      summary: "List the tables",
      description:
        "Every table of the platform with its game, variant, status, betting countdown and " +
        "per-bet stake limits. Amounts are integers in minor units (100 = 1 point).",
      protect: false,
      successDescription: "All tables, in lobby order.",
      errorResponses: feedErrorResponses,
    },
  })
  .input(z.void())
  .output(tableListSchema)
  .query(async ({ ctx }) => ({ tables: await listTables({ db: ctx.db }) }));
