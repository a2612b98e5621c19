import { z } from "zod";

import { cancelInterruptedRound, correctRound, voidRound } from "@fuda/live";
import type { CorrectionType } from "@fuda/live";

import {
  ROUND_SORT_KEY_NAMES,
  roundRecord,
  ROUNDS_SEARCH_MAX_LIMIT,
  searchRounds,
} from "../../domain/admin-rounds";
import type { RoundSortKey } from "../../domain/admin-rounds";
import { operatorProcedure, router, steppedUpOperatorProcedure } from "../../trpc";
import { sortInput } from "./sort.schemas";

const roundId = z
  .string({ error: "roundId: a round id" })
  .min(1, { error: "roundId: a round id" })
  .max(64, { error: "roundId: at most 64 characters" });

const reason = z
  .string({ error: "reason: why, in words" })
  .trim()
  .min(3, { error: "reason: at least 3 characters" })
  .max(500, { error: "reason: at most 500 characters" });

const instant = (field: string) => z.coerce.date({ error: `${field}: a date and time (ISO 8601)` });

const searchInput = z.object({
  table: z
    .string({ error: "table: a table's slug or id" })
    .max(64, { error: "table: at most 64 characters" })
    .optional(),
  shoe: z.uuid({ error: "shoe: a shoe id (a UUID)" }).optional(),
  number: z
    .number({ error: "number: a whole number" })
    .int({ error: "number: a whole number" })
    .min(1, { error: "number: from 1" })
    .optional(),
  player: z
    .string({ error: "player: a player's user id or e-mail" })
    .trim()
    .min(1, { error: "player: a player's user id or e-mail" })
    .max(320, { error: "player: at most 320 characters" })
    .optional(),
  from: instant("from").optional(),
  to: instant("to").optional(),
  cursor: z
    .string({ error: "cursor: a nextCursor from a previous page" })
    .max(200, { error: "cursor: must be a nextCursor from a previous page" })
    .optional(),
  limit: z
    .number({ error: "limit: a whole number" })
    .int({ error: "limit: a whole number" })
    .min(1, { error: `limit: a whole number from 1 to ${ROUNDS_SEARCH_MAX_LIMIT}` })
    .max(ROUNDS_SEARCH_MAX_LIMIT, {
      error: `limit: a whole number from 1 to ${ROUNDS_SEARCH_MAX_LIMIT}`,
    })
    .default(25),
  /** Newest first (`openedAt` `desc`) unless chosen. */
  sort: sortInput(ROUND_SORT_KEY_NAMES as [RoundSortKey, ...RoundSortKey[]]),
});

const correctedOutput = z.object({
  roundId: z.string(),
  correction: z.enum(["rewind", "unrecoverable", "improperDeal"]),
  burned: z.array(z.number().int()).describe("Cards the correction burned (they had been shown)."),
});

/** One correction procedure: the operator who calls it is recorded with the reason. */
const correction = (type: CorrectionType) =>
  operatorProcedure
    .input(z.object({ roundId, reason }))
    .output(correctedOutput)
    .mutation(({ ctx, input }) =>
      correctRound(ctx.db, { ...input, type, operatorId: ctx.actor.userId }),
    );

/**
 * The dealing-mistake procedure on a live joker blackjack round
 * (docs/rules/joker-blackjack.md, Dealing mistakes), between the end of the deal and the end of
 * the round.
 */
export const roundsRouter = router({
  /** Rounds of every table, newest first or in the order chosen, filtered, paged on the server. */
  search: operatorProcedure
    .input(searchInput.default({ limit: 25 }))
    .query(({ ctx, input }) => searchRounds(ctx.db, input)),
  /** One round's whole record: cards with burns, bets, settlement, events, ledger transfers. */
  get: operatorProcedure
    .input(z.object({ roundId }))
    .query(({ ctx, input }) => roundRecord(ctx.db, input.roundId)),
  /**
   * Voids a settled round: every player's wallet given back what the round took and the winnings
   * taken back through the ledger, the round marked void, audited (docs/operators.md).
   */
  void: steppedUpOperatorProcedure
    .input(z.object({ roundId, reason }))
    .mutation(({ ctx, input }) => voidRound(ctx.db, { ...input, operatorId: ctx.actor.userId })),
  /**
   * Cancels a round in play that cannot go on (docs/rules/live-tables.md, Interrupted rounds; a
   * studio console gone silent): every open bet refunded through the ledger, the round's cards
   * burned, the shoe kept, audited.
   */
  cancel: operatorProcedure
    .input(z.object({ roundId, reason }))
    .mutation(({ ctx, input }) =>
      cancelInterruptedRound(ctx.db, { ...input, operatorId: ctx.actor.userId }),
    ),
  /** Back to `toStep` (1: the end of the deal): later actions undone, their cards burned. */
  rewind: operatorProcedure
    .input(
      z.object({
        roundId,
        toStep: z
          .number({ error: "toStep: a whole number" })
          .int({ error: "toStep: a whole number" })
          .min(1, { error: "toStep: from 1, the end of the deal" }),
        reason,
      }),
    )
    .output(correctedOutput)
    .mutation(({ ctx, input }) =>
      correctRound(ctx.db, { ...input, type: "rewind", operatorId: ctx.actor.userId }),
    ),
  /** The mistake cannot be undone: every bet still open in the round is paid as won. */
  unrecoverable: correction("unrecoverable"),
  /** Play went on after an improper deal. */
  improperDeal: correction("improperDeal"),
});
