/**
 * A baccarat shoe's five roads as data (`GET /v1/tables/{slug}/roads`): bead plate, big road, big
 * eye boy, small road and cockroach pig, computed by @fuda/rules' `baccarat.roads` from the road
 * the dealer keeps on the shoe (one mark per settled round), as the players' table page draws them.
 */
import { z } from "zod";

import type { Db } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import { baccarat } from "@fuda/rules";

import { gameNames } from "./tables.types";

export const feedRoadsInputSchema = z.object({
  slug: z.string().min(1).max(100).describe("The table's slug (a baccarat table)."),
  shoe: z
    .uuid({ error: "shoe: a shoe id (a UUID) of this table" })
    .optional()
    .describe("The shoe (its id); the table's current (latest) shoe when absent."),
});

const winner = z.enum(["player", "banker", "tie"]);
const side = z.enum(["player", "banker"]);
const mark = z.enum(["red", "blue"]);

/** `shoes.road` as the dealer writes it: one mark per settled round (baccarat.RoadRound). */
const storedRoadSchema = z.array(
  z.object({ winner, playerPair: z.boolean().optional(), bankerPair: z.boolean().optional() }),
);

/** A shoe's stored road; a shoe with none yet (null) has no marks. */
function roadOf(json: unknown, shoeId: string): baccarat.RoadRound[] {
  if (json === null) return [];
  const parsed = storedRoadSchema.safeParse(json);
  if (!parsed.success) {
    throw new TypeError(
      `shoe ${shoeId}: road is not a list of road marks: ${parsed.error.message}`,
    );
  }
  return parsed.data;
}

const derivedRoadSchema = (name: string) =>
  z
    .object({
      marks: z.array(mark).describe("Every mark in order."),
      columns: z
        .array(z.array(mark))
        .describe("The marks as drawn: a new column at each change of colour."),
    })
    .describe(name);

export const feedRoadsSchema = z
  .object({
    table: z.string().describe("The table's slug."),
    game: z.enum(gameNames),
    shoe: z.uuid().describe("The shoe the roads are of."),
    rounds: z.number().int().describe("Settled rounds on the roads (ties included)."),
    beadPlate: z
      .array(
        z.object({
          winner,
          playerPair: z.boolean(),
          bankerPair: z.boolean(),
          column: z.number().int(),
          row: z.number().int().describe("0 to 5: columns of six, filled top to bottom."),
        }),
      )
      .describe("Every round in order, ties included."),
    bigRoad: z
      .object({
        leadingTies: z.number().int().describe("Ties before the shoe's first Player or Banker."),
        columns: z
          .array(
            z.array(
              z.object({
                winner: side,
                ties: z.number().int().describe("Ties dealt after this result, marked on it."),
                playerPair: z.boolean(),
                bankerPair: z.boolean(),
              }),
            ),
          )
          .describe("Logical columns, each a streak of one side however long (no dragon tail)."),
      })
      .describe("The big road."),
    bigEyeBoy: derivedRoadSchema("Big eye boy: compares with the column one to the left."),
    smallRoad: derivedRoadSchema("Small road: compares with the column two to the left."),
    cockroachPig: derivedRoadSchema("Cockroach pig: compares with the column three to the left."),
  })
  .meta({ id: "Roads", description: "A baccarat shoe's five roads, as data." });

export type FeedRoads = z.infer<typeof feedRoadsSchema>;

export async function getFeedRoads({
  db,
  slug,
  shoe,
}: {
  db: Db;
  slug: string;
  shoe?: string;
}): Promise<FeedRoads> {
  const table = await db.table.findUnique({ where: { slug }, select: { id: true, game: true } });
  if (table === null) {
    throw new FudaError("NOT_FOUND", `slug: no table "${slug}"`, { field: "slug", slug });
  }
  // Quick baccarat deals a fresh shoe each round: its roads would hold one mark, so only baccarat.
  if (table.game !== "BACCARAT") {
    throw new FudaError(
      "BAD_INPUT",
      `slug: table "${slug}" plays ${gameNames[table.game]}; the five roads are baccarat's ` +
        `(its own road is the \`road\` of GET /v1/tables/{slug})`,
      { field: "slug", slug, game: gameNames[table.game] },
    );
  }
  const row = await db.shoe.findFirst({
    where: { tableId: table.id, ...(shoe !== undefined && { id: shoe }) },
    orderBy: [{ startedAt: "desc" }, { id: "desc" }],
    select: { id: true, road: true },
  });
  if (row === null) {
    throw shoe === undefined
      ? new FudaError("NOT_FOUND", `slug: table "${slug}" has dealt no shoe yet`, {
          field: "slug",
          slug,
        })
      : new FudaError("NOT_FOUND", `shoe: no shoe "${shoe}" at table "${slug}"`, {
          field: "shoe",
          shoe,
        });
  }
  const marks = roadOf(row.road, row.id);
  const all = baccarat.roads(marks);
  // Mutable copies of the rules' read-only arrays, as the response type has them.
  const derived = (road: baccarat.DerivedRoad) => ({
    marks: [...road.marks],
    columns: road.columns.map((column) => [...column]),
  });
  return {
    table: slug,
    game: gameNames[table.game],
    shoe: row.id,
    rounds: marks.length,
    beadPlate: [...all.beadPlate],
    bigRoad: {
      leadingTies: all.bigRoad.leadingTies,
      columns: all.bigRoad.columns.map((column) => [...column]),
    },
    bigEyeBoy: derived(all.bigEyeBoy),
    smallRoad: derived(all.smallRoad),
    cockroachPig: derived(all.cockroachPig),
  };
}
