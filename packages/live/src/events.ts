/**
 * The table events (docs/live-tables.md, Events): what every step of a table announces, as rows
 * of `table_events`. The runtime writes them in the step's own transaction; the streams to
 * browsers, the portal and the feed read them back by id. A payload never holds a card that is
 * not yet revealed.
 */
import type { Prisma } from "@fuda/db";

/** The event types of the catalog (docs/live-tables.md): every reader's types follow this list. */
export const EVENT_TYPES = [
  "shoe.started",
  "round.opened",
  "bets.totals",
  "round.closed",
  "card.dealt",
  "card.faceDown",
  "turn.started",
  "action.taken",
  "hand.settled",
  "round.corrected",
  "round.result",
  "round.settled",
  "round.cancelled",
  "round.voided",
  "shoe.ended",
  "table.updated",
  "seat.taken",
  "seat.leaving",
  "seat.left",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** An event to append: `playerId` set means only that player may see it. */
export interface NewEvent {
  tableId: string;
  roundId?: string | null;
  playerId?: string | null;
  type: EventType;
  payload: Prisma.InputJsonObject;
}

/** An event as stored and streamed. `id` is monotonic across all tables, in commit order. */
export interface TableEvent {
  id: string;
  tableId: string;
  roundId: string | null;
  /** Set when only that player may see it. */
  playerId: string | null;
  type: EventType;
  payload: Record<string, unknown>;
  /** ISO 8601, server time. */
  at: string;
}

type Tx = Pick<Prisma.TransactionClient, "$executeRaw" | "$queryRaw">;

/**
 * One key for every writer of events: the lock is held from the insert to the commit, so ids
 * become visible in the order they were drawn and a reader that asks for "after id N" never
 * misses a row that commits later with a smaller id.
 */
const EVENTS_LOCK = 0x6675_6461; // "fuda"

/**
 * Appends events inside the caller's transaction, in the order given, in one statement: the lock
 * is taken before the first id is drawn (the insert's rows come through the lock's CTE) and held
 * until commit, serializing writers' commits. Call it last in the transaction.
 */
export async function appendEvents(tx: Tx, events: readonly NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await tx.$executeRaw`
    WITH lock AS MATERIALIZED (SELECT pg_advisory_xact_lock(${EVENTS_LOCK}))
    INSERT INTO table_events (table_id, round_id, player_id, type, payload)
    SELECT t, r, p, y, d FROM lock, unnest(
      ${events.map((e) => e.tableId)}::uuid[], ${events.map((e) => e.roundId ?? null)}::uuid[],
      ${events.map((e) => e.playerId ?? null)}::text[], ${events.map((e) => e.type)}::text[],
      ${events.map((e) => JSON.stringify(e.payload))}::jsonb[]
    ) WITH ORDINALITY AS u(t, r, p, y, d, n) ORDER BY n`;
}

interface EventRow {
  id: bigint;
  table_id: string;
  round_id: string | null;
  player_id: string | null;
  type: EventType;
  payload: Record<string, unknown>;
  created_at: Date;
}

export const toTableEvent = (row: EventRow): TableEvent => ({
  id: row.id.toString(),
  tableId: row.table_id,
  roundId: row.round_id,
  playerId: row.player_id,
  type: row.type,
  payload: row.payload,
  at: row.created_at.toISOString(),
});

/** Events after `afterId` (all tables, or one), in id order, at most `limit`. */
export async function readEvents(
  db: Tx,
  { afterId, tableId, limit = 1_000 }: { afterId: bigint; tableId?: string; limit?: number },
): Promise<TableEvent[]> {
  const rows =
    tableId === undefined
      ? await db.$queryRaw<EventRow[]>`
          SELECT id, table_id, round_id, player_id, type, payload, created_at FROM table_events
          WHERE id > ${afterId} ORDER BY id LIMIT ${limit}`
      : await db.$queryRaw<EventRow[]>`
          SELECT id, table_id, round_id, player_id, type, payload, created_at FROM table_events
          WHERE table_id = ${tableId}::uuid AND id > ${afterId} ORDER BY id LIMIT ${limit}`;
  return rows.map(toTableEvent);
}
