/** The rows a dealer step reads and writes, and the fencing that keeps two dealers apart. */
import type { SqlTransactionClient } from "@fuda/db";
import { Prisma } from "@fuda/db";
import type { LiveRound } from "@fuda/rules";
import type { ShoeJson } from "@fuda/shoe";

export type Tx = Prisma.TransactionClient;

/**
 * What a step that sends only SQL needs of its transaction: Prisma's, or node-postgres' own
 * (`sqlTransaction`, the dealer's deal step). Through node-postgres an int8 or numeric comes back
 * as text: such columns are read with `Number()`.
 */
export type RawTx = Pick<SqlTransactionClient, "$queryRaw" | "$executeRaw" | "first">;

/** Another dealer moved the round first (or it is not where this one left it). */
export class FencedError extends Error {
  constructor(roundId: string) {
    super(`round ${roundId} was moved by another dealer`);
    this.name = "FencedError";
  }
}

/**
 * A player acted on the round after this step was computed: not written; the step is computed
 * again from the round as it now stands.
 */
export class StaleRoundError extends Error {
  constructor(roundId: string) {
    super(`round ${roundId} changed under the step`);
    this.name = "StaleRoundError";
  }
}

/** The table was paused or closed after the step read it open: nothing was opened. */
export class TableNotOpenError extends Error {
  constructor(tableId: string) {
    super(`table ${tableId} is no longer open`);
    this.name = "TableNotOpenError";
  }
}

export interface ShoeRow {
  id: string;
  state: ShoeJson;
  position: number;
  road: unknown[];
}

export interface RoundRow {
  id: string;
  shoeId: string;
  number: number;
  phase: "betting" | "dealing" | "settled" | "cancelled";
  closesAt: Date;
  state: LiveRound;
  version: number;
  /** Changes of `state` so far, the players' actions included. */
  moves: number;
  /** When the pending decision times out; null when none is pending. */
  actsBy: Date | null;
  /** A studio round's console memory (studio.ts): a player's action waiting for its card. */
  studio?: unknown;
}

export interface TableRef {
  id: string;
  /** The table's `settings` (seats, the action timer), read by `tableSettings`. */
  settings?: unknown;
}

export const json = (value: unknown) => value as Prisma.InputJsonValue;

/** `lockRound`'s lock, to send with BEGIN (`sqlTransaction`'s `first`). */
export const roundLock = (roundId: string): Prisma.Sql =>
  Prisma.sql`SELECT phase::text AS phase, version, moves FROM rounds WHERE id = ${roundId}::uuid FOR UPDATE`;

interface LockRow {
  phase: string;
  version: number;
  moves: number;
}

/**
 * Locks the round for its next step (taken with BEGIN when the transaction was begun with
 * `roundLock`); throws FencedError when it is not as this dealer left it,
 * StaleRoundError when only a player's action changed it since it was read.
 */
export async function lockRound(
  tx: RawTx,
  round: RoundRow,
  phase: RoundRow["phase"],
): Promise<void> {
  const [row] =
    tx.first !== undefined
      ? ((await tx.first())[0] as LockRow[])
      : await tx.$queryRaw<LockRow[]>`
          SELECT phase, version, moves FROM rounds WHERE id = ${round.id}::uuid FOR UPDATE`;
  if (row?.phase !== phase || row.version !== round.version) throw new FencedError(round.id);
  if (row.moves !== round.moves) throw new StaleRoundError(round.id);
}

/**
 * Holds the table open for the step's transaction: an operator's pause or close committed since
 * the step read the table stops it (TableNotOpenError), and one made meanwhile waits for it to
 * commit. A pause takes effect between rounds, so no shoe or round opens after it.
 */
export async function lockOpenTable(tx: RawTx, tableId: string): Promise<void> {
  const [row] = await tx.$queryRaw<{ status: string }[]>`
    SELECT status::text AS status FROM tables WHERE id = ${tableId}::uuid FOR SHARE`;
  if (row?.status !== "OPEN") throw new TableNotOpenError(tableId);
}
