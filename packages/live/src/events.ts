/**
 * The table events (docs/live-tables.md, Events): what every step of a table announces, as rows
 * of `table_events`. The runtime writes them in the step's own transaction; the streams to
 * browsers, the portal and the feed read them back by id. A payload never holds a card that is
 * not yet revealed.
 */
import type { EventPayload, EventType, TableEvent } from "@fuda/contracts";
import { Prisma } from "@fuda/db";

import type { RawTx } from "./dealer-rows";

/** The catalog (docs/live-tables.md, Events) is the contracts': this package appends and reads it. */
export { EVENT_TYPES } from "@fuda/contracts";
export type { EventType, TableEvent } from "@fuda/contracts";

/** An event's `type` and the payload that type has. */
export type TypedPayload = {
  [Type in EventType]: { type: Type; payload: EventPayload<Type> };
}[EventType];

/** An event to append: its `type` fixes its payload's shape. `playerId` set: only that player sees it. */
export type NewEvent = {
  tableId: string;
  roundId?: string | null;
  playerId?: string | null;
} & TypedPayload;

/**
 * One key for every writer of events: the lock is held from the insert to the commit, so ids
 * become visible in the order they were drawn and a reader that asks for "after id N" never
 * misses a row that commits later with a smaller id.
 */
const EVENTS_LOCK = 0x6675_6461; // "fuda"

/**
 * `events` as rows u(t, r, p, y, d, w, n): table, round, player, type, payload, the player whose
 * wallet balance goes in the payload (`appendEventsSql`'s `balanceOf`), order. They go as one
 * JSON document: as an array of jsonb, each payload's quotes were escaped for the array and the
 * escapes again for the message's literal (three times the CPU, an eighth more bytes).
 */
const eventRows = (
  events: readonly NewEvent[],
  balanceOf?: (event: NewEvent) => string | null,
): Prisma.Sql => {
  const rows = events.map((e) => ({
    t: e.tableId,
    r: e.roundId ?? undefined,
    p: e.playerId ?? undefined,
    y: e.type,
    d: e.payload,
    w: balanceOf?.(e) ?? undefined,
  }));
  return Prisma.sql`ROWS FROM (jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
    AS (t uuid, r uuid, p text, y text, d jsonb, w text)) WITH ORDINALITY AS u(t, r, p, y, d, w, n)`;
};

/**
 * Appends events inside the caller's transaction, in the order given, in one statement: the lock
 * is taken before the first id is drawn (the insert's rows come through the lock's CTE) and held
 * until commit, serializing writers' commits. Call it last in the transaction.
 */
export async function appendEvents(
  tx: Pick<RawTx, "$executeRaw">,
  events: readonly NewEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.$executeRaw(appendEventsSql(events));
}

/**
 * `appendEvents`' statement, to send where no answer is awaited before it (`commitWith`).
 * `balanceOf`: the player whose wallet balance, as the statement finds it, goes in an event's
 * `balance` (a settlement's events, sent behind its ledger posting in the same transaction).
 * `tail`: events built in SQL (a query of rows t, r, p, y, d, in order) after `events`, over the
 * CTEs `ctes` (`name AS (…)`, written before the events' lock).
 */
export function appendEventsSql(
  events: readonly NewEvent[],
  {
    balanceOf,
    ctes,
    tail,
  }: {
    balanceOf?: (event: NewEvent) => string | null;
    ctes?: Prisma.Sql;
    tail?: Prisma.Sql;
  } = {},
): Prisma.Sql {
  const payload =
    balanceOf === undefined
      ? Prisma.sql`d`
      : Prisma.sql`CASE WHEN w IS NULL THEN d ELSE d || jsonb_build_object('balance', (
          SELECT a.balance FROM ledger_accounts a
          WHERE a.kind = 'wallet' AND a.owner = w AND a.round = '')) END`;
  return Prisma.sql`
    WITH ${ctes === undefined ? Prisma.empty : Prisma.sql`${ctes},`}
    lock AS MATERIALIZED (SELECT pg_advisory_xact_lock(${EVENTS_LOCK}))
    INSERT INTO table_events (table_id, round_id, player_id, type, payload)
    SELECT t, r, p, y, d FROM lock, (
      SELECT t, r, p, y, ${payload} AS d, n FROM ${eventRows(events, balanceOf)}
      ${
        tail === undefined
          ? Prisma.empty
          : Prisma.sql`UNION ALL
            SELECT t, r, p, y, d, ${events.length}::bigint + row_number() OVER () AS n
            FROM (${tail}) AS tail(t, r, p, y, d)`
      }) AS e
    ORDER BY n`;
}

/**
 * `appendEvents` as the last CTEs of a statement that writes a step: the lock is taken only
 * once the CTE `after` has a row (the step was written), so it is held from the insert to the
 * commit as there, and not at all by a step that wrote nothing. `lead`: an event built in SQL
 * (a query of one row: table, round, player, type, payload), appended before `events`; its
 * payload must match its type's in the catalog as a `NewEvent`'s does.
 */
export const appendEventsCtes = (
  after: string,
  events: readonly NewEvent[],
  { lead }: { lead?: Prisma.Sql } = {},
): Prisma.Sql =>
  Prisma.sql`
    events_lock AS MATERIALIZED (
      SELECT pg_advisory_xact_lock(${EVENTS_LOCK}) FROM ${Prisma.raw(after)}),
    events AS (
      INSERT INTO table_events (table_id, round_id, player_id, type, payload)
      SELECT t, r, p, y, d FROM events_lock, (
        ${
          lead === undefined
            ? Prisma.empty
            : Prisma.sql`SELECT t, r, p, y, d, 0::bigint AS n FROM (${lead}) AS lead(t, r, p, y, d)
              UNION ALL`
        }
        SELECT t, r, p, y, d, n FROM ${eventRows(events)}) AS e ORDER BY n)`;

/**
 * A row of `table_events` as read back: trusted as `appendEvents` wrote it (a `NewEvent`, typed by
 * the catalog), so its payload is not parsed again on every read.
 */
type EventRow = {
  /** int8: bigint through Prisma, text through node-postgres. */
  id: bigint | string;
  table_id: string;
  round_id: string | null;
  player_id: string | null;
  created_at: Date;
} & TypedPayload;
export const toTableEvent = ({
  id,
  table_id,
  round_id,
  player_id,
  created_at,
  ...event
}: EventRow): TableEvent => ({
  id: id.toString(),
  tableId: table_id,
  roundId: round_id,
  playerId: player_id,
  ...event,
  at: created_at.toISOString(),
});

/** Events after `afterId` (all tables, or one), in id order, at most `limit`. */
export async function readEvents(
  db: Pick<RawTx, "$queryRaw">,
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
