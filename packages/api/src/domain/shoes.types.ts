import { z } from "zod";

import { DEALING_MODES } from "@fuda/contracts";

import { gameNames } from "./tables.types";

const instant = z.iso.datetime().describe("ISO 8601, server time.");
const shoeId = z.uuid({ error: "shoeId: a shoe id (a UUID)" });

export const SHOES_PAGE_SIZE = 20;

export const shoesListInput = z
  .object({
    table: z
      .string({ error: "table: a table slug" })
      .min(1, { error: "table: a table slug" })
      .max(100, { error: "table: a table slug" })
      .optional()
      .describe("A table's slug; every table's shoes when absent."),
    cursor: z
      .string({ error: "cursor: a nextCursor from a previous page" })
      .max(200, { error: "cursor: a nextCursor from a previous page" })
      .nullish(),
  })
  .default({});

export const shoesGetInput = z.object({ shoeId });

const shoeTableSchema = z.object({
  slug: z.string(),
  name: z.string(),
  game: z.enum(gameNames),
});

/** A shoe as a list shows it: which table, when, how far it went. */
export const shoeSummarySchema = z.object({
  id: z.uuid(),
  table: shoeTableSchema,
  startedAt: instant,
  endedAt: instant.nullable().describe("Null while the shoe is in play."),
  roundsDealt: z.number().int().describe("Rounds dealt to the end (settled) from this shoe."),
});

export const shoesPageSchema = z.object({
  shoes: z.array(shoeSummarySchema),
  nextCursor: z.string().nullable(),
});

/**
 * One position of the shoe a round took: a card shown at the table (its code, and the hand it went
 * to), or a card burned or left face down, whose code only the reveal tells.
 */
export const takenCardSchema = z.object({
  at: z.number().int().describe("Index in the shoe's order, the first card out being 0."),
  kind: z.enum(["shown", "burned", "faceDown"]),
  card: z.number().int().nullable().describe("The card shown; null for a burned or face-down one."),
  hand: z.string().nullable().describe("Where the card was shown, e.g. player-1; null if unshown."),
});

export const shoeRoundSchema = z.object({
  roundId: z.uuid(),
  number: z.number().int(),
  phase: z.enum(["settled", "cancelled"]),
  start: z.number().int().describe("Index of the round's first card (burns included)."),
  cards: z.array(takenCardSchema).describe("Every card the round took, in shoe order."),
});

export const shoeDetailSchema = shoeSummarySchema.extend({
  dealing: z
    .enum(DEALING_MODES)
    .describe(
      "`automatic`: shuffled and committed by the software; `studio`: a physical shoe dealt by " +
        "a person, its cards recorded as they were entered at the studio console.",
    ),
  commitment: z
    .string()
    .describe(
      "SHA-256 hex, published before the first card (docs/fairness.md); empty for a studio " +
        "shoe, whose cards are physical and committed by nothing.",
    ),
  cardCount: z.number().int(),
  firstBurn: z
    .object({ shownCard: z.number().int(), burnCount: z.number().int() })
    .nullable()
    .describe("The opening burn: the card turned up and how many more it burned; null if none."),
  firstRoundAt: z.number().int().describe("Where round 1 starts: 1 + burnCount, or 0."),
  reveal: z
    .object({ salt: z.string(), cards: z.string() })
    .nullable()
    .describe(
      "Salt and order in hex, once the shoe has ended; null before. A studio shoe's order is " +
        "the cards as entered, `ff` for a card never entered (a skipped burn); its salt is zeros.",
    ),
  rounds: z.array(shoeRoundSchema).describe("The shoe's finished rounds, in order."),
});

export type ShoeSummary = z.infer<typeof shoeSummarySchema>;
export type ShoesPage = z.infer<typeof shoesPageSchema>;
export type TakenCard = z.infer<typeof takenCardSchema>;
export type ShoeRound = z.infer<typeof shoeRoundSchema>;
export type ShoeDetail = z.infer<typeof shoeDetailSchema>;
