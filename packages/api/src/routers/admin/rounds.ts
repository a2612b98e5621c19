import { z } from "zod";

import { correctRound } from "@fuda/live";
import type { CorrectionType } from "@fuda/live";

import { operatorProcedure, router } from "../../trpc";

const roundId = z
  .string({ error: "roundId: a round id" })
  .min(1, { error: "roundId: a round id" })
  .max(64, { error: "roundId: at most 64 characters" });

const reason = z
  .string({ error: "reason: why, in words" })
  .trim()
  .min(3, { error: "reason: at least 3 characters" })
  .max(500, { error: "reason: at most 500 characters" });

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
