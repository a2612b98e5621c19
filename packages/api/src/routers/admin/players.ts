import { z } from "zod";

import {
  adjustBalance,
  PLAYER_SORT_KEY_NAMES,
  playerRecord,
  PLAYERS_SEARCH_MAX_LIMIT,
  searchPlayers,
  setBanned,
} from "../../domain/admin-players";
import type { PlayerSortKey } from "../../domain/admin-players";
import { operatorProcedure, router, steppedUpOperatorProcedure } from "../../trpc";
import { sortInput } from "./sort.schemas";

const userId = z
  .string({ error: "userId: a player's user id" })
  .min(1, { error: "userId: a player's user id" })
  .max(64, { error: "userId: at most 64 characters" });

const reason = z
  .string({ error: "reason: why, in words" })
  .trim()
  .min(3, { error: "reason: at least 3 characters" })
  .max(500, { error: "reason: at most 500 characters" });

const searchInput = z.object({
  query: z
    .string({ error: "query: part of a name or e-mail" })
    .trim()
    .min(1, { error: "query: part of a name or e-mail" })
    .max(100, { error: "query: at most 100 characters" })
    .optional(),
  cursor: z
    .string({ error: "cursor: a nextCursor from a previous page" })
    .max(300, { error: "cursor: must be a nextCursor from a previous page" })
    .optional(),
  limit: z
    .number({ error: "limit: a whole number" })
    .int({ error: "limit: a whole number" })
    .min(1, { error: `limit: a whole number from 1 to ${PLAYERS_SEARCH_MAX_LIMIT}` })
    .max(PLAYERS_SEARCH_MAX_LIMIT, {
      error: `limit: a whole number from 1 to ${PLAYERS_SEARCH_MAX_LIMIT}`,
    })
    .default(25),
  /** Newest first (`createdAt` `desc`) unless chosen. */
  sort: sortInput(PLAYER_SORT_KEY_NAMES as [PlayerSortKey, ...PlayerSortKey[]]),
});

/** What operators do to players' accounts; every change is audited with its reason. */
export const playersRouter = router({
  /** Players by part of their name or e-mail, newest first or in the order chosen, paged on the server. */
  search: operatorProcedure
    .input(searchInput.default({ limit: 25 }))
    .query(({ ctx, input }) => searchPlayers(ctx.db, input)),
  /** One player: balance, latest wallet entries, latest rounds. */
  get: operatorProcedure
    .input(z.object({ userId }))
    .query(({ ctx, input }) => playerRecord(ctx.db, input.userId)),
  /** A correction of the wallet through the ledger (an `adjust` transfer), + credits, − debits. */
  adjust: steppedUpOperatorProcedure
    .input(
      z.object({
        userId,
        amount: z
          .number({ error: "amount: a whole number of minor units" })
          .int({ error: "amount: a whole number of minor units" })
          .refine((amount) => amount !== 0, { error: "amount: must not be 0" })
          .refine((amount) => Math.abs(amount) <= 1_000_000_000_000, {
            error: "amount: at most 1,000,000,000,000 minor units either way",
          }),
        reason,
        /** One per form submission: sending the same adjustment again moves points once. */
        requestId: z
          .string({ error: "requestId: a request id" })
          .min(1, { error: "requestId: a request id" })
          .max(64, { error: "requestId: at most 64 characters" })
          .optional(),
      }),
    )
    .mutation(({ ctx, input }) =>
      adjustBalance(ctx.db, { ...input, operatorId: ctx.actor.userId }),
    ),
  /** Bans a player: their sessions end at once and no new one is accepted. */
  ban: operatorProcedure
    .input(z.object({ userId, reason }))
    .mutation(({ ctx, input }) =>
      setBanned(ctx.db, { ...input, banned: true, operatorId: ctx.actor.userId }),
    ),
  unban: operatorProcedure
    .input(z.object({ userId, reason }))
    .mutation(({ ctx, input }) =>
      setBanned(ctx.db, { ...input, banned: false, operatorId: ctx.actor.userId }),
    ),
});
