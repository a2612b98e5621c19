/** The rows a dealer step reads and writes, and the fencing that keeps two dealers apart. */
import type { SqlTransactionClient } from "@fuda/db";
import { Prisma } from "@fuda/db";
import type { LiveRound } from "@fuda/rules";
import type { ShoeJson } from "@fuda/shoe";

import type { OpenBet } from "./settlement";

export type Tx = Prisma.TransactionClient;

/**
 * What a step that sends only SQL needs of its transaction: Prisma's, or node-postgres' own
 * (`sqlTransaction`, the dealer's deal step). Through node-postgres an int8 or numeric comes back
 * as text: such columns are read with `Number()`.
 */
export type RawTx = Pick<SqlTransactionClient, "$queryRaw" | "$executeRaw" | "first"> &
  Partial<Pick<SqlTransactionClient, "commitWith">>;

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
  /**
   * The round's open bets as this process's dealer closed betting, read in the close's message: no
   * bet comes or goes while the round is dealt unless its version or moves change (the settling
   * deal's lock fails then), so that deal reads none. A player's action taken in this process
   * moves the round the runner keeps (dealer.ts, `afterAction`): one that stakes more (a double),
   * or one over an action the kept round had not seen, drops them.
   */
  betsAtClose?: readonly OpenBet[];
}

export interface TableRef {
  id: string;
  /** The table's `settings` (seats, the action timer), read by `tableSettings`. */
  settings?: unknown;
}

export const json = (value: unknown) => value as Prisma.InputJsonValue;

/**
 * The round's lock for a step sent whole, with nothing answered between its statements
 * (`sqlTransactionOf`, `commitWith`): it fails the transaction itself when the round is not in
 * `phase` at the version and moves this dealer left it (`asStepError` reads why); with `shoe`,
 * the shoe locked too, still open at the position read.
 */
export const roundStepLock = (
  round: Pick<RoundRow, "id" | "version" | "moves">,
  phase: RoundRow["phase"],
  shoe?: Pick<ShoeRow, "id" | "position">,
): Prisma.Sql => Prisma.sql`
  SELECT round_step_lock(${round.id}::uuid, ${phase}::text, ${round.version}::int,
    ${round.moves}::int, ${shoe?.id ?? null}::uuid, ${shoe?.position ?? null}::int)`;

/** A failure of `roundStepLock` as the step's own error; any other error as it is. */
export function asStepError(error: unknown, roundId: string): unknown {
  // node-postgres' error, or Prisma's raw query failure (its SQLSTATE in `meta`).
  const failed = error as { code?: unknown; meta?: { code?: unknown } } | null;
  const code = failed?.meta?.code ?? failed?.code;
  if (code === "FD001") return new FencedError(roundId);
  if (code === "FD002") return new StaleRoundError(roundId);
  return error;
}

/** `run`, its failure of `roundStepLock` thrown as the step's own error. */
export async function asStep<T>(roundId: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asStepError(error, roundId);
  }
}

interface LockRow {
  phase: string;
  version: number;
  moves: number;
}

/**
 * Locks the round for its next step (taken with BEGIN when the transaction was begun with
 * `roundStepLock`); throws FencedError when it is not as this dealer left it,
 * StaleRoundError when only a player's action changed it since it was read.
 */
export async function lockRound(
  tx: RawTx,
  round: RoundRow,
  phase: RoundRow["phase"],
): Promise<void> {
  // Begun with `roundStepLock`: it checked the round itself.
  if (tx.first !== undefined) {
    await asStep(round.id, tx.first);
    return;
  }
  const [row] = await tx.$queryRaw<LockRow[]>`
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

/**
 * The rows of `reads`, read right after the round's lock: sent with BEGIN when the transaction
 * was begun with `[roundStepLock(round, phase), ...reads]` (`first`), else now, one by one after
 * `lockRound`.
 */
export async function lockedReads(
  tx: RawTx,
  round: RoundRow,
  phase: RoundRow["phase"],
  reads: readonly Prisma.Sql[],
): Promise<unknown[][]> {
  if (tx.first !== undefined) return (await asStep(round.id, tx.first)).slice(1);
  await lockRound(tx, round, phase);
  const rows: unknown[][] = [];
  for (const read of reads) rows.push(await tx.$queryRaw<unknown[]>(read));
  return rows;
}

/**
 * A step's last statements: with its COMMIT in one message where the transaction is
 * node-postgres' own (`commitWith`), else one by one in the caller's; the rows of each. A
 * statement that names its fences with `step_holds` fails whole, as its lock would have.
 */
export async function lastStatements(
  tx: RawTx,
  roundId: string,
  statements: readonly Prisma.Sql[],
): Promise<unknown[][]> {
  if (tx.commitWith !== undefined) return asStep(roundId, () => tx.commitWith!(statements));
  const rows: unknown[][] = [];
  for (const statement of statements) {
    rows.push(await asStep(roundId, () => tx.$queryRaw<unknown[]>(statement)));
  }
  return rows;
}
