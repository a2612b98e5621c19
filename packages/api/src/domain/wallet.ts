import type { Db } from "@fuda/db";
import { balance, carryOver, grant, history } from "@fuda/ledger";
import type { HistoryPage } from "@fuda/ledger";

/** The caller's own wallet balance, in minor units. */
export async function walletBalance({
  db,
  playerId,
}: {
  db: Db;
  playerId: string;
}): Promise<{ balance: number }> {
  return { balance: await balance({ db, playerId }) };
}

/** The caller's own wallet entries, newest first, a page at a time. */
export function walletHistory({
  db,
  playerId,
  cursor,
  limit,
}: {
  db: Db;
  playerId: string;
  cursor?: string | null;
  limit: number;
}): Promise<HistoryPage> {
  return history({ db, playerId, cursor, limit });
}

/**
 * What the ledger does when accounts change (the hooks of `createAuth`): a new player gets the
 * starting grant; a guest who signs up takes their points along. Both are idempotent by transfer
 * id, so a retried hook never pays twice.
 */
export function ledgerHooks({ db }: { db: Db }) {
  return {
    onPlayerCreated: async (userId: string): Promise<void> => {
      await grant(db, { playerId: userId });
    },
    onGuestUpgraded: async ({
      fromUserId,
      toUserId,
    }: {
      fromUserId: string;
      toUserId: string;
    }): Promise<void> => {
      await db.$transaction((tx) =>
        carryOver(tx, { fromPlayerId: fromUserId, toPlayerId: toUserId }),
      );
    },
  };
}
