/**
 * The partners' finished rounds (`GET /v1/rounds`, `GET /v1/rounds/{id}`): settled and void
 * rounds only, never one in play. Paged by the id of the transaction that finished each round
 * (`rounds.finished_xid`, set by a trigger), listing only rounds below the reading snapshot's
 * xmin: every transaction there has ended, so a round committed later always sorts after the
 * page a partner has seen — each round once, no gaps, while tables keep settling.
 */
import type { Db, Game } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import { betResults, definitionOf } from "@fuda/live";
import type { LiveRound } from "@fuda/rules";
import { formatCard } from "@fuda/shoe";

import type { RoundPage, RoundResult, RoundsInput } from "./feed-rounds.types";
import { ROUNDS_DEFAULT_LIMIT } from "./feed-rounds.types";
import { gameNames } from "./tables.types";

export interface Row {
  id: string;
  slug: string;
  game: Game;
  variant: string;
  shoe_id: string;
  number: number;
  phase: "settled" | "cancelled";
  state: LiveRound;
  cards: number[];
  outcome: unknown;
  opened_at: Date;
  finished_at: Date;
  finished_xid: bigint;
  voided_at: Date | null;
  void_reason: string | null;
  burned: number[];
  shoe_cards: Buffer | null;
  previous_end: number | null;
}

export interface Cursor {
  xid: bigint;
  id: string;
}

const badCursor = () =>
  new FudaError("BAD_INPUT", "cursor: must be a nextCursor from a previous page", {
    field: "cursor",
    rule: "cursor",
  });

const encodeCursor = ({ xid, id }: Cursor): string =>
  Buffer.from(JSON.stringify([xid.toString(), id])).toString("base64url");

const MAX_BIGINT = 2n ** 63n - 1n;

function decodeCursor(cursor: string): Cursor {
  try {
    const [xid, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as unknown[];
    if (typeof xid === "string" && /^\d{1,19}$/.test(xid) && typeof id === "string") {
      // A transaction id is a PostgreSQL bigint: a larger number was never one of our cursors.
      if (
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id) &&
        BigInt(xid) <= MAX_BIGINT
      ) {
        return { xid: BigInt(xid), id };
      }
    }
  } catch {
    // Falls through to the refusal.
  }
  throw badCursor();
}

function toRoundResult(row: Row): RoundResult {
  const definition = definitionOf(row);
  const settled = row.phase === "settled";
  const first = row.state.first;
  const shown = settled && definition ? definition.publicView(row.state).cards : [];
  // Burns between the previous round's last card and this round's last: the shoe's indices;
  // the cards themselves only once the shoe has ended and its order is public.
  const end = first + (settled ? row.cards.length : 0);
  const burns = row.burned
    .filter((index) => index >= (row.previous_end ?? 0) && index < end)
    .map((index) => ({ index, card: row.shoe_cards?.[index] ?? null }));
  return {
    id: row.id,
    table: row.slug,
    game: gameNames[row.game],
    variant: row.variant,
    shoe: row.shoe_id,
    number: row.number,
    status: settled ? "settled" : "void",
    void: !settled || row.voided_at !== null,
    voidReason: row.void_reason,
    voidedAt: row.voided_at?.toISOString() ?? null,
    openedAt: row.opened_at.toISOString(),
    finishedAt: row.finished_at.toISOString(),
    cards: shown
      .slice(0, row.cards.length)
      .map(({ position, card }) => ({ position, card, label: formatCard(card) })),
    burns,
    outcome: settled ? (row.outcome ?? null) : null,
    bets: settled && definition ? betResults(definition, row.state, row.number) : [],
  };
}

export interface Filters {
  id?: string;
  table?: string;
  game?: Game;
  shoe?: string;
  from?: Date;
  to?: Date;
  after?: Cursor;
  /**
   * The caller knows the round has committed (it read the round's own event): no snapshot
   * guard, which only keeps paging gapless and would hide a round while older transactions run.
   */
  committed?: boolean;
}

export async function finishedRounds(db: Db, filters: Filters, limit: number): Promise<Row[]> {
  const { id = null, table = null, game = null, shoe = null, from = null, to = null } = filters;
  const after = filters.after ?? null;
  const committed = filters.committed === true;
  return db.$queryRaw<Row[]>`
    SELECT r.id::text AS id, t.slug, t.game::text AS game, t.variant, r.shoe_id::text AS shoe_id,
           r.number, r.phase::text AS phase, r.state, r.cards, r.outcome, r.opened_at,
           coalesce(r.settled_at, r.closed_at, r.opened_at) AS finished_at, r.finished_xid,
           r.voided_at, r.void_reason, s.burned, CASE WHEN s.ended_at IS NULL THEN NULL ELSE s.cards END AS shoe_cards,
           (SELECT (p.state->>'first')::int + cardinality(p.cards) FROM rounds p
             WHERE p.shoe_id = r.shoe_id AND p.number = r.number - 1) AS previous_end
    FROM rounds r
    JOIN tables t ON t.id = r.table_id
    JOIN shoes s ON s.id = r.shoe_id
    WHERE r.finished_xid IS NOT NULL
      AND (${committed}::boolean
           OR r.finished_xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint)
      AND (${id}::uuid IS NULL OR r.id = ${id}::uuid)
      AND (${table}::text IS NULL OR t.slug = ${table}::text)
      AND (${game}::text IS NULL OR t.game::text = ${game}::text)
      AND (${shoe}::uuid IS NULL OR r.shoe_id = ${shoe}::uuid)
      AND (${from}::timestamptz IS NULL
           OR coalesce(r.settled_at, r.closed_at, r.opened_at) >= ${from}::timestamptz)
      AND (${to}::timestamptz IS NULL
           OR coalesce(r.settled_at, r.closed_at, r.opened_at) < ${to}::timestamptz)
      AND (${after?.xid ?? null}::bigint IS NULL
           OR (r.finished_xid, r.id) > (${after?.xid ?? null}::bigint, ${after?.id ?? null}::uuid))
    ORDER BY r.finished_xid, r.id
    LIMIT ${limit}`;
}

export const gameOf = (name: string): Game | undefined =>
  (Object.keys(gameNames) as Game[]).find((game) => gameNames[game] === name);

/**
 * Refuses a `table` filter that names no table (404), so that a mistyped slug is not read as a
 * table without rounds.
 */
export async function requireTableFilter(db: Db, slug: string | undefined): Promise<void> {
  if (slug === undefined) return;
  const row = await db.table.findUnique({ where: { slug }, select: { id: true } });
  if (row === null) {
    throw new FudaError("NOT_FOUND", `table: no table "${slug}"`, { field: "table", table: slug });
  }
}

/** A page of finished rounds, oldest first, with the filters given. */
export async function listFinishedRounds({
  db,
  input,
}: {
  db: Db;
  input: RoundsInput;
}): Promise<RoundPage> {
  const limit = input.limit ?? ROUNDS_DEFAULT_LIMIT;
  const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
  const from = input.from === undefined ? undefined : new Date(input.from);
  const to = input.to === undefined ? undefined : new Date(input.to);
  if (from !== undefined && to !== undefined && from > to) {
    throw new FudaError("BAD_INPUT", "to: must not be before from", { field: "to", rule: "order" });
  }
  const game = input.game === undefined ? undefined : gameOf(input.game);
  await requireTableFilter(db, input.table);
  const rows = await finishedRounds(
    db,
    { table: input.table, game, shoe: input.shoe, from, to, after },
    limit + 1,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    rounds: page.map(toRoundResult),
    nextCursor:
      last === undefined
        ? (input.cursor ?? null)
        : encodeCursor({ xid: last.finished_xid, id: last.id }),
    hasMore: rows.length > limit,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One finished round; NOT_FOUND for a round in play (it shows only at its table) or none. */
export async function getFinishedRound({ db, id }: { db: Db; id: string }): Promise<RoundResult> {
  const rows = UUID.test(id) ? await finishedRounds(db, { id: id.toLowerCase() }, 1) : [];
  const row = rows[0];
  if (row === undefined) {
    throw new FudaError("NOT_FOUND", `id: no finished round "${id}"`, { field: "id" });
  }
  return toRoundResult(row);
}

/**
 * The finished round a `round.settled` event announced (`GET /v1/stream`), as `GET /v1/rounds/{id}`
 * answers it; null when the round is not finished (never, for a committed event).
 */
export async function announcedRound({
  db,
  id,
}: {
  db: Db;
  id: string;
}): Promise<RoundResult | null> {
  const row = (await finishedRounds(db, { id, committed: true }, 1))[0];
  return row === undefined ? null : toRoundResult(row);
}
