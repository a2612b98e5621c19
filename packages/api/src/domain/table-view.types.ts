import { z } from "zod";

import { DEALING_MODES, ROUND_PHASES } from "@fuda/contracts";

import { tableViewSchema } from "./tables.types";

/** A round as anyone may see it: only revealed cards (the rules' `publicView`). */
export const publicRoundSchema = z.object({
  id: z.uuid(),
  number: z.number().int().positive(),
  phase: z.enum(ROUND_PHASES),
  /** When betting closes (server time, ISO 8601). */
  closesAt: z.iso.datetime(),
  /** The bet ids open in this round (the game's round gates applied). */
  betsOffered: z.array(z.string()),
  /**
   * Betting, its window ended with no bet and started again (`round.opened` with `reopened`),
   * and no bet has come since: a game not dealt to nobody waits (docs/live-tables.md, Waiting
   * for a bet). False at the tables dealt bet on or not.
   */
  waitingForBet: z.boolean(),
  cards: z.array(z.object({ position: z.string(), card: z.number().int() })),
  totals: z.record(z.string(), z.number()),
  /** The game's own outcome once dealt, else null (`unknown` already admits null). */
  outcome: z.unknown(),
  /** Games with players' decisions: each seat's hands as shown now (empty at the shared tables). */
  seats: z.array(
    z.object({
      seat: z.number().int(),
      hands: z.array(
        z.object({
          cards: z.array(z.number().int()),
          total: z.number(),
          stake: z.number().int(),
          returned: z.number().int(),
          settled: z.boolean(),
        }),
      ),
      returned: z.number().int(),
    }),
  ),
  /** The decision the round waits for, and when its timer ends (server time). */
  pending: z
    .object({
      seat: z.number().int(),
      hand: z.number().int(),
      kind: z.string(),
      actions: z.array(z.string()),
      onTimeout: z.string(),
      actsBy: z.iso.datetime().nullable(),
    })
    .nullable(),
});

/** The shoe's public face: never its order, state or salt. */
export const publicShoeSchema = z.object({
  id: z.uuid(),
  /** A studio shoe is physical: its commitment is empty, its entered order published at its end. */
  dealing: z.enum(DEALING_MODES),
  commitment: z.string(),
  roundsDealt: z.number().int().nonnegative(),
  cardsLeft: z.number().int().nonnegative(),
  /** The first card shown and how many cards it burned (docs/rules/live-tables.md, First-card burn). */
  firstBurn: z.unknown(),
  startedAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
});

/** A taken seat: the player's id and display name; `leaving` until the round in play ends. */
export const seatSchema = z.object({
  seat: z.number().int().positive(),
  playerId: z.string(),
  name: z.string(),
  leaving: z.boolean(),
});

/** `tables.get`: what a table's page needs for its first render, from one snapshot. */
export const tableDetailSchema = z.object({
  table: tableViewSchema,
  round: publicRoundSchema.nullable(),
  shoe: publicShoeSchema.nullable(),
  /** The current shoe's road, one mark per settled round, in the game's own shape. */
  road: z.array(z.unknown()),
  /** The outcome of the last settled round, if any. */
  lastResult: z
    .object({ roundId: z.uuid(), number: z.number().int(), outcome: z.unknown() })
    .nullable(),
  /** Who sits where, at a table with seats (empty at the shared tables). */
  seats: z.array(seatSchema),
  /** Subscribe to `tables.events` from here: nothing between this view and the stream is lost. */
  lastEventId: z.string().regex(/^\d+$/),
});

export type PublicRoundView = z.infer<typeof publicRoundSchema>;
export type PublicShoeView = z.infer<typeof publicShoeSchema>;
export type TableDetail = z.infer<typeof tableDetailSchema>;

/** `tables.events` streams the catalog's events, as packages/contracts defines them. */
export { tableEventSchema } from "@fuda/contracts";

/**
 * The last event id the client has; tRPC fills it from the SSE `Last-Event-ID` on reconnect.
 * Absent: only events from now on.
 */
const lastEventIdSchema = z
  .string()
  .regex(/^\d{1,19}$/, "lastEventId: an event id is a decimal number")
  .nullish();

export const tableEventsInputSchema = z.object({
  slug: z.string().min(1),
  lastEventId: lastEventIdSchema,
});

/** Tables one player follows on one screen, on one stream (docs/players.md, Several tables). */
export const MULTI_TABLES_MAX = 4;

export const multiTableEventsInputSchema = z.object({
  slugs: z
    .array(z.string().min(1))
    .min(1, "slugs: at least one table")
    .max(MULTI_TABLES_MAX, `slugs: at most ${MULTI_TABLES_MAX} tables on one stream`)
    .refine((slugs) => new Set(slugs).size === slugs.length, "slugs: each table once"),
  /** Event ids are one sequence over every table: one id resumes all of them. */
  lastEventId: lastEventIdSchema,
});
