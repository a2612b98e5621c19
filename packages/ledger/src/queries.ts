import type { AccountKind, LedgerClient } from "./accounts";
import type { TransferKind } from "./transfer";
import { badInput, checkText } from "./validate";

/** A player's wallet balance in minor units; 0 for a player who has no wallet yet. */
export async function balance({
  db,
  playerId,
}: {
  db: LedgerClient;
  playerId: string;
}): Promise<number> {
  checkText(playerId, "playerId");
  const rows = await db.$queryRaw<{ balance: bigint }[]>`
    SELECT balance FROM ledger_accounts WHERE kind = 'wallet' AND owner = ${playerId} AND round = ''`;
  return Number(rows[0]?.balance ?? 0n);
}

export interface HistoryEntry {
  /** The entry's id: pass the last one seen as `cursor` for the next (older) page. */
  id: string;
  transferId: string;
  kind: TransferKind;
  roundId: string | null;
  betId: string | null;
  reason: string | null;
  /** Signed minor units: negative when points left the wallet. */
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
  createdAt: Date;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  /** The cursor of the next (older) page, or null when this is the last. */
  nextCursor: string | null;
}

export const HISTORY_MAX_LIMIT = 100;

/**
 * A player's own wallet entries, newest first, `limit` at a time from before `cursor`. One
 * account's entries are numbered in commit order (ledger_post takes the id under the account's
 * row lock), so entries arriving while a player pages only appear above the first page: no
 * entry is shown twice or skipped.
 */
export async function history({
  db,
  playerId,
  cursor,
  limit = 20,
}: {
  db: LedgerClient;
  playerId: string;
  cursor?: string | null;
  limit?: number;
}): Promise<HistoryPage> {
  checkText(playerId, "playerId");
  if (!Number.isInteger(limit) || limit < 1 || limit > HISTORY_MAX_LIMIT) {
    throw badInput(
      "limit",
      "OUT_OF_RANGE",
      `must be a whole number from 1 to ${HISTORY_MAX_LIMIT}`,
      limit,
    );
  }
  if (cursor != null && !/^[1-9][0-9]{0,18}$/.test(cursor)) {
    throw badInput("cursor", "BAD_CURSOR", "must be an entry id from a previous page", cursor);
  }
  const before = cursor == null ? null : BigInt(cursor);
  const rows = await db.$queryRaw<
    {
      id: bigint;
      transfer_id: string;
      kind: TransferKind;
      round_id: string | null;
      bet_id: string | null;
      reason: string | null;
      amount: bigint;
      balance_before: bigint;
      balance_after: bigint;
      created_at: Date;
    }[]
  >`
    SELECT e.id, e.transfer_id, t.kind::text AS kind, t.round_id, t.bet_id, t.reason, e.amount,
           e.balance_before, e.balance_after, e.created_at
    FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN ledger_transfers t ON t.id = e.transfer_id
    WHERE a.kind = 'wallet' AND a.owner = ${playerId} AND a.round = ''
      AND (${before}::bigint IS NULL OR e.id < ${before}::bigint)
    ORDER BY e.id DESC
    LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  return {
    entries: page.map((row) => ({
      id: row.id.toString(),
      transferId: row.transfer_id,
      kind: row.kind,
      roundId: row.round_id,
      betId: row.bet_id,
      reason: row.reason,
      amount: Number(row.amount),
      balanceBefore: Number(row.balance_before),
      balanceAfter: Number(row.balance_after),
      createdAt: row.created_at,
    })),
    nextCursor: rows.length > limit ? page[page.length - 1]!.id.toString() : null,
  };
}

export interface AccountDifference {
  accountId: number;
  kind: AccountKind;
  owner: string;
  round: string;
  balance: number;
  /** The sum of the account's entries, which its balance should equal. */
  entriesSum: number;
  version: number;
  entriesCount: number;
}

export interface Books {
  /** True when every check below holds. */
  clean: boolean;
  /** The sum of every account's balance; 0 in clean books. */
  total: number;
  /** Accounts whose balance or version differs from their entries. */
  accounts: AccountDifference[];
  /** Transfers whose entries do not sum to 0. */
  transfers: { transferId: string; sum: number }[];
  /**
   * Entries whose account or transfer does not exist (the tables have no foreign keys:
   * `ledger_post` is the only writer, docs/ledger.md).
   */
  orphans: { entryId: number; accountId: number; transferId: string }[];
}

/**
 * Audits the whole ledger in one statement (one snapshot): every account's balance is the sum
 * of its entries and its version their count, every transfer's entries sum to 0, and so all
 * balances sum to 0; every entry's account and transfer exist. Returns what differs.
 */
export async function checkBooks(db: LedgerClient): Promise<Books> {
  const [row] = await db.$queryRaw<{ books: Omit<Books, "clean"> }[]>`
    WITH sums AS (
      SELECT account_id, sum(amount) AS entries_sum, count(*) AS entries_count
      FROM ledger_entries GROUP BY account_id
    ), accounts AS (
      SELECT a.id, a.kind, a.owner, a.round, a.balance, a.version,
             coalesce(s.entries_sum, 0) AS entries_sum, coalesce(s.entries_count, 0) AS entries_count
      FROM ledger_accounts a LEFT JOIN sums s ON s.account_id = a.id
    )
    SELECT jsonb_build_object(
      'total', (SELECT coalesce(sum(balance), 0) FROM ledger_accounts),
      'accounts', (SELECT coalesce(jsonb_agg(jsonb_build_object(
          'accountId', id, 'kind', kind, 'owner', owner, 'round', round, 'balance', balance,
          'entriesSum', entries_sum, 'version', version, 'entriesCount', entries_count) ORDER BY id), '[]')
        FROM accounts WHERE balance <> entries_sum OR version <> entries_count),
      'transfers', (SELECT coalesce(jsonb_agg(jsonb_build_object('transferId', transfer_id, 'sum', total)), '[]')
        FROM (SELECT transfer_id, sum(amount) AS total FROM ledger_entries
              GROUP BY transfer_id HAVING sum(amount) <> 0) unbalanced),
      'orphans', (SELECT coalesce(jsonb_agg(jsonb_build_object(
          'entryId', e.id, 'accountId', e.account_id, 'transferId', e.transfer_id) ORDER BY e.id), '[]')
        FROM ledger_entries e
        WHERE NOT EXISTS (SELECT FROM ledger_accounts a WHERE a.id = e.account_id)
           OR NOT EXISTS (SELECT FROM ledger_transfers t WHERE t.id = e.transfer_id))
    ) AS books`;
  const books = row!.books;
  return {
    clean:
      books.total === 0 &&
      books.accounts.length === 0 &&
      books.transfers.length === 0 &&
      books.orphans.length === 0,
    ...books,
  };
}
