import type { Db } from "@fuda/db";

/** What a promise rejected with (undefined when it resolved). */
export const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

export interface BetRow {
  id: string;
  slipId: string;
  playerId: string;
  requestId: string;
  bet: string;
  seat: number | null;
  stake: number;
  reserved: number;
  status: string;
  returned: number | null;
}

/** The bets of a round as stored. */
export async function betsOf(db: Db, roundId: string): Promise<BetRow[]> {
  const rows = await db.bet.findMany({ where: { roundId }, orderBy: [{ placedAt: "asc" }] });
  return rows.map((row) => ({
    id: row.id,
    slipId: row.slipId,
    playerId: row.playerId,
    requestId: row.requestId,
    bet: row.bet,
    seat: row.seat,
    stake: Number(row.stake),
    reserved: Number(row.reserved),
    status: row.status,
    returned: row.returned === null ? null : Number(row.returned),
  }));
}

/** Reservation transfers posted for a round. */
export async function reservesOf(
  db: Db,
  roundId: string,
): Promise<{ id: string; betId: string }[]> {
  const rows = await db.ledgerTransfer.findMany({ where: { roundId, kind: "reserve" } });
  return rows.map((row) => ({ id: row.id, betId: row.betId! }));
}

/** What the player's stake in play holds in the round. */
export async function inPlay(db: Db, playerId: string, roundId: string): Promise<number> {
  const row = await db.ledgerAccount.findUnique({
    where: { kind_owner_round: { kind: "in_play", owner: playerId, round: roundId } },
  });
  return Number(row?.balance ?? 0n);
}

export { recordingLog } from "../src";
export { sample } from "@fuda/telemetry";
