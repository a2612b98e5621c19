/**
 * An operator cancels an interrupted round (docs/rules/live-tables.md, Interrupted rounds;
 * docs/studio.md, Faults): a round in play that cannot go on, a studio console gone silent
 * among them. Under the round's lock, every bet still open is refunded through the ledger
 * (`refund/<round>/<bet>`, as the dealer's own cancel), the round's cards are burned (the shoe
 * stays in play; it ends here if this was its last round), the round is `cancelled` with
 * `round.cancelled` for the table and each player, and the audit log records who and why.
 * Bets a joker blackjack round already settled (a blackjack paid at the deal) keep their
 * settlement: only what is still in play goes back.
 */
import type { Db } from "@fuda/db";
import { writeAudit } from "@fuda/db";
import { FudaError } from "@fuda/errors";
import { burnDealtSince, endRound, shoeFromJson } from "@fuda/shoe";

import { lockLiveRound } from "./actions";
import { isRoundId, roundNotFound } from "./bet-slip";
import type { RoundRow } from "./dealer-rows";
import { endShoe, saveShoe } from "./dealer-shoe";
import type { NewEvent } from "./events";
import { appendEvents } from "./events";
import { refundOpenBets } from "./refunds";
import { freeLeavingSeats } from "./seats";
import { openBetsOf, playerEvents } from "./settlement";

export interface CancelInput {
  operatorId: string;
  roundId: string;
  reason: string;
}

export interface Cancelled {
  roundId: string;
  /** Bets refunded, and the minor units they gave back. */
  refunds: number;
  refunded: number;
  /** Shoe positions the cancel burned (cards the round had taken). */
  burned: number[];
  /** The round was the shoe's last (its cut card was out): the shoe ended with it. */
  shoeEnded: boolean;
}

export async function cancelInterruptedRound(db: Db, input: CancelInput): Promise<Cancelled> {
  const { operatorId, roundId, reason } = input;
  if (!isRoundId(roundId)) throw roundNotFound(roundId);
  return db.$transaction(async (tx) => {
    // The dealer's (or the console's) next step on this round finds it moved and gives it up.
    const round = await lockLiveRound(tx, roundId);
    if (round.phase !== "betting" && round.phase !== "dealing") {
      throw new FudaError(
        "CONFLICT",
        `roundId: round ${roundId} is ${round.phase}: only a round in play is cancelled ` +
          `(a settled one is voided)`,
        { field: "roundId", roundId, phase: round.phase, rule: "NOT_NOW" },
      );
    }
    const shoe = shoeFromJson(round.shoe_state);
    const from = round.state.first;
    const burned = Array.from({ length: shoe.position - from }, (_, k) => from + k);
    burnDealtSince(shoe, from);
    const last = endRound(shoe);
    await saveShoe(tx, round.shoe_id, round.shoe_position, shoe);

    const bets = await openBetsOf(tx, roundId);
    const refunds = await refundOpenBets(tx, roundId);
    const wallets = new Map(refunds.map((refund) => [refund.playerId, refund.balance]));
    const refundedBets = bets.map((bet) => ({ ...bet, returned: Number(bet.reserved) }));
    const refunded = refunds.reduce((sum, refund) => sum + refund.amount, 0);
    const [row] = await tx.$queryRaw<{ version: number; moves: number; closes_at: Date }[]>`
      UPDATE rounds SET phase = 'cancelled', closed_at = coalesce(closed_at, now()),
                        acts_by = NULL, studio = NULL, version = version + 1
      WHERE id = ${roundId}::uuid
      RETURNING version, moves, betting_closes_at AS closes_at`;

    await writeAudit(tx, {
      actorId: operatorId,
      action: "rounds.cancel",
      targetType: "round",
      targetId: roundId,
      before: { phase: round.phase },
      after: { phase: "cancelled", refunds: refunds.length, refunded, burned, shoeEnded: last },
      reason,
    });
    const table = { id: round.table_id, settings: round.settings };
    const roundRow: RoundRow = {
      id: roundId,
      shoeId: round.shoe_id,
      number: round.number,
      phase: "cancelled",
      closesAt: row!.closes_at,
      state: round.state,
      version: row!.version,
      moves: row!.moves,
      actsBy: null,
    };
    const events: NewEvent[] = [
      {
        tableId: table.id,
        roundId,
        type: "round.cancelled",
        payload: { roundId, number: round.number, reason, refunds: refundedBets.length },
      },
      ...playerEvents(table, roundRow, "round.cancelled", refundedBets, wallets),
      ...(await freeLeavingSeats(tx, table.id)),
    ];
    if (last) events.push(await endShoe(tx, table, round.shoe_id, shoe));
    // Last: appendEvents holds the events lock until commit.
    await appendEvents(tx, events);
    return { roundId, refunds: refunds.length, refunded, burned, shoeEnded: last };
  });
}
