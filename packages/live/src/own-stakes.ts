/**
 * What a player has staked in one round, per bet id and seat: a table page opened (or reloaded)
 * while the round runs shows the bets the player placed before it, and repeats them in the next
 * round. Refunded bets are not on the table any more; settled ones stay until the next round.
 */
import type { Reader } from "./history";
import { isRoundId, roundNotFound } from "./bet-slip";

export interface OwnStake {
  bet: string;
  seat: number | null;
  /** Minor units. */
  amount: number;
}

export interface OwnStakes {
  roundId: string;
  stakes: OwnStake[];
}

export async function ownStakes({
  db,
  playerId,
  roundId,
}: {
  db: Reader;
  playerId: string;
  roundId: string;
}): Promise<OwnStakes> {
  if (!isRoundId(roundId)) throw roundNotFound(roundId);
  // One row per stake, or one row of NULLs for a round without any; none for an unknown round.
  const rows = await db.$queryRaw<
    { bet: string | null; seat: number | null; amount: bigint | null }[]
  >`
    SELECT b.bet, b.seat, sum(b.stake)::bigint AS amount
    FROM rounds r
    LEFT JOIN bets b ON b.round_id = r.id AND b.player_id = ${playerId} AND b.status <> 'refunded'
    WHERE r.id = ${roundId}::uuid
    GROUP BY b.bet, b.seat
    ORDER BY min(b.placed_at), min(b.line)`;
  if (rows.length === 0) throw roundNotFound(roundId);
  return {
    roundId,
    stakes: rows.flatMap(({ bet, seat, amount }) =>
      bet === null || amount === null ? [] : [{ bet, seat, amount: Number(amount) }],
    ),
  };
}
