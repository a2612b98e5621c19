import type { Prisma } from "@fuda/db";

import { checkText } from "./validate";

/**
 * What the ledger runs its SQL on: a Prisma interactive transaction (`db.$transaction(async (tx)
 * => …)`), so a bet and its stake are written together, or the client itself, where each call is
 * one atomic statement.
 */
export type LedgerClient = Pick<Prisma.TransactionClient, "$queryRaw" | "$executeRaw">;

export type AccountKind = "wallet" | "in_play" | "house" | "grants";

/**
 * An account by what it is, never by row id: a player's wallet, a player's stake in play in one
 * round, or one of the two counter-accounts. Wallets and stakes in play are created on demand.
 */
export type AccountRef =
  | { kind: "wallet"; playerId: string }
  | { kind: "in_play"; playerId: string; roundId: string }
  | { kind: "house" }
  | { kind: "grants" };

export const account = {
  wallet: (playerId: string): AccountRef => ({ kind: "wallet", playerId }),
  inPlay: (playerId: string, roundId: string): AccountRef => ({
    kind: "in_play",
    playerId,
    roundId,
  }),
  house: { kind: "house" } as AccountRef,
  grants: { kind: "grants" } as AccountRef,
};

/** The account's row key (kind, owner, round) as the `ledger_accounts` table stores it. */
export interface AccountKey {
  kind: AccountKind;
  owner: string;
  round: string;
}

export function accountKey(ref: AccountRef): AccountKey {
  switch (ref.kind) {
    case "wallet":
      return { kind: "wallet", owner: ref.playerId, round: "" };
    case "in_play":
      return { kind: "in_play", owner: ref.playerId, round: ref.roundId };
    case "house":
    case "grants":
      return { kind: ref.kind, owner: ref.kind, round: "" };
  }
}

export function accountRef(key: AccountKey): AccountRef {
  switch (key.kind) {
    case "wallet":
      return { kind: "wallet", playerId: key.owner };
    case "in_play":
      return { kind: "in_play", playerId: key.owner, roundId: key.round };
    case "house":
    case "grants":
      return { kind: key.kind };
  }
}

/**
 * The id of a player's wallet, created (empty) if the player has none yet. Every later call
 * returns the same id.
 */
export async function walletOf(tx: LedgerClient, playerId: string): Promise<bigint> {
  checkText(playerId, "playerId");
  const created = await tx.$queryRaw<{ id: bigint }[]>`
    WITH created AS (
      INSERT INTO ledger_accounts (kind, owner) VALUES ('wallet', ${playerId})
      ON CONFLICT (kind, owner, round) DO NOTHING RETURNING id
    )
    SELECT id FROM created
    UNION ALL
    SELECT id FROM ledger_accounts WHERE kind = 'wallet' AND owner = ${playerId} AND round = ''`;
  if (created[0]) return created[0].id;
  // A concurrent call created it after this statement's snapshot: a new statement sees it.
  const found = await tx.$queryRaw<{ id: bigint }[]>`
    SELECT id FROM ledger_accounts WHERE kind = 'wallet' AND owner = ${playerId} AND round = ''`;
  return found[0]!.id;
}
