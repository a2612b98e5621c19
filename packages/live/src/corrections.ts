/**
 * An operator's correction of a dealing mistake (docs/rules/joker-blackjack.md,
 * Dealing mistakes): `rewind` to a step, `unrecoverable`, `improperDeal`, applied to the live
 * round by the game under the round's lock, like a player's action, and announced with
 * `round.corrected` (who, why, the cards it burned). The points follow when the round settles:
 * stakes of cancelled actions come back, an unrecoverable round pays every bet as won.
 */
import type { Db } from "@fuda/db";
import { writeAudit } from "@fuda/db";
import { shoeFromJson } from "@fuda/shoe";

import { decisionsOf, lockLiveRound, refusalError } from "./actions";
import { deadlineAfter, writeStep } from "./decisions";
import { isRoundId, roundNotFound } from "./bet-slip";
import { studioSafe } from "./studio-memory";

export type CorrectionType = "rewind" | "unrecoverable" | "improperDeal";

export interface CorrectionInput {
  operatorId: string;
  roundId: string;
  type: CorrectionType;
  /** `rewind`: the step of the round to go back to (1: the end of the deal). */
  toStep?: number;
  /** Why, in the operator's words: kept with the event. */
  reason: string;
}

export interface Corrected {
  roundId: string;
  correction: CorrectionType;
  /** Cards the correction burned (they had been shown). */
  burned: number[];
}

export async function correctRound(db: Db, input: CorrectionInput): Promise<Corrected> {
  const { operatorId, roundId, type, toStep, reason } = input;
  if (!isRoundId(roundId)) throw roundNotFound(roundId);
  return db.$transaction(async (tx) => {
    const round = await lockLiveRound(tx, roundId);
    const { definition, decisions } = decisionsOf(round);
    const shoe = shoeFromJson(round.shoe_state);
    // At a studio table the correction reads only cards entered; a seat's choice still waiting
    // for its card is undone with the rest (rounds.studio cleared below).
    const result = studioSafe(shoe, round.state.first, (copy) =>
      decisions.correct(copy, round.state, {
        type,
        operator: operatorId,
        ...(toStep === undefined ? {} : { toStep }),
      }),
    );
    if (!result.ok) throw refusalError(result.refusal);
    const table = { id: round.table_id, settings: round.settings };
    const actsBy = deadlineAfter(definition, table, result.round, result.events, round.acts_by);
    const events = result.events.map((event) =>
      event.type === "round.corrected" ? { ...event, reason } : event,
    );
    const corrected = result.events.find((event) => event.type === "round.corrected");
    const burned = corrected?.type === "round.corrected" ? [...corrected.burned] : [];
    // Every operator action is audited in its own transaction (docs/operators.md, Audit log);
    // before the step, whose events hold the events lock until commit.
    await writeAudit(tx, {
      actorId: operatorId,
      action: `rounds.${type}`,
      targetType: "round",
      targetId: roundId,
      after: { correction: type, ...(toStep === undefined ? {} : { toStep }), burned },
      reason,
    });
    await writeStep(tx, {
      table,
      round,
      shoe: {
        id: round.shoe_id,
        position: round.shoe_position,
        after: shoe,
        stored: round.shoe_state,
      },
      step: { round: result.round, events },
      actsBy,
    });
    await tx.$executeRaw`UPDATE rounds SET studio = NULL WHERE id = ${roundId}::uuid AND studio IS NOT NULL`;
    return { roundId, correction: type, burned };
  });
}
