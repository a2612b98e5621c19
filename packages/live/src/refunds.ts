/**
 * Open bets given back untouched: a player's undo while the round is betting, and every bet of a
 * round the dealer cancels. Each bet is refunded on its own (`refund/<round>/<bet>`, the amount
 * it reserved) and marked refunded in the same transaction, so it is refunded once.
 */
import { FudaError } from "@fuda/errors";
import { refundRequest, transferMany } from "@fuda/ledger";

import type { RawTx } from "./dealer-rows";

export interface RefundedBet {
  betId: string;
  playerId: string;
  /** Minor units given back: what the bet reserved. */
  amount: number;
  /** The player's wallet after this refund. */
  balance: number;
}

/**
 * Refunds the open bets of `roundId` (only `playerId`'s, only the bets `betIds`, when given)
 * inside `tx`. The caller holds the round: `FOR UPDATE` when cancelling or closing it,
 * `FOR SHARE` and its bets lock for an undo. Two statements: the bets marked refunded, then one
 * transferMany.
 */
export async function refundOpenBets(
  tx: RawTx,
  roundId: string,
  { playerId, betIds }: { playerId?: string; betIds?: readonly string[] } = {},
): Promise<RefundedBet[]> {
  const ids = betIds === undefined ? null : [...betIds];
  const bets = await tx.$queryRaw<{ id: string; player_id: string; reserved: bigint | string }[]>`
    UPDATE bets SET status = 'refunded', returned = reserved, settled_at = now()
    WHERE round_id = ${roundId}::uuid AND status = 'open'
      AND (${playerId ?? null}::text IS NULL OR player_id = ${playerId ?? null}::text)
      AND (${ids}::uuid[] IS NULL OR id = ANY(${ids}::uuid[]))
    RETURNING id::text AS id, player_id, reserved`;
  if (bets.length === 0) return [];
  bets.sort((a, b) => (a.id < b.id ? -1 : 1));
  const outcomes = await transferMany(
    tx,
    bets.map((bet) =>
      refundRequest({
        playerId: bet.player_id,
        roundId,
        betId: bet.id,
        amount: Number(bet.reserved),
      }),
    ),
  );
  return bets.map((bet, i) => {
    const outcome = outcomes[i]!;
    // A bet's stake is in play until it is refunded or settled: a refused refund means the books
    // and the bets disagree, and nothing of this transaction may commit.
    if (!outcome.ok) {
      throw new FudaError(
        "CONFLICT",
        `betId: bet ${bet.id} of round ${roundId} could not be refunded (${outcome.error.message})`,
        { field: "betId", betId: bet.id, roundId },
        { cause: outcome.error },
      );
    }
    const wallet = outcome.transfer.entries.find((entry) => entry.account.kind === "wallet");
    return {
      betId: bet.id,
      playerId: bet.player_id,
      amount: Number(bet.reserved),
      balance: wallet?.balanceAfter ?? 0,
    };
  });
}
