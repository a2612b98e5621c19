/**
 * The players' and the operators' side of a live joker blackjack round: what a seat may do and
 * what it stakes, its actions and timeouts, and the dealing-mistake corrections
 * (docs/rules/joker-blackjack.md, Actions and Dealing mistakes).
 */
import type { Shoe } from "@fuda/shoe";

import type { ActionStake, ActResult, Correction } from "../live/decisions";
import type { JokerBlackjackRoadMark, JokerBlackjackOutcome } from "./live-view";
import { settledEvent } from "./live-view";
import { JokerBlackjackError } from "./draft";
import { jokerBlackjackRefusal } from "./live-bets";
import type { JokerBlackjackRound } from "./live-round";
import { engineOf, stakeRowId, syncShoe } from "./live-round";
import type { Step } from "./live-steps";
import { play } from "./live-play";
import { turnStarted, withState } from "./live-steps";
import { apply } from "./round";
import { PLAYER_ACTIONS } from "./turns";
import type { JokerBlackjackConfig, OperatorEvent, PlayerAction } from "./types";

type Result = ActResult<JokerBlackjackOutcome, JokerBlackjackRoadMark>;

/** Why `seat` may not take `action` now (from what the round shows), or null when it may. */
function refusalOf(
  round: JokerBlackjackRound,
  seat: number,
  action: string,
): JokerBlackjackError | null {
  if (!PLAYER_ACTIONS.includes(action as PlayerAction)) {
    return new JokerBlackjackError(
      "UNKNOWN_ACTION",
      `${action}: not a joker blackjack action (${PLAYER_ACTIONS.join(", ")})`,
    );
  }
  const { pending } = round;
  if (pending === null) {
    const why = round.dealt ? "the round is over" : "the dealer is dealing";
    return new JokerBlackjackError("NOT_YOUR_TURN", `${action}: no seat acts now (${why})`);
  }
  if (pending.seat !== seat) {
    return new JokerBlackjackError(
      "NOT_YOUR_TURN",
      `${action}: it is not seat ${seat}'s turn (seat ${pending.seat} is acting)`,
    );
  }
  if (!pending.actions.includes(action)) {
    return new JokerBlackjackError(
      "ILLEGAL_EVENT",
      `${action}: not allowed for seat ${seat} now (allowed: ${pending.actions.join(", ")})`,
    );
  }
  return null;
}

export function actionStake(round: JokerBlackjackRound, seat: number, action: string): ActionStake {
  const refused = refusalOf(round, seat, action);
  if (refused !== null) return { ok: false, refusal: jokerBlackjackRefusal(refused) };
  const { hand } = round.pending!;
  const stake = round.bettors!.find((bettor) => bettor.seat === seat)!.stake;
  // docs/rules/joker-blackjack.md, Actions: a double or a split stakes the hand's stake again,
  // insurance half the bet.
  const amount =
    action === "double" || action === "split"
      ? round.seats.find((view) => view.seat === seat)!.hands[hand]!.stake
      : action === "insurance"
        ? stake / 2
        : 0;
  return {
    ok: true,
    stake: amount === 0 ? null : { bet: stakeRowId(round, seat, action), seat, amount },
  };
}

export function act(
  config: JokerBlackjackConfig,
  shoe: Shoe,
  round: JokerBlackjackRound,
  seat: number,
  action: string,
): Result {
  const refused = refusalOf(round, seat, action);
  if (refused !== null) return { ok: false, refusal: jokerBlackjackRefusal(refused) };
  try {
    return {
      ok: true,
      ...play(config, shoe, round, { type: action as PlayerAction, seat }, action),
    };
  } catch (error) {
    return { ok: false, refusal: jokerBlackjackRefusal(error) };
  }
}

export function timeout(
  config: JokerBlackjackConfig,
  shoe: Shoe,
  round: JokerBlackjackRound,
): Step {
  const { pending } = round;
  if (pending === null) throw new RangeError(`round ${round.number}: no decision is pending`);
  return play(config, shoe, round, { type: "timeout", seat: pending.seat }, pending.onTimeout);
}

const CORRECTIONS = ["rewind", "unrecoverable", "improperDeal"] as const;

export function correct(
  config: JokerBlackjackConfig,
  shoe: Shoe,
  round: JokerBlackjackRound,
  { type, operator, toStep }: Correction,
): Result {
  const refuse = (error: unknown, field = "type"): Result => ({
    ok: false,
    refusal: jokerBlackjackRefusal(error, field),
  });
  if (!CORRECTIONS.includes(type as OperatorEvent["type"])) {
    return refuse(
      new JokerBlackjackError(
        "UNKNOWN_ACTION",
        `${type}: not a correction (${CORRECTIONS.join(", ")})`,
      ),
    );
  }
  if (round.dealt || round.log.length === 0 || round.dealShown < round.dealCards) {
    return refuse(
      new JokerBlackjackError(
        "ILLEGAL_EVENT",
        `${type}: only between the end of the deal and the end of the round`,
      ),
    );
  }
  if (type === "rewind" && toStep !== undefined && toStep < 1) {
    // The deal is shown card by card and never dealt again: a rewind goes back to it at most.
    return refuse(
      new JokerBlackjackError(
        "ILLEGAL_EVENT",
        "rewind: a live round rewinds to the end of its deal (step 1) at the earliest",
      ),
      "toStep",
    );
  }
  const event: OperatorEvent =
    type === "rewind"
      ? { type, toStep: toStep ?? Number.NaN, operator }
      : { type: type as "unrecoverable" | "improperDeal", operator };
  const before = engineOf(config, round, shoe).state;
  let result;
  try {
    result = apply(before, event);
  } catch (error) {
    return refuse(error, type === "rewind" ? "toStep" : "type");
  }
  syncShoe(shoe, result.state);
  const { state } = result;
  const target = event.type === "rewind" ? event.toStep : null;
  const next = withState(round, state, {
    log: [...round.log, event],
    settlements: [...round.settlements, ...result.settlements],
    // The stakes of the actions a rewind cancels come back (the engine's `refund` records).
    stakes: round.stakes.map((row) =>
      target !== null && !row.cancelled && row.step > target ? { ...row, cancelled: true } : row,
    ),
  });
  return {
    ok: true,
    round: next,
    events: [
      {
        type: "round.corrected",
        correction: type,
        operator,
        toStep: target,
        burned: state.burned.slice(before.burned.length),
      },
      ...result.settlements.map(settledEvent),
      ...turnStarted(next.pending),
    ],
  };
}
