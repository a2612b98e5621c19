/**
 * A player's rounds, newest first, each with what a last-game recall shows (AGCO 13.1.1): when,
 * at which table, the round and shoe, the cards in reveal order (revealed ones only), the
 * outcome, every bet of the player with its stake and return, and the wallet before and after.
 */
import type { Game, Prisma } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import type { LiveRound } from "@fuda/rules";
import { formatCard } from "@fuda/shoe";

import { definitionOf, publicGameName } from "./games";

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
}

export interface RoundsPage {
  rounds: RecalledRound[];
  /** Pass it back for the next (older) page; null on the last. */
  nextCursor: string | null;
}

export const HISTORY_MAX_LIMIT = 50;
export const RECALL_ROUNDS = 10;

type Reader = Pick<Prisma.TransactionClient, "$queryRaw">;

interface Row {
  round_id: string;
  number: number;
  shoe_id: string;
  phase: RecalledRound["phase"];
  state: LiveRound;
  cards: number[];
  outcome: unknown;
  opened_at: Date;
  closed_at: Date | null;
  settled_at: Date | null;
  slug: string;
  name: string;
  game: Game;
  variant: string;
  bets: (Omit<RecalledBet, "placedAt"> & { placedAt: string })[];
  balance_before: bigint | null;
  balance_after: bigint | null;
}

/** The cursor is the last round's (opened_at, id): opaque to callers. */
const encodeCursor = (row: Row): string =>
  Buffer.from(JSON.stringify([row.opened_at.toISOString(), row.round_id])).toString("base64url");

function decodeCursor(cursor: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as unknown[];
    const date = new Date(String(at));
    if (typeof id === "string" && /^[0-9a-f-]{36}$/.test(id) && !Number.isNaN(date.getTime())) {
      return { at: date, id };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new FudaError("BAD_INPUT", "cursor: must be a nextCursor from a previous page", {
    field: "cursor",
    rule: "cursor",
  });
}

function cardsOf(row: Row): RecalledRound["cards"] {
  const definition = definitionOf(row);
  // Only what `rounds.cards` says is revealed, whatever the state holds.
  const shown = definition
    ? definition.publicView(row.state).cards.slice(0, row.cards.length)
    : row.cards.map((card, i) => ({ position: `card-${i + 1}`, card }));
  return shown.map(({ position, card }) => ({ position, card, label: formatCard(card) }));
}

const toRound = (row: Row): RecalledRound => ({
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
});

/**
 * The rounds `playerId` bet in, newest first, `limit` at a time. One statement. Keyset paging on
 * (opened_at, id): a round opened while the player pages lands above the first page, so no round
 * is shown twice or skipped. The balances come from the player's wallet entries of the round's
 * transfers (`ledger_transfers.round_id`): other tables' entries in between are not counted.
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
        rule: "range",
      },
    );
  }
  const after = cursor == null ? null : decodeCursor(cursor);
  const rows = await db.$queryRaw<Row[]>`
    SELECT r.id::text AS round_id, r.number, r.shoe_id::text AS shoe_id, r.phase::text AS phase,
           r.state, r.cards, r.outcome, r.opened_at, r.closed_at, r.settled_at,
           t.slug, t.name, t.game::text AS game, t.variant,
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
    LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  return {
    rounds: page.map(toRound),
    nextCursor: rows.length > limit ? encodeCursor(page.at(-1)!) : null,
  };
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
