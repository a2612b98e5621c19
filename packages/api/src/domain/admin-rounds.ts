/**
 * The operators' view of rounds (admin.rounds.search, admin.rounds.get): any round of any table,
 * with every bet, event and ledger transfer, for investigating a player's complaint.
 */
import type { Db } from "@fuda/db";
import { Prisma } from "@fuda/db";
import { definitionOf, liveRoundFromJson, publicGameName } from "@fuda/live";
import { formatCard, UNKNOWN_CARD } from "@fuda/shoe";

import { FudaError } from "../errors";
import type { Sort, SortKey } from "./sorted-pages";
import { decodeSortCursor, encodeSortCursor, sortedPageSql } from "./sorted-pages";

export const ROUNDS_SEARCH_MAX_LIMIT = 100;

/** What rounds can be ordered by: when they opened, their number in the shoe, what was staked. */
const ROUND_SORT_KEYS = {
  openedAt: { sql: Prisma.sql`r.opened_at`, type: "timestamptz" },
  number: { sql: Prisma.sql`r.number`, type: "bigint" },
  staked: {
    sql: Prisma.sql`(SELECT coalesce(sum(b.stake), 0) FROM bets b WHERE b.round_id = r.id)`,
    type: "bigint",
  },
} satisfies Record<string, SortKey>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export type RoundSortKey = keyof typeof ROUND_SORT_KEYS;
export const ROUND_SORT_KEY_NAMES = Object.keys(ROUND_SORT_KEYS) as RoundSortKey[];

export interface RoundSearchInput {
  table?: string;
  shoe?: string;
  number?: number;
  /** A player's user id or e-mail. */
  player?: string;
  from?: Date;
  to?: Date;
  cursor?: string;
  limit: number;
  /** Newest first unless chosen. */
  sort?: Sort<RoundSortKey>;
}

export interface RoundSummary {
  id: string;
  table: { slug: string; name: string; game: string };
  shoeId: string;
  number: number;
  phase: string;
  openedAt: string;
  settledAt: string | null;
  voidedAt: string | null;
  voidReason: string | null;
  bets: number;
  staked: number;
  returned: number;
}

interface SummaryRow {
  id: string;
  slug: string;
  name: string;
  game: Parameters<typeof publicGameName>[0];
  shoe_id: string;
  number: number;
  phase: string;
  opened_at: Date;
  settled_at: Date | null;
  voided_at: Date | null;
  void_reason: string | null;
  bets: number;
  staked: bigint;
  returned: bigint;
  sort_key: string;
}

/**
 * Rounds matching every filter given, in the chosen order (newest first by default) with ties
 * broken by id, `limit` at a time: keyset paging, so rounds opening while the operator pages
 * newest first land above the first page.
 */
export async function searchRounds(
  db: Db,
  input: RoundSearchInput,
): Promise<{ rounds: RoundSummary[]; nextCursor: string | null }> {
  const sort = input.sort ?? { by: "openedAt", direction: "desc" };
  const page = decodeSortCursor(input.cursor, sort, (id) => UUID.test(id));
  const { after, orderBy, keyText } = sortedPageSql(
    ROUND_SORT_KEYS,
    page,
    Prisma.sql`r.id`,
    "uuid",
  );
  const { table = null, shoe = null, number = null, player = null } = input;
  const { from = null, to = null } = input;
  const rows = await db.$queryRaw<SummaryRow[]>`
    SELECT r.id::text AS id, t.slug, t.name, t.game::text AS game, r.shoe_id::text AS shoe_id,
           r.number, r.phase::text AS phase, r.opened_at, r.settled_at, r.voided_at,
           r.void_reason,
           (SELECT count(*)::int FROM bets b WHERE b.round_id = r.id) AS bets,
           (SELECT coalesce(sum(b.stake), 0)::bigint FROM bets b WHERE b.round_id = r.id) AS staked,
           (SELECT coalesce(sum(b.returned), 0)::bigint FROM bets b WHERE b.round_id = r.id) AS returned,
           ${keyText} AS sort_key
    FROM rounds r JOIN tables t ON t.id = r.table_id
    WHERE (${table}::text IS NULL OR t.slug = ${table}::text OR t.id::text = ${table}::text)
      AND (${shoe}::uuid IS NULL OR r.shoe_id = ${shoe}::uuid)
      AND (${number}::int IS NULL OR r.number = ${number}::int)
      AND (${player}::text IS NULL OR EXISTS (
        SELECT FROM bets b JOIN users u ON u.id = b.player_id
        WHERE b.round_id = r.id AND (u.id = ${player}::text OR lower(u.email) = lower(${player}::text))))
      AND (${from}::timestamptz IS NULL OR r.opened_at >= ${from}::timestamptz)
      AND (${to}::timestamptz IS NULL OR r.opened_at < ${to}::timestamptz)
      AND ${after}
    ${orderBy}
    LIMIT ${input.limit + 1}`;
  const rounds = rows.slice(0, input.limit).map((row): RoundSummary => ({
    id: row.id,
    table: { slug: row.slug, name: row.name, game: publicGameName(row.game) },
    shoeId: row.shoe_id,
    number: row.number,
    phase: row.phase,
    openedAt: row.opened_at.toISOString(),
    settledAt: row.settled_at?.toISOString() ?? null,
    voidedAt: row.voided_at?.toISOString() ?? null,
    voidReason: row.void_reason,
    bets: row.bets,
    staked: Number(row.staked),
    returned: Number(row.returned),
  }));
  const last = rows[input.limit - 1];
  return {
    rounds,
    nextCursor:
      rows.length > input.limit && last !== undefined
        ? encodeSortCursor(sort, last.sort_key, last.id)
        : null,
  };
}

const roundNotFound = (roundId: string) =>
  new FudaError("NOT_FOUND", `roundId: no round ${roundId}`, { field: "roundId", roundId });

/** A round's whole record, as an operator investigating it needs it. */
export async function roundRecord(db: Db, roundId: string) {
  if (!UUID.test(roundId)) throw roundNotFound(roundId);
  const round = await db.round.findUnique({
    where: { id: roundId },
    include: {
      table: true,
      shoe: { select: { burned: true, endedAt: true, cards: true, dealing: true } },
    },
  });
  if (round === null) throw roundNotFound(roundId);
  const state = liveRoundFromJson(round.state, `round ${round.id}: state`);
  const definition = definitionOf(round.table);
  const shown = definition
    ? definition.publicView(state).cards.slice(0, round.cards.length)
    : round.cards.map((card, i) => ({ position: `card-${i + 1}`, card }));
  const previous = await db.round.findUnique({
    where: { shoeId_number: { shoeId: round.shoeId, number: round.number - 1 } },
    select: { state: true, cards: true },
  });
  const previousEnd =
    previous === null
      ? 0
      : liveRoundFromJson(
          previous.state,
          `round ${round.number - 1} of shoe ${round.shoeId}: state`,
        ).first + previous.cards.length;
  const end = state.first + round.cards.length;
  // The shoe's order is secret until it has ended (docs/fairness.md): burned cards by index only.
  const burns = round.shoe.burned
    .filter((index) => index >= previousEnd && index < end)
    .map((index) => ({
      index,
      // A studio shoe's skipped burn was never entered: not known (UNKNOWN_CARD).
      card:
        round.shoe.endedAt === null || round.shoe.cards[index] === UNKNOWN_CARD
          ? null
          : (round.shoe.cards[index] ?? null),
    }));
  const [voider, bets, events, transfers, reports] = await Promise.all([
    // Who voided it, named as the portal names operators (the id alone says nothing).
    round.voidedBy === null
      ? null
      : db.user.findUnique({ where: { id: round.voidedBy }, select: { email: true } }),
    db.bet.findMany({
      where: { roundId },
      include: { player: { select: { id: true, name: true, email: true } } },
      orderBy: [{ placedAt: "asc" }, { slipId: "asc" }, { line: "asc" }],
    }),
    db.tableEvent.findMany({ where: { roundId }, orderBy: { id: "asc" } }),
    db.$queryRaw<
      {
        id: string;
        kind: string;
        bet_id: string | null;
        operator_id: string | null;
        reason: string | null;
        created_at: Date;
        /** jsonb numbers: minor units well inside 2^53. Null for a transfer with no entries. */
        entries: { kind: string; owner: string; amount: number; balanceAfter: number }[] | null;
      }[]
    >`
      SELECT t.id, t.kind::text AS kind, t.bet_id, t.operator_id, t.reason, t.created_at,
             (SELECT jsonb_agg(jsonb_build_object('kind', a.kind, 'owner', a.owner,
                'amount', e.amount, 'balanceAfter', e.balance_after) ORDER BY e.id)
              FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
              WHERE e.transfer_id = t.id) AS entries
      FROM ledger_transfers t WHERE t.round_id = ${roundId}
      ORDER BY t.created_at, t.id`,
    // A studio dealer's reports of a dealing mistake, each confirmed by an operator's correction
    // of the round after it (docs/studio.md, Faults).
    db.$queryRaw<
      {
        dealer_id: string;
        email: string | null;
        detail: Record<string, unknown>;
        at: Date;
        confirmed: boolean;
      }[]
    >`
      SELECT a.dealer_id, u.email, a.detail, a.at,
             EXISTS (SELECT 1 FROM audit_log l
                     WHERE l.target_type = 'round' AND l.target_id = ${roundId}
                       AND l.action IN ('rounds.rewind', 'rounds.unrecoverable', 'rounds.improperDeal')
                       AND l.at >= a.at) AS confirmed
      FROM studio_actions a LEFT JOIN users u ON u.id = a.dealer_id
      WHERE a.round_id = ${roundId}::uuid AND a.action = 'mistake' AND NOT a.detail ? 'refused'
      ORDER BY a.id`,
  ]);
  return {
    id: round.id,
    table: {
      id: round.table.id,
      slug: round.table.slug,
      name: round.table.name,
      game: publicGameName(round.table.game),
      variant: round.table.variant,
    },
    shoeId: round.shoeId,
    number: round.number,
    phase: round.phase,
    openedAt: round.openedAt.toISOString(),
    closedAt: round.closedAt?.toISOString() ?? null,
    settledAt: round.settledAt?.toISOString() ?? null,
    voided:
      round.voidedAt === null
        ? null
        : {
            at: round.voidedAt.toISOString(),
            reason: round.voidReason ?? "",
            by: round.voidedBy ?? "",
            byEmail: voider?.email ?? null,
          },
    dealing: round.shoe.dealing,
    dealerReports: reports.map((report) => ({
      dealerId: report.dealer_id,
      dealerEmail: report.email,
      kind: typeof report.detail.kind === "string" ? report.detail.kind : "",
      toStep: typeof report.detail.toStep === "number" ? report.detail.toStep : null,
      reason: typeof report.detail.reason === "string" ? report.detail.reason : "",
      at: report.at.toISOString(),
      confirmed: report.confirmed,
    })),
    firstCard: state.first,
    cards: shown.map(({ position, card }) => ({ position, card, label: formatCard(card) })),
    burns: burns.map((burn) => ({
      ...burn,
      label: burn.card === null ? null : formatCard(burn.card),
    })),
    outcome: round.outcome ?? null,
    bets: bets.map((bet) => ({
      betId: bet.id,
      player: bet.player,
      slipId: bet.slipId,
      bet: bet.bet,
      seat: bet.seat,
      stake: Number(bet.stake),
      reserved: Number(bet.reserved),
      returned: bet.returned === null ? null : Number(bet.returned),
      status: bet.status,
      placedAt: bet.placedAt.toISOString(),
      settledAt: bet.settledAt?.toISOString() ?? null,
    })),
    events: events.map((event) => ({
      id: event.id.toString(),
      type: event.type,
      playerId: event.playerId,
      payload: event.payload,
      at: event.createdAt.toISOString(),
    })),
    transfers: transfers.map((transfer) => ({
      id: transfer.id,
      kind: transfer.kind,
      betId: transfer.bet_id,
      operatorId: transfer.operator_id,
      reason: transfer.reason,
      at: transfer.created_at.toISOString(),
      entries: transfer.entries ?? [],
    })),
  };
}

export type RoundRecord = Awaited<ReturnType<typeof roundRecord>>;
