/**
 * The partners' finished rounds (`GET /v1/rounds`, `GET /v1/rounds/{id}`): settled and void
 * rounds only, never one in play. Paged by the id of the transaction that finished each round
 * (`rounds.finished_xid`, set by a trigger), listing only rounds below the reading snapshot's
 * xmin: every transaction there has ended, so a round committed later always sorts after the
 * page a partner has seen — each round once, no gaps, while tables keep settling.
 */
import { poolOf, Prisma } from "@fuda/db";
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

interface KeyRow {
  id: string;
  finished_xid: string;
  voided: boolean;
  revealed: boolean;
  /** `feed_revision`, in the same snapshot as the keys. */
  revision: string;
}

/** Reads waiting for a connection, per client, by statement and values. */
const unsent = new WeakMap<Db, Map<string, Promise<unknown[]>>>();

/**
 * Runs `query`, or joins the same query asked before it and still waiting for a connection: its
 * statement has not left, so its snapshot is taken after this request came, and its answer is
 * as fresh as this request's own would be. Under load most page requests wait for the pool;
 * identical ones (the first page of everything, a table's, a cursor many partners hold) then
 * cost one read.
 */
function readOnceSent<Row extends object>(
  db: Db,
  query: { name: string; text: string; values: unknown[] },
): Promise<Row[]> {
  let waiting = unsent.get(db);
  if (waiting === undefined) {
    waiting = new Map();
    unsent.set(db, waiting);
  }
  const key = `${query.name}\n${JSON.stringify(query.values)}`;
  const joined = waiting.get(key);
  if (joined !== undefined) return joined as Promise<Row[]>;
  const pending = waiting;
  // Once a connection is ours the statement leaves: a request coming then must read after it.
  const leaving = () => {
    if (pending.get(key) === read) pending.delete(key);
  };
  const read: Promise<Row[]> = poolOf(db)
    .connect()
    .then(
      (client) => {
        leaving();
        return client.query<Row>(query).then(
          ({ rows }) => {
            client.release();
            return rows;
          },
          (error: unknown) => {
            // A failed connection is not given back to the pool.
            client.release(error instanceof Error ? error : true);
            throw error;
          },
        );
      },
      (error: unknown) => {
        leaving();
        throw error;
      },
    );
  waiting.set(key, read);
  return read;
}

/**
 * How many times a finished round was voided or a shoe ended (`feed_revision`, counted by
 * triggers in the changing transaction). A full page read at one revision is the same page while
 * the revision stays: rounds finishing later sort after it, and only those changes alter it.
 * Waiting requests share one read, as page keys do.
 */
export async function feedRevision(db: Db): Promise<string | undefined> {
  const [row] = await readOnceSent<{ changes: string }>(db, {
    name: "feed-revision",
    text: `SELECT changes::text AS changes FROM feed_revision WHERE id = 1`,
    values: [],
  });
  return row?.changes;
}

/**
 * The keys of the rounds `filters` pick, in the feed's order, and the feed's revision in the same
 * snapshot (undefined when none is picked): `finishedRoundsFrom`'s query with only the filters
 * given, as a named prepared statement of node-postgres per combination of them. Every page
 * request not answered by its revision runs it, and planning that query each time cost more than
 * running it.
 */
async function finishedRoundKeys(
  db: Db,
  filters: Filters,
  limit: number,
): Promise<{ keys: RoundKey[]; revision: string | undefined }> {
  const values: unknown[] = [];
  const conditions = ["r.finished_xid IS NOT NULL"];
  /** The filters given, by name: each combination is a statement of its own. */
  const shape: string[] = [];
  const filter = (name: string, value: unknown, condition: (param: string) => string) => {
    if (value === undefined) return;
    values.push(value);
    conditions.push(condition(`$${values.length}`));
    shape.push(name);
  };
  if (filters.committed !== true) {
    conditions.push("r.finished_xid < pg_snapshot_xmin(pg_current_snapshot())::text::bigint");
    shape.push("snapshot");
  }
  filter("ids", filters.ids && [...filters.ids], (p) => `r.id = ANY (${p}::uuid[])`);
  filter("table", filters.tableId, (p) => `r.table_id = ${p}::uuid`);
  filter(
    "tables",
    filters.tableIds && [...filters.tableIds],
    (p) => `r.table_id = ANY (${p}::uuid[])`,
  );
  filter("shoe", filters.shoe, (p) => `r.shoe_id = ${p}::uuid`);
  const finishedAt = "coalesce(r.settled_at, r.closed_at, r.opened_at)";
  filter("from", filters.from, (p) => `${finishedAt} >= ${p}::timestamptz`);
  filter("to", filters.to, (p) => `${finishedAt} < ${p}::timestamptz`);
  filter(
    "after",
    filters.after?.xid.toString(),
    (p) => `(r.finished_xid, r.id) > (${p}::bigint, $${values.length + 1}::uuid)`,
  );
  if (filters.after !== undefined) values.push(filters.after.id);
  values.push(limit);
  const rows = await readOnceSent<KeyRow>(db, {
    name: `feed-round-keys:${shape.join()}`,
    text: `
      SELECT r.voided_at IS NOT NULL AS voided, s.ended_at IS NOT NULL AS revealed,
             r.id::text AS id, r.finished_xid::text AS finished_xid,
             (SELECT changes::text FROM feed_revision WHERE id = 1) AS revision
      FROM rounds r JOIN shoes s ON s.id = r.shoe_id
      WHERE ${conditions.join(" AND ")}
      ORDER BY r.finished_xid, r.id
      LIMIT $${values.length}`,
    values,
  });
  return {
    keys: rows.map((row) => ({
      id: row.id,
      xid: BigInt(row.finished_xid),
      version: versionOf(row),
    })),
    revision: rows[0]?.revision,
  };
}

/**
 * Finished rounds' results kept by id, the most recently read last, up to KEPT_ROUNDS. Reading
 * a round's columns and settling every bet id of it was most of a page's time (docs/performance.md,
 * Results feed), for a result that, once finished, changes only with its version. Round ids are
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

/** Tables' ids by slug, per client (tests read several databases from one process). */
const tableIds = new WeakMap<Db, Map<string, string>>();

/**
 * The id of the table a `table` filter names; refuses one that names no table (404), so that a
 * mistyped slug is not read as a table without rounds.
 */
export async function requireTableFilter(
  db: Db,
  slug: string | undefined,
): Promise<string | undefined> {
  if (slug === undefined) return undefined;
  // A table's slug never changes (admin.tables.create sets it): one read per slug and database.
  const known = tableIds.get(db)?.get(slug);
  if (known !== undefined) return known;
  const row = await db.table.findUnique({ where: { slug }, select: { id: true } });
  if (row === null) {
    throw new FudaError("NOT_FOUND", `table: no table "${slug}"`, { field: "table", table: slug });
  }
  const ids = tableIds.get(db) ?? new Map<string, string>();
  tableIds.set(db, ids);
  // Only tables that exist are kept: a few hundred, not whatever callers type.
  ids.set(slug, row.id);
  return row.id;
}

/** A page of finished rounds, oldest first, with the filters given. */
export async function listFinishedRounds(options: {
  db: Db;
  input: RoundsInput;
}): Promise<RoundPage> {
  return (await finishedRoundPage(options)).read();
}

/**
 * A page of finished rounds' version, and how to read the page: the same version means the same
 * page, to the byte.
 * A page holds the rounds its keys name (each at its version: voided, revealed), its cursor and
 * whether more follow; a round finishing later always sorts after every round listed (the
 * snapshot rule above), so a full page changes only when one of its rounds does. The results
 * feed keeps pages' answers serialized by this version (apps/results-feed/src/rounds-route.ts).
 * `revision` is given for a full page (more follow): the page stays as it is while
 * `feedRevision` answers the same.
 */
export async function finishedRoundPage({
  db,
  input,
}: {
  db: Db;
  input: RoundsInput;
}): Promise<{ version: string; revision?: string; read: () => Promise<RoundPage> }> {
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
  const { keys, revision } = await finishedRoundKeys(
    db,
    { tableId, tableIds, shoe: input.shoe, from, to, after },
    limit + 1,
  );
  const page = keys.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = last === undefined ? (input.cursor ?? null) : encodeCursor(last);
  const hasMore = keys.length > limit;
  return {
    version: `${page.map(({ id, version }) => `${id}:${version}`).join()}|${nextCursor}|${hasMore}`,
    revision: hasMore ? revision : undefined,
    // The rounds' results only when asked: a caller keeping this version's answer has them.
    read: async () => ({ rounds: await roundResults(db, page), nextCursor, hasMore }),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One finished round, as `GET /v1/rounds/{id}` and the stream's `round.settled` show it; null
 * when it is in play (it shows only at its table) or none. No snapshot guard: it keeps paging
 * gapless, and would hide a round a partner was just told of while any older transaction of the
 * cluster runs.
 */
export async function announcedRound({
  db,
  id,
}: {
  db: Db;
  id: string;
}): Promise<RoundResult | null> {
  if (!UUID.test(id)) return null;
  const { keys } = await finishedRoundKeys(db, { ids: [id.toLowerCase()], committed: true }, 1);
  const [result] = await roundResults(db, keys);
  return result ?? null;
}

/** `announcedRound`, NOT_FOUND naming the id when there is none. */
export async function getFinishedRound({ db, id }: { db: Db; id: string }): Promise<RoundResult> {
  const result = await announcedRound({ db, id });
  if (result === null) {
    throw new FudaError("NOT_FOUND", `id: no finished round "${id}"`, { field: "id" });
  }
  return result;
}
