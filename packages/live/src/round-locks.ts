/**
 * The locks a placement takes on a round (docs: PREAMBLE, accepting bets): an advisory lock per
 * round, so two batches for one round judge the exposure cap one after the other, and the round
 * row `FOR SHARE`, so the dealer's close (`FOR UPDATE`) waits for every placement in flight and
 * every placement after it sees the round closed.
 */
import { createHash } from "node:crypto";

import type { Game, Prisma } from "@fuda/db";

import type { RoundForBets } from "./bet-slip";
import { tableSettings } from "./seats";

export type Tx = Pick<Prisma.TransactionClient, "$queryRaw" | "$executeRaw">;

const lockKey = (text: string): bigint =>
  createHash("sha256").update(text).digest().readBigInt64BE(0);

/** The advisory lock of a round's bets: placements and undos of one round take turns. */
export const roundLockKey = (roundId: string): bigint => lockKey(`bets/round/${roundId}`);

/**
 * The advisory lock of one player's request id: the same id sent twice at once (to two rounds,
 * so not under one round's lock) is placed once, the second call finds the first's rows.
 */
export const requestLockKey = (playerId: string, requestId: string): bigint =>
  lockKey(`bets/request/${playerId}\u0000${requestId}`);

/** A round row with its table as the lock statements return it. */
export interface RoundRow {
  id: string;
  table_id: string;
  settings: unknown;
  number: number;
  phase: string;
  window_open: boolean;
  status: string;
  limits: unknown;
  game: Game;
  variant: string;
}

/**
 * Takes the advisory locks `keys` (in ascending order, so two batches never wait on each other
 * in a circle), then locks the rounds `FOR SHARE` in id order and reads them with their tables.
 * One statement. A round missing from the result does not exist.
 *
 * The phase is read, not filtered on: under READ COMMITTED a row the close updated while this
 * waited is re-read as it is now, and a filter would make it look missing instead of closed.
 */
export async function lockRounds(
  tx: Tx,
  roundIds: readonly string[],
  keys: readonly bigint[],
): Promise<Map<string, RoundForBets>> {
  const sorted = sortedKeys(keys);
  const rows = await tx.$queryRaw<RoundRow[]>`
    WITH locks AS MATERIALIZED (
      SELECT count(*) AS taken FROM (
        SELECT pg_advisory_xact_lock(k) FROM unnest(${sorted}::text[]::bigint[]) WITH ORDINALITY AS u(k, n)
        ORDER BY n
      ) l
    )
    SELECT r.id::text AS id, r.table_id::text AS table_id, t.settings, r.number, r.phase::text AS phase,
           r.betting_closes_at > clock_timestamp() AS window_open,
           t.status::text AS status, t.limits, t.game::text AS game, t.variant
    FROM rounds r JOIN tables t ON t.id = r.table_id
    WHERE r.id = ANY(${[...roundIds]}::uuid[]) AND (SELECT taken FROM locks) >= 0
    ORDER BY r.id
    FOR SHARE OF r`;
  return new Map(rows.map((row) => [row.id, toRoundForBets(row)]));
}

export function toRoundForBets(row: RoundRow): RoundForBets {
  return {
    id: row.id,
    tableId: row.table_id,
    seated: tableSettings(row.settings).seats !== undefined,
    number: row.number,
    phase: row.phase,
    windowOpen: row.window_open,
    tableStatus: row.status,
    limits: row.limits,
    game: row.game,
    variant: row.variant,
  };
}

/** Ascending and without repeats, as text for a `bigint[]`: the order every batch takes them in. */
export const sortedKeys = (keys: readonly bigint[]): string[] =>
  [...new Set(keys)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map(String);
