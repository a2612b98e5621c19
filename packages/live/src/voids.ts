/**
 * An operator voids a settled round (docs/operators.md, Voiding a round): every player ends as if
 * the round had never been dealt. What each player's wallet gained or lost in the round (their
 * reservations, settlements and refunds) is moved back through the ledger, one transfer per
 * player, the round is marked void, `round.voided` is announced (to the tables' streams and, in
 * the webhooks' outbox, to partners) and the audit log records it, all in one transaction.
 */
import type { Db } from "@fuda/db";
import { writeAudit } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import { transferMany } from "@fuda/ledger";
import type { TransferRequest } from "@fuda/ledger";
import { roundPhases } from "@fuda/telemetry";

import { isRoundId, roundNotFound } from "./bet-slip";
import { appendEvents } from "./events";
import type { NewEvent } from "./events";
import { writeWebhookEvent } from "./webhook-outbox";

export interface VoidInput {
  operatorId: string;
  roundId: string;
  reason: string;
}

/** One player's correction: `amount` is signed, what the void put in (+) or took from (−) the wallet. */
export interface VoidedPlayer {
  playerId: string;
  amount: number;
  transferId: string | null;
}

export interface Voided {
  roundId: string;
  voidedAt: string;
  reason: string;
  players: VoidedPlayer[];
}

/** The void's transfer for one player: its id is derived from the round, so a retry is the same. */
export const voidTransferId = (roundId: string, playerId: string): string =>
  `void/${roundId}/${playerId}`;

interface LockedRound {
  id: string;
  table_id: string;
  slug: string;
  shoe_id: string;
  number: number;
  phase: string;
  voided_at: Date | null;
}

export async function voidRound(db: Db, input: VoidInput): Promise<Voided> {
  const { operatorId, roundId, reason } = input;
  if (!isRoundId(roundId)) throw roundNotFound(roundId);
  const { voided, slug } = await db.$transaction(async (tx) => {
    // The round's row lock serializes two voids of the same round: the second sees voided_at.
    const [round] = await tx.$queryRaw<LockedRound[]>`
      SELECT r.id::text, r.table_id::text, t.slug, r.shoe_id::text, r.number, r.phase::text,
             r.voided_at
      FROM rounds r JOIN tables t ON t.id = r.table_id
      WHERE r.id = ${roundId}::uuid FOR UPDATE OF r`;
    if (round === undefined) throw roundNotFound(roundId);
    if (round.voided_at !== null) {
      throw new FudaError(
        "CONFLICT",
        `roundId: round ${roundId} was already voided at ${round.voided_at.toISOString()}`,
        { field: "roundId", roundId, voidedAt: round.voided_at.toISOString() },
      );
    }
    // A cancelled round already gave every stake back.
    if (round.phase === "cancelled") {
      throw new FudaError(
        "CONFLICT",
        `roundId: round ${roundId} was cancelled: every stake was already refunded`,
        { field: "roundId", roundId, phase: round.phase },
      );
    }
    // A round in play is the dealer's: its runtime holds the round's state and steps it under
    // the round's lock, and a joker blackjack round settles hands while still dealing, so a
    // cancel here would race the dealer's next step. The operator voids it once it settles.
    if (round.phase !== "settled") {
      throw new FudaError(
        "CONFLICT",
        `roundId: round ${roundId} is in play (${round.phase}): void after it settles`,
        { field: "roundId", roundId, phase: round.phase },
      );
    }
    // What each player's wallet gained (+) or lost (−) in the round, from the ledger itself.
    const nets = await tx.$queryRaw<{ owner: string; net: bigint; balance: bigint }[]>`
      SELECT a.owner, sum(e.amount)::bigint AS net, a.balance
      FROM ledger_entries e
      JOIN ledger_transfers t ON t.id = e.transfer_id
      JOIN ledger_accounts a ON a.id = e.account_id
      WHERE t.round_id = ${roundId} AND a.kind = 'wallet'
      GROUP BY a.id, a.owner, a.balance
      ORDER BY a.id`;
    // Winnings already spent cannot be taken back: a wallet never goes below zero, so the void
    // is refused whole, naming each shortfall, rather than taking back part (docs/operators.md).
    const shortfalls = nets.filter((row) => row.net > 0n && row.balance < row.net);
    if (shortfalls.length > 0) {
      const named = shortfalls
        .map((row) => `${row.owner} holds ${row.balance} of the ${row.net} to take back`)
        .join("; ");
      throw new FudaError("CONFLICT", `roundId: cannot void round ${roundId}: ${named}`, {
        field: "roundId",
        roundId,
        shortfalls: shortfalls.map((row) => ({
          playerId: row.owner,
          balance: Number(row.balance),
          takeBack: Number(row.net),
          shortfall: Number(row.net - row.balance),
        })),
      });
    }
    const requests: TransferRequest[] = nets
      .filter((row) => row.net !== 0n)
      .map((row) => {
        const wallet = { kind: "wallet", playerId: row.owner } as const;
        const house = { kind: "house" } as const;
        const amount = Number(row.net > 0n ? row.net : -row.net);
        return {
          id: voidTransferId(roundId, row.owner),
          // An operator's correction of wallets, tied to the round it undoes.
          kind: "adjust",
          roundId,
          operatorId,
          reason,
          legs: [
            row.net > 0n
              ? { from: wallet, to: house, amount }
              : { from: house, to: wallet, amount },
          ],
          accountFields: { wallet: "playerId" },
        };
      });
    const outcomes = await transferMany(tx, requests);
    for (const outcome of outcomes) if (!outcome.ok) throw outcome.error;
    const players: VoidedPlayer[] = nets.map((row) => ({
      playerId: row.owner,
      amount: -Number(row.net),
      transferId: row.net === 0n ? null : voidTransferId(roundId, row.owner),
    }));
    const [updated] = await tx.$queryRaw<{ voided_at: Date }[]>`
      UPDATE rounds SET voided_at = now(), void_reason = ${reason}, voided_by = ${operatorId}
      WHERE id = ${roundId}::uuid RETURNING voided_at`;
    const voidedAt = updated!.voided_at.toISOString();
    await writeAudit(tx, {
      actorId: operatorId,
      action: "rounds.void",
      targetType: "round",
      targetId: roundId,
      before: { phase: round.phase, voidedAt: null },
      after: {
        phase: round.phase,
        voidedAt,
        players: players.map((player) => ({ ...player })),
      },
      reason,
    });
    // Partners who took the round from `round.settled` learn it no longer counts.
    await writeWebhookEvent(tx, { id: round.table_id }, "round.voided", {
      roundId,
      shoeId: round.shoe_id,
      number: round.number,
      reason,
      voidedAt,
    });
    const events: NewEvent[] = [
      {
        tableId: round.table_id,
        roundId,
        type: "round.voided",
        payload: { roundId, number: round.number, reason, voidedAt },
      },
      ...players.map((player) => ({
        tableId: round.table_id,
        roundId,
        playerId: player.playerId,
        type: "round.voided" as const,
        payload: { roundId, number: round.number, reason, voidedAt, amount: player.amount },
      })),
    ];
    // Last: appendEvents holds the events lock until commit.
    await appendEvents(tx, events);
    return { voided: { roundId, voidedAt, reason, players }, slug: round.slug };
  });
  // Not a phase in the database (a voided round stays settled), but one on the dashboard.
  roundPhases.inc({ table: slug, phase: "voided" });
  return voided;
}
