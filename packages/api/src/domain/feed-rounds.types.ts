import { z } from "zod";

import { gameNames } from "./tables.types";

/** The most rounds one page of `GET /v1/rounds` holds. */
export const ROUNDS_MAX_LIMIT = 200;
export const ROUNDS_DEFAULT_LIMIT = 50;

export const roundsInputSchema = z.object({
  table: z.string().min(1).max(100).optional().describe("Only this table's rounds (its slug)."),
  game: z
    .enum(gameNames)
    .optional()
    .describe("Only rounds of this game: `baccarat`, `pok-deng` or `joker-blackjack`."),
  shoe: z.uuid().optional().describe("Only rounds dealt from this shoe (its id)."),
  from: z.iso
    .datetime()
    .optional()
    .describe("Only rounds finished at or after this time (ISO 8601, UTC)."),
  to: z.iso
    .datetime()
    .optional()
    .describe("Only rounds finished before this time (ISO 8601, UTC)."),
  limit: z
    .number()
    .int()
    .min(1)
    .max(ROUNDS_MAX_LIMIT)
    .default(ROUNDS_DEFAULT_LIMIT)
    .describe(`Rounds per page, 1 to ${ROUNDS_MAX_LIMIT} (default ${ROUNDS_DEFAULT_LIMIT}).`),
  cursor: z
    .string()
    .max(200)
    .optional()
    .describe("The `nextCursor` of the previous page; absent for the first page."),
});

export type RoundsInput = z.input<typeof roundsInputSchema>;

const cardSchema = z
  .object({
    position: z
      .string()
      .describe("Where the card went, in the game's words (`player-1`, `banker-3`…)."),
    card: z.number().int().describe("The card's code in the shoe (docs/fairness.md, Cards)."),
    label: z.string().describe('The card as people write it, e.g. "10♥".'),
  })
  .meta({ id: "RoundCard", description: "A card revealed in the round." });

const burnSchema = z
  .object({
    index: z.number().int().nonnegative().describe("The card's place in the shoe, from 0."),
    card: z
      .number()
      .int()
      .nullable()
      .describe("The burned card's code once its shoe has ended (and been revealed); null before."),
  })
  .meta({ id: "RoundBurn", description: "A card burned before or during the round." });

const betResultSchema = z
  .object({
    bet: z.string().describe("The bet id, as in the table's limits."),
    seat: z.number().int().nullable().describe("The seat the bet is on; null for a bet with none."),
    result: z.enum(["won", "lost", "push"]).describe("What a stake on this bet did."),
    returnPerUnit: z
      .number()
      .describe(
        "What one unit staked came back as, stake included: 2 for even money, 1 for a push, " +
          "0 for a lost stake (below 0 where a loss takes more than the stake, as Pok Deng's " +
          "multiplied losses do). From the game's rules applied to this round.",
      ),
  })
  .meta({
    id: "BetResult",
    description: "A bet of the round's catalog, settled for a unit stake.",
  });

export const roundResultSchema = z
  .object({
    id: z.uuid().describe("Stable identifier of the round."),
    table: z.string().describe("The table's slug."),
    game: z.enum(gameNames).describe("The game dealt."),
    variant: z.string().describe("The game's variant at that table."),
    shoe: z.uuid().describe("The shoe the round was dealt from."),
    number: z.number().int().positive().describe("The round's number within its shoe, from 1."),
    status: z
      .enum(["settled", "void"])
      .describe(
        "`settled`: dealt and paid. `void`: cancelled before its deal, every stake refunded.",
      ),
    void: z
      .boolean()
      .describe(
        "True when the round does not count: cancelled before its deal, or voided by an " +
          "operator after it (every player's stake and winnings given back or taken back).",
      ),
    voidReason: z.string().nullable().describe("Why an operator voided the round; null otherwise."),
    voidedAt: z.iso
      .datetime()
      .nullable()
      .describe(
        "When an operator voided the round; null otherwise. A void does not move the round in " +
          "the feed's order: fetch a round again (`GET /v1/rounds/{id}`) to see a later void.",
      ),
    openedAt: z.iso.datetime().describe("When betting opened."),
    finishedAt: z.iso.datetime().describe("When the round was settled or voided."),
    cards: z
      .array(cardSchema)
      .describe("The cards dealt, in reveal order (none for a void round)."),
    burns: z.array(burnSchema).describe("Cards burned since the previous round, in shoe order."),
    outcome: z
      .unknown()
      .describe("The result in the game's own shape (winner, totals, naturals…); null if void."),
    bets: z
      .array(betResultSchema)
      .describe("Every bet id of the round's catalog and its result; empty for a void round."),
  })
  .meta({ id: "Round", description: "A finished round: its cards, outcome and bet results." });

export type RoundResult = z.infer<typeof roundResultSchema>;

export const roundPageSchema = z
  .object({
    rounds: z
      .array(roundResultSchema)
      .describe("Finished rounds in the order they finished, oldest first."),
    nextCursor: z
      .string()
      .nullable()
      .describe(
        "Where this page ends: pass it as `cursor` for the next page, also after the last one " +
          "to poll for rounds finished since (a round finishing later always comes after it). " +
          "Null only when no round has been listed yet.",
      ),
    hasMore: z.boolean().describe("More finished rounds follow at once; false: caught up."),
  })
  .meta({ id: "RoundPage", description: "One page of finished rounds." });

export type RoundPage = z.infer<typeof roundPageSchema>;
