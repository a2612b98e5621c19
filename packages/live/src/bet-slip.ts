/**
 * One caller's slip judged against a round as the database holds it: pure functions, so the bet
 * desk's batch only gathers the rows and posts what these accept. Every refusal is a FudaError
 * naming the field and the rule.
 */
import { z } from "zod";

import { ruleOfIssue } from "@fuda/contracts";
import type { Game } from "@fuda/db";
import { FudaError, issueWords } from "@fuda/errors";
import type { TableGameDefinition, LiveBet, Refusal } from "@fuda/rules";
import { tableLimitsSchema } from "@fuda/rules";

import { definitionOf } from "./games";

export const MAX_BETS_PER_SLIP = 20;
export const MAX_REQUEST_ID_LENGTH = 64;

/**
 * A bet as callers send it: money in minor units (whole points: the rules check that). Each
 * message starts with its key; the desk's refusal replaces it with the whole path.
 */
export const liveBetSchema = z.object({
  bet: z.string({ error: "bet: a bet id" }).min(1, { error: "bet: a bet id" }).max(64, {
    error: "bet: at most 64 characters",
  }),
  seat: z
    .number({ error: "seat: a whole number" })
    .int({ error: "seat: a whole number" })
    .optional(),
  amount: z
    .number({ error: "amount: a positive whole number of minor units" })
    .int({ error: "amount: a positive whole number of minor units" })
    .positive({ error: "amount: a positive whole number of minor units" })
    .max(Number.MAX_SAFE_INTEGER, { error: "amount: at most 2^53 - 1 minor units" }),
});

/** `bets.place` without the caller: the API takes this, the desk checks it again. */
export const placeBetsSchema = z.object({
  roundId: z
    .string({ error: "roundId: a round id" })
    .min(1, { error: "roundId: a round id" })
    .max(64, {
      error: "roundId: at most 64 characters",
    }),
  bets: z
    .array(liveBetSchema, { error: "bets: a list of bets" })
    .min(1, { error: "bets: at least one bet" })
    .max(MAX_BETS_PER_SLIP, { error: `bets: at most ${MAX_BETS_PER_SLIP} bets in one slip` }),
  /** The caller's idempotency key: the same key again returns the first placement. */
  requestId: z
    .string({ error: "requestId: a string" })
    .min(1, { error: `requestId: 1 to ${MAX_REQUEST_ID_LENGTH} characters` })
    .max(MAX_REQUEST_ID_LENGTH, { error: `requestId: 1 to ${MAX_REQUEST_ID_LENGTH} characters` }),
});

/** The input's first broken rule as BAD_INPUT, e.g. `bets.0.amount: a positive whole number…`. */
export function badSlipInput(error: z.ZodError): FudaError {
  const issue = error.issues[0]!;
  const { field, words } = issueWords(issue);
  return new FudaError("BAD_INPUT", words, { field, rule: ruleOfIssue(issue) });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Our round ids are UUIDs: anything else names no round (and would not cast in SQL). */
export const isUuid = (id: string): boolean => UUID.test(id);
export const isRoundId = isUuid;

export const roundNotFound = (roundId: string): FudaError =>
  new FudaError("NOT_FOUND", `roundId: no round ${roundId}`, { field: "roundId", roundId });

export const bettingClosed = (roundId: string, why: string): FudaError =>
  new FudaError("BETTING_CLOSED", `roundId: round ${roundId} ${why}`, {
    field: "roundId",
    roundId,
  });

/** A round as the batch read it under its lock, with its table. */
export interface RoundForBets {
  id: string;
  tableId: string;
  /** The table has seats: a bet's seat must be one the player sits in. */
  seated: boolean;
  number: number;
  phase: string;
  /** `betting_closes_at > clock_timestamp()` when read. */
  windowOpen: boolean;
  tableStatus: string;
  limits: unknown;
  game: Game;
  variant: string;
}

/** Why a round takes no bets now, or null when it does (docs: PREAMBLE, accepting bets). */
export function closedBecause(round: RoundForBets): string | null {
  if (round.phase !== "betting") return `is ${round.phase}, not betting`;
  if (!round.windowOpen) return "has passed its betting window";
  if (round.tableStatus !== "OPEN") return `is at a table that is ${round.tableStatus}`;
  return null;
}

export interface SlipVerdict {
  definition: TableGameDefinition;
  /** What the ledger holds for each bet of the slip, in order. */
  reserved: number[];
}

/** A bet index in a refusal's field (`bets.3.amount` → 3), or null for the slip as a whole. */
const indexOf = (field: string): number | null => {
  const match = /^bets\.(\d+)(\.|$)/.exec(field);
  return match ? Number(match[1]) : null;
};

/**
 * Judges `bets` for a round that takes bets. `own` are the player's open bets in the round
 * (limits apply to the player's totals per round); `tableStakes` what everyone else staked, per
 * bet id (the exposure cap). Throws FudaError BAD_INPUT for the first refusal.
 */
export function judgeSlip({
  round,
  bets,
  own,
  tableStakes,
}: {
  round: RoundForBets;
  bets: readonly LiveBet[];
  own: readonly LiveBet[];
  tableStakes: Readonly<Record<string, number>>;
}): SlipVerdict {
  const definition = definitionOf(round);
  if (definition === null) throw bettingClosed(round.id, "is not at a live table");
  const limits = tableLimitsSchema.parse(round.limits);
  // The earlier bets go after the new ones: the rules name a spot by its first bet, so a total
  // over the limit is reported at the new bet that pushed it there. A refusal only the earlier
  // bets cause (limits lowered since) is not this slip's fault.
  const refusals = definition
    .validateBets([...bets, ...own], { round: round.number, limits, tableStakes })
    .filter((refusal: Refusal) => (indexOf(refusal.field) ?? 0) < bets.length);
  const refusal = refusals[0];
  if (refusal !== undefined) {
    throw new FudaError("BAD_INPUT", `${refusal.field}: ${refusal.message}`, {
      field: refusal.field,
      rule: refusal.code,
      refusals: refusals.map(({ field, code }) => ({ field, rule: code })),
    });
  }
  return { definition, reserved: bets.map((bet) => definition.reservedFor(bet)) };
}

/**
 * At a table with seats, the first bet on a seat it may not go on, refused: a seat bet on a seat
 * the player does not sit in; a bet behind (docs/rules/joker-blackjack.md, Bet Behind) on a seat
 * nobody else sits in. `seats` holds every seat taken at the round's table and its player.
 */
export function seatRefusal(
  round: RoundForBets,
  bets: readonly LiveBet[],
  { playerId, seats }: { playerId: string; seats: ReadonlyMap<number, string> },
): FudaError | null {
  if (!round.seated) return null;
  const behind = new Set(
    definitionOf(round)
      ?.bets.filter((spec) => spec.behind === true)
      .map((spec) => spec.id),
  );
  for (const [index, { bet, seat }] of bets.entries()) {
    const field = `bets.${index}.seat`;
    const holder = seat === undefined ? undefined : seats.get(seat);
    if (behind.has(bet)) {
      // A bet behind without a seat is the rules' to refuse (UNKNOWN_SEAT).
      if (seat === undefined) continue;
      if (holder === playerId) {
        return new FudaError(
          "BAD_INPUT",
          `${field}: seat ${seat} is yours: a bet behind goes on a seat another player sits in (your own seat takes the main bet)`,
          { field, rule: "OWN_SEAT" },
        );
      }
      if (holder === undefined) {
        return new FudaError(
          "BAD_INPUT",
          `${field}: nobody sits in seat ${seat}: a bet behind goes on a seat another player sits in`,
          { field, rule: "SEAT_EMPTY" },
        );
      }
    } else if (seat === undefined || holder !== playerId) {
      return new FudaError(
        "FORBIDDEN",
        seat === undefined
          ? `${field}: a seat you sit in`
          : `${field}: seat ${seat} is not yours at this table`,
        { field, rule: "NOT_YOUR_SEAT" },
      );
    }
  }
  return null;
}

/** What a slip reserved, as the ledger reports a shortfall. */
export const insufficientFunds = (amount: number, balance: number): FudaError =>
  new FudaError("INSUFFICIENT_FUNDS", `amount: ${amount} needed, the wallet holds ${balance}`, {
    balance,
    amount,
    account: "wallet",
  });
