/**
 * A player's rounds, newest first, each with what a last-game recall shows (AGCO 13.1.1): when,
 * at which table, the round and shoe, the cards in reveal order (revealed ones only), the
 * outcome, every bet of the player with its stake and return, and the wallet before and after.
 * The live tables' rounds and the quick game's hands (quick-history.ts) in one list.
 */
import type { Game, Prisma } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import { formatCard } from "@fuda/shoe";

import { definitionOf, publicGameName } from "./games";
import { quickHandsOf } from "./quick-history";
import { liveRoundFromJson } from "./round-json";

export interface RecalledBet {
  betId: string;
  bet: string;
  seat: number | null;
  /** Minor units. */
  stake: number;
  reserved: number;
  status: "open" | "settled" | "refunded";
  /** What came back to the wallet, once settled or refunded. */
  returned: number | null;
  placedAt: string;
}

export interface RecalledRound {
  /** `live`: a round at a live table; `quick`: a hand of the player's quick game. */
  kind: "live" | "quick";
  roundId: string;
  /** The round's number within its shoe. */
  number: number;
  shoeId: string;
  phase: "betting" | "dealing" | "settled" | "cancelled";
  table: { slug: string; name: string; game: string; variant: string };
  openedAt: string;
  closedAt: string | null;
  settledAt: string | null;
  /** In reveal order; `card` is the shoe's code, `label` e.g. "10♥". */
  cards: { position: string; card: number; label: string }[];
  outcome: unknown;
  bets: RecalledBet[];
  /** The wallet before the round's first movement and after its last (null before any). */
  balanceBefore: number | null;
  balanceAfter: number | null;
  /** A quick hand's number in the player's game and the quick points around it; null if live. */
  quick: { hand: number; pointsBefore: number; pointsAfter: number } | null;
  /**
   * Set when an operator voided the round after it was dealt (docs/operators.md, Voiding a
   * round): the wallet was given back what the round took, or the winnings were taken back.
   */
  voided: { at: string; reason: string } | null;
}

export interface RoundsPage {
  rounds: RecalledRound[];
  /** Pass it back for the next (older) page; null on the last. */
  nextCursor: string | null;
}

export const HISTORY_MAX_LIMIT = 50;
export const RECALL_ROUNDS = 10;

export type Reader = Pick<Prisma.TransactionClient, "$queryRaw">;

/** Where a page ends: the last round's (opened_at, id). */
export interface HistoryCursor {
  at: Date;
  id: string;
}

/** One kind of round's share of a page: the player's rounds before `after`, at most `limit`. */
export interface HistoryQuery {
  db: Reader;
  playerId: string;
  after: HistoryCursor | null;
  limit: number;
}

interface Row {
  round_id: string;
  number: number;
  shoe_id: string;
  phase: RecalledRound["phase"];
  state: unknown;
  cards: number[];
  outcome: unknown;
  opened_at: Date;
  closed_at: Date | null;
  settled_at: Date | null;
  voided_at: Date | null;
  void_reason: string | null;
  slug: string;
  name: string;
  game: Game;
  variant: string;
  bets: (Omit<RecalledBet, "placedAt"> & { placedAt: string })[];
  balance_before: bigint | null;
  balance_after: bigint | null;
}

/** The cursor is the last round's (opened_at, id): opaque to callers. */
const encodeCursor = (round: RecalledRound): string =>
  Buffer.from(JSON.stringify([round.openedAt, round.roundId])).toString("base64url");

const isUuid = (id: string): boolean => /^[0-9a-f-]{36}$/.test(id);

/**
 * A page's `nextCursor` back to its (time, id); anything else is refused as BAD_INPUT. `isId`
 * says what an id of the paged rows looks like (rounds and shoes: a UUID).
 */
export function decodeCursor(
  cursor: string,
  isId: (id: string) => boolean = isUuid,
): HistoryCursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as unknown[];
    const date = new Date(String(at));
    if (typeof id === "string" && isId(id) && !Number.isNaN(date.getTime())) {
      return { at: date, id };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new FudaError("BAD_INPUT", "cursor: must be a nextCursor from a previous page", {
    field: "cursor",
    rule: "BAD_CURSOR",
  });
}

function cardsOf(row: Row): RecalledRound["cards"] {
  const definition = definitionOf(row);
  // Only what `rounds.cards` says is revealed, whatever the state holds.
  const shown = definition
    ? definition
        .publicView(liveRoundFromJson(row.state, `round ${row.round_id}: state`))
        .cards.slice(0, row.cards.length)
    : row.cards.map((card, i) => ({ position: `card-${i + 1}`, card }));
  return shown.map(({ position, card }) => ({ position, card, label: formatCard(card) }));
}

const toRound = (row: Row): RecalledRound => ({
  kind: "live",
  roundId: row.round_id,
  number: row.number,
  shoeId: row.shoe_id,
  phase: row.phase,
  table: { slug: row.slug, name: row.name, game: publicGameName(row.game), variant: row.variant },
  openedAt: row.opened_at.toISOString(),
  closedAt: row.closed_at?.toISOString() ?? null,
  settledAt: row.settled_at?.toISOString() ?? null,
  cards: cardsOf(row),
  outcome: row.outcome ?? null,
  bets: row.bets.map((bet) => ({
    ...bet,
    placedAt: new Date(bet.placedAt).toISOString(),
  })),
  balanceBefore: row.balance_before === null ? null : Number(row.balance_before),
  balanceAfter: row.balance_after === null ? null : Number(row.balance_after),
  quick: null,
  voided:
    row.voided_at === null
      ? null
      : { at: row.voided_at.toISOString(), reason: row.void_reason ?? "" },
});

/**
 * The live rounds `playerId` bet in before `after`, newest first, at most `limit`. One
 * statement. The balances come from the player's wallet entries of the round's transfers
 * (`ledger_transfers.round_id`): other tables' entries in between are not counted.
 */
async function liveRoundsOf({
  db,
  playerId,
  after,
  limit,
}: HistoryQuery): Promise<RecalledRound[]> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT r.id::text AS round_id, r.number, r.shoe_id::text AS shoe_id, r.phase::text AS phase,
           r.state, r.cards, r.outcome, r.opened_at, r.closed_at, r.settled_at,
           r.voided_at, r.void_reason, t.slug, t.name, t.game::text AS game, t.variant,
           (SELECT jsonb_agg(jsonb_build_object(
              'betId', b.id, 'bet', b.bet, 'seat', b.seat, 'stake', b.stake, 'reserved', b.reserved,
              'status', b.status, 'returned', b.returned, 'placedAt', b.placed_at)
              ORDER BY b.placed_at, b.slip_id, b.line)
            FROM bets b WHERE b.round_id = r.id AND b.player_id = ${playerId}) AS bets,
           w.balance_before, w.balance_after
    FROM rounds r
    JOIN tables t ON t.id = r.table_id
    LEFT JOIN LATERAL (
      SELECT (array_agg(e.balance_before ORDER BY e.id))[1] AS balance_before,
             (array_agg(e.balance_after ORDER BY e.id DESC))[1] AS balance_after
      FROM ledger_transfers lt
      JOIN ledger_entries e ON e.transfer_id = lt.id
      JOIN ledger_accounts a ON a.id = e.account_id
      WHERE lt.round_id = r.id::text
        AND a.kind = 'wallet' AND a.owner = ${playerId} AND a.round = ''
    ) w ON true
    WHERE r.id IN (SELECT round_id FROM bets WHERE player_id = ${playerId})
      AND (${after?.at ?? null}::timestamptz IS NULL
           OR (r.opened_at, r.id) < (${after?.at ?? null}::timestamptz, ${after?.id ?? null}::uuid))
    ORDER BY r.opened_at DESC, r.id DESC
    LIMIT ${limit}`;
  return rows.map(toRound);
}

/**
 * Newest first by (openedAt, roundId), the order both queries page in: ISO instants of one
 * width, and lower-case UUIDs compared as PostgreSQL compares their bytes.
 */
const newestFirst = (a: RecalledRound, b: RecalledRound): number => {
  const [x, y] = [`${a.openedAt} ${a.roundId}`, `${b.openedAt} ${b.roundId}`];
  return x < y ? 1 : x > y ? -1 : 0;
};

/**
 * The rounds `playerId` bet in, live and quick, newest first, `limit` at a time. Keyset paging
 * on (opened_at, id), a quick hand's opened_at being its deal: a round opened while the player
 * pages lands above the first page, so no round is shown twice or skipped. Each kind is read
 * up to one past the page, so their merge knows whether an older page follows.
 */
export async function roundsOfPlayer({
  db,
  playerId,
  cursor,
  limit = RECALL_ROUNDS,
}: {
  db: Reader;
  playerId: string;
  cursor?: string | null;
  limit?: number;
}): Promise<RoundsPage> {
  if (!Number.isInteger(limit) || limit < 1 || limit > HISTORY_MAX_LIMIT) {
    throw new FudaError(
      "BAD_INPUT",
      `limit: must be a whole number from 1 to ${HISTORY_MAX_LIMIT}`,
      {
        field: "limit",
        rule: "OUT_OF_RANGE",
      },
    );
  }
  const after = cursor == null ? null : decodeCursor(cursor);
  const query: HistoryQuery = { db, playerId, after, limit: limit + 1 };
  // One after the other: `db` may be a transaction, whose connection runs one query at a time.
  const live = await liveRoundsOf(query);
  const quick = await quickHandsOf(query);
  const rounds = [...live, ...quick].sort(newestFirst);
  const page = rounds.slice(0, limit);
  return { rounds: page, nextCursor: rounds.length > limit ? encodeCursor(page.at(-1)!) : null };
}

/** The player's last 10 rounds: the last-game recall. */
export async function recall({
  db,
  playerId,
}: {
  db: Reader;
  playerId: string;
}): Promise<RecalledRound[]> {
  return (await roundsOfPlayer({ db, playerId, limit: RECALL_ROUNDS })).rounds;
}
