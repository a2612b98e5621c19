/**
 * The operators' view of players (admin.players.*): search, one player's wallet and rounds, a
 * balance adjustment through the ledger, bans. Every change is audited in its own transaction.
 */
import { randomUUID } from "node:crypto";

import type { Db } from "@fuda/db";
import { Prisma, writeAudit } from "@fuda/db";
import { adjust, history } from "@fuda/ledger";
import { roundsOfPlayer } from "@fuda/live";
import { formatPoints } from "@fuda/rules";

import { FudaError } from "../errors";
import type { Sort, SortKey } from "./sorted-pages";
import { decodeSortCursor, encodeSortCursor, sortedPageSql } from "./sorted-pages";

export const PLAYERS_SEARCH_MAX_LIMIT = 100;

/** What players can be ordered by: when they joined, their wallet's balance, their name. */
const PLAYER_SORT_KEYS = {
  createdAt: { sql: Prisma.sql`u.created_at`, type: "timestamp" },
  balance: { sql: Prisma.sql`coalesce(a.balance, 0)`, type: "bigint" },
  name: { sql: Prisma.sql`u.name`, type: "text" },
} satisfies Record<string, SortKey>;

export type PlayerSortKey = keyof typeof PLAYER_SORT_KEYS;
export const PLAYER_SORT_KEY_NAMES = Object.keys(PLAYER_SORT_KEYS) as PlayerSortKey[];

export interface PlayerSummary {
  id: string;
  name: string;
  email: string;
  isAnonymous: boolean;
  banned: boolean;
  banReason: string | null;
  createdAt: string;
  balance: number;
}

interface PlayerRow {
  id: string;
  name: string;
  email: string;
  is_anonymous: boolean;
  banned: boolean;
  ban_reason: string | null;
  created_at: Date;
  balance: bigint;
  sort_key?: string;
}

/** A user id is better-auth's random string, not a UUID. */
const isUserId = (id: string): boolean => id.length > 0 && id.length <= 64;

const toSummary = (row: PlayerRow): PlayerSummary => ({
  id: row.id,
  name: row.name,
  email: row.email,
  isAnonymous: row.is_anonymous,
  banned: row.banned,
  banReason: row.ban_reason,
  createdAt: row.created_at.toISOString(),
  balance: Number(row.balance),
});

/**
 * Players whose name or e-mail contains `query` (any case), in the chosen order (newest first by
 * default) with ties broken by id, keyset-paged.
 */
export async function searchPlayers(
  db: Db,
  input: { query?: string; cursor?: string; limit: number; sort?: Sort<PlayerSortKey> },
): Promise<{ players: PlayerSummary[]; nextCursor: string | null }> {
  const sort = input.sort ?? { by: "createdAt", direction: "desc" };
  const page = decodeSortCursor(input.cursor, sort, isUserId);
  const { after, orderBy, keyText } = sortedPageSql(
    PLAYER_SORT_KEYS,
    page,
    Prisma.sql`u.id`,
    "text",
  );
  // LIKE's own characters in the query are matched as themselves.
  const pattern =
    input.query === undefined ? null : `%${input.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db.$queryRaw<PlayerRow[]>`
    SELECT u.id, u.name, u.email, u.is_anonymous, u.banned, u.ban_reason, u.created_at,
           coalesce(a.balance, 0)::bigint AS balance, ${keyText} AS sort_key
    FROM users u
    LEFT JOIN ledger_accounts a ON a.kind = 'wallet' AND a.owner = u.id AND a.round = ''
    WHERE u.role = 'player'
      AND (${pattern}::text IS NULL OR u.name ILIKE ${pattern}::text OR u.email ILIKE ${pattern}::text)
      AND ${after}
    ${orderBy}
    LIMIT ${input.limit + 1}`;
  const players = rows.slice(0, input.limit).map(toSummary);
  const last = rows[input.limit - 1];
  return {
    players,
    nextCursor:
      rows.length > input.limit && last?.sort_key !== undefined
        ? encodeSortCursor(sort, last.sort_key, last.id)
        : null,
  };
}

const playerNotFound = (userId: string) =>
  new FudaError("NOT_FOUND", `userId: no player ${userId}`, { field: "userId", userId });

async function playerRow(db: Pick<Db, "$queryRaw">, userId: string, lock = false) {
  const rows = lock
    ? await db.$queryRaw<(PlayerRow & { role: string })[]>`
        SELECT u.id, u.name, u.email, u.is_anonymous, u.banned, u.ban_reason, u.created_at, u.role,
               0::bigint AS balance
        FROM users u WHERE u.id = ${userId} FOR UPDATE`
    : await db.$queryRaw<(PlayerRow & { role: string })[]>`
        SELECT u.id, u.name, u.email, u.is_anonymous, u.banned, u.ban_reason, u.created_at, u.role,
               coalesce(a.balance, 0)::bigint AS balance
        FROM users u
        LEFT JOIN ledger_accounts a ON a.kind = 'wallet' AND a.owner = u.id AND a.round = ''
        WHERE u.id = ${userId}`;
  const row = rows[0];
  if (row?.role !== "player") throw playerNotFound(userId);
  return row;
}

/** One player: who, their balance, their latest wallet entries and rounds. */
export async function playerRecord(db: Db, userId: string) {
  const row = await playerRow(db, userId);
  const [entries, rounds] = await Promise.all([
    history({ db, playerId: userId, limit: 50 }),
    roundsOfPlayer({ db, playerId: userId, limit: 20 }),
  ]);
  return {
    player: toSummary(row),
    entries: entries.entries.map((entry) => ({
      ...entry,
      createdAt: entry.createdAt.toISOString(),
    })),
    rounds: rounds.rounds,
  };
}

/**
 * Credits (+) or debits (−) a player's wallet from or to the house, as an `adjust` transfer with
 * who and why. A debit larger than the wallet is refused: a wallet never goes below zero.
 */
export async function adjustBalance(
  db: Db,
  input: { operatorId: string; userId: string; amount: number; reason: string; requestId?: string },
) {
  const { operatorId, userId, amount, reason } = input;
  return db.$transaction(async (tx) => {
    await playerRow(tx, userId, true);
    const transfer = await adjust(tx, {
      requestId: input.requestId ?? randomUUID(),
      playerId: userId,
      operatorId,
      amount,
      reason,
    }).catch((error: unknown) => {
      // Said in points, as the portal's form takes them (the ledger speaks minor units).
      if (
        error instanceof FudaError &&
        error.code === "INSUFFICIENT_FUNDS" &&
        error.details.account === "wallet"
      ) {
        const held = Number(error.details.balance);
        throw new FudaError(
          "BAD_INPUT",
          `amount: a debit of ${formatPoints(-amount)} points would take the wallet below zero ` +
            `(it holds ${formatPoints(held)} points)`,
          { field: "amount", rule: "INSUFFICIENT_BALANCE", balance: held },
        );
      }
      throw error;
    });
    // The wallet's entry says what it held before and after, read under the ledger's lock; a
    // replay's is the first time's.
    const wallet = transfer.entries.find((entry) => entry.account.kind === "wallet")!;
    const answer = {
      userId,
      transferId: transfer.id,
      balanceBefore: wallet.balanceBefore,
      balance: wallet.balanceAfter,
    };
    // The same request again (a retried click): the first answer, and no second audit entry.
    if (transfer.replayed) return answer;
    await writeAudit(tx, {
      actorId: operatorId,
      action: "players.adjust",
      targetType: "player",
      targetId: userId,
      before: { balance: wallet.balanceBefore },
      after: { balance: wallet.balanceAfter, amount, transferId: transfer.id },
      reason,
    });
    return answer;
  });
}

/**
 * Bans or unbans a player. A ban ends every session of theirs at once (the rows are deleted; the
 * game API also refuses a banned user's session, packages/auth/src/session.ts).
 */
export async function setBanned(
  db: Db,
  input: { operatorId: string; userId: string; reason: string; banned: boolean },
) {
  const { operatorId, userId, reason, banned } = input;
  return db.$transaction(async (tx) => {
    const row = await playerRow(tx, userId, true);
    if (row.banned === banned) {
      throw new FudaError(
        "CONFLICT",
        `userId: player ${userId} is ${banned ? "already banned" : "not banned"}`,
        { field: "userId", userId, banned: row.banned },
      );
    }
    await tx.user.update({
      where: { id: userId },
      data: { banned, banReason: banned ? reason : null, banExpires: null },
    });
    const ended = banned ? (await tx.session.deleteMany({ where: { userId } })).count : 0;
    await writeAudit(tx, {
      actorId: operatorId,
      action: banned ? "players.ban" : "players.unban",
      targetType: "player",
      targetId: userId,
      before: { banned: row.banned, banReason: row.ban_reason },
      after: { banned, banReason: banned ? reason : null, sessionsEnded: ended },
      reason,
    });
    return { userId, banned, banReason: banned ? reason : null, sessionsEnded: ended };
  });
}
