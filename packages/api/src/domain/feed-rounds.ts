/**
 * The partners' finished rounds (`GET /v1/rounds`, `GET /v1/rounds/{id}`): settled and void
 * rounds only, never one in play. Paged by the id of the transaction that finished each round
 * (`rounds.finished_xid`, set by a trigger), listing only rounds below the reading snapshot's
 * xmin: every transaction there has ended, so a round committed later always sorts after the
 * page a partner has seen — each round once, no gaps, while tables keep settling.
 */
import { Prisma } from "@fuda/db";
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
  /** `CHANGES`: voided, its shoe ended. */
  voided: boolean;
  revealed: boolean;
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
    rule: "BAD_CURSOR",
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
  /** These rounds only (one asked for by id, or the results not kept yet). */
  ids?: readonly string[];
  /** The table's id (`requireTableFilter`): a value the planner can weigh, unlike a slug. */
  tableId?: string;
  /**
   * The tables of a game (`gameTables`): ids the planner weighs by each table's statistics, so
   * a game with few rounds is not looked for along the whole finishing order.
   */
  tableIds?: readonly string[];
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

/** The finished rounds `filters` pick, in the feed's order: what follows a query's columns. */
function finishedRoundsFrom(filters: Filters, limit: number): Prisma.Sql {
  const { tableId = null, shoe = null, from = null, to = null } = filters;
  const ids = filters.ids === undefined ? null : [...filters.ids];
  const tableIds = filters.tableIds === undefined ? null : [...filters.tableIds];
  const after = filters.after ?? null;
  const committed = filters.committed === true;
  return Prisma.sql`
    FROM rounds r
    JOIN tables t ON t.id = r.table_id
    JOIN shoes s ON s.id = r.shoe_id
    WHERE r.finished_xid IS NOT NULL
      AND (${committed}::boolean
           OR r.finished_xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint)
      AND (${ids}::uuid[] IS NULL OR r.id = ANY (${ids}::uuid[]))
      AND (${tableId}::uuid IS NULL OR r.table_id = ${tableId}::uuid)
      AND (${tableIds}::uuid[] IS NULL OR r.table_id = ANY (${tableIds}::uuid[]))
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

/**
 * What a finished round's result depends on that can change: an operator's void, and its shoe's
 * end (the burned cards are revealed then). Read with every round, full or keys only.
 */
const CHANGES = Prisma.sql`r.voided_at IS NOT NULL AS voided, s.ended_at IS NOT NULL AS revealed`;

export async function finishedRounds(
  db: Pick<Db, "$queryRaw">,
  filters: Filters,
  limit: number,
): Promise<Row[]> {
  return db.$queryRaw<Row[]>`
    SELECT ${CHANGES}, r.id::text AS id, t.slug, t.game::text AS game, t.variant, r.shoe_id::text AS shoe_id,
           r.number, r.phase::text AS phase, r.state, r.cards, r.outcome, r.opened_at,
           coalesce(r.settled_at, r.closed_at, r.opened_at) AS finished_at, r.finished_xid,
           r.voided_at, r.void_reason, s.burned, CASE WHEN s.ended_at IS NULL THEN NULL ELSE s.cards END AS shoe_cards,
           (SELECT (p.state->>'first')::int + cardinality(p.cards) FROM rounds p
             WHERE p.shoe_id = r.shoe_id AND p.number = r.number - 1) AS previous_end
    ${finishedRoundsFrom(filters, limit)}`;
}

/** A finished round's place in the feed's order, and what its result depends on that can change. */
interface RoundKey extends Cursor {
  version: string;
}

/** Which of the round's changes (`CHANGES`) have happened. */
const versionOf = ({ voided, revealed }: { voided: boolean; revealed: boolean }): string =>
  `${voided}/${revealed}`;

async function finishedRoundKeys(db: Db, filters: Filters, limit: number): Promise<RoundKey[]> {
  const rows = await db.$queryRaw<
    { id: string; finished_xid: bigint; voided: boolean; revealed: boolean }[]
  >`
    SELECT ${CHANGES}, r.id::text AS id, r.finished_xid
    ${finishedRoundsFrom(filters, limit)}`;
  return rows.map((row) => ({ id: row.id, xid: row.finished_xid, version: versionOf(row) }));
}

/**
 * Finished rounds' results kept by id, the most recently read last, up to KEPT_ROUNDS. Reading
 * a round's columns and settling every bet id of it was most of a page's time (docs/feed.md,
 * Benchmark), for a result that, once finished, changes only with its version. Round ids are
 * UUIDs, so one process reading several databases (tests) never mistakes one for another.
 */
const KEPT_ROUNDS = 5_000;
const kept = new Map<string, { version: string; result: RoundResult }>();

function keep(id: string, version: string, result: RoundResult): void {
  kept.delete(id);
  kept.set(id, { version, result });
  if (kept.size > KEPT_ROUNDS) kept.delete(kept.keys().next().value!);
}

/** The results of the rounds `keys` name, in their order: kept ones as kept, the rest read. */
async function roundResults(db: Db, keys: readonly RoundKey[]): Promise<RoundResult[]> {
  const missing = keys.filter(({ id, version }) => kept.get(id)?.version !== version);
  if (missing.length > 0) {
    const rows = await finishedRounds(
      db,
      { ids: missing.map(({ id }) => id), committed: true },
      missing.length,
    );
    for (const row of rows) {
      keep(row.id, versionOf(row), toRoundResult(row));
    }
  }
  return keys.flatMap(({ id }) => {
    const entry = kept.get(id);
    if (entry === undefined) return [];
    // Read again: the most recently read stay longest.
    keep(id, entry.version, entry.result);
    return [entry.result];
  });
}

export const gameOf = (name: string): Game | undefined =>
  (Object.keys(gameNames) as Game[]).find((game) => gameNames[game] === name);

/** The ids of the tables of the game named `name` (none for a name that is no game's). */
async function gameTables(db: Db, name: string): Promise<string[]> {
  const game = gameOf(name);
  if (game === undefined) return [];
  const tables = await db.table.findMany({ where: { game }, select: { id: true } });
  return tables.map(({ id }) => id);
}

/**
 * The id of the table a `table` filter names; refuses one that names no table (404), so that a
 * mistyped slug is not read as a table without rounds.
 */
export async function requireTableFilter(
  db: Db,
  slug: string | undefined,
): Promise<string | undefined> {
  if (slug === undefined) return undefined;
  const row = await db.table.findUnique({ where: { slug }, select: { id: true } });
  if (row === null) {
    throw new FudaError("NOT_FOUND", `table: no table "${slug}"`, { field: "table", table: slug });
  }
  return row.id;
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
    throw new FudaError("BAD_INPUT", "to: must not be before from", {
      field: "to",
      rule: "RANGE_REVERSED",
    });
  }
  const tableId = await requireTableFilter(db, input.table);
  const tableIds = input.game === undefined ? undefined : await gameTables(db, input.game);
  const keys = await finishedRoundKeys(
    db,
    { tableId, tableIds, shoe: input.shoe, from, to, after },
    limit + 1,
  );
  const page = keys.slice(0, limit);
  const last = page.at(-1);
  return {
    rounds: await roundResults(db, page),
    nextCursor: last === undefined ? (input.cursor ?? null) : encodeCursor(last),
    hasMore: keys.length > limit,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One finished round; NOT_FOUND for a round in play (it shows only at its table) or none. */
export async function getFinishedRound({ db, id }: { db: Db; id: string }): Promise<RoundResult> {
  const keys = UUID.test(id) ? await finishedRoundKeys(db, { ids: [id.toLowerCase()] }, 1) : [];
  const [result] = await roundResults(db, keys);
  if (result === undefined) {
    throw new FudaError("NOT_FOUND", `id: no finished round "${id}"`, { field: "id" });
  }
  return result;
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
  const [result] = await roundResults(
    db,
    await finishedRoundKeys(db, { ids: [id], committed: true }, 1),
  );
  return result ?? null;
}
