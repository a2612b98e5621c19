import { Draft, refuse } from "./draft";
import { payPremium } from "./player-cards";
import type { ApplyResult, OperatorEvent, RoundState } from "./types";

/** Every bet not yet final wins (a made premium stands instead; an unpaid blackjack gets 2.5×). */
function settleAllAsWin(d: Draft): void {
  d.seats.forEach((seat, i) => {
    if (seat.insurance > 0 && !seat.insuranceFinal) {
      d.seat(i).insuranceFinal = true;
      d.pay(i, 0, "insurance", "settle", "dealing mistake", seat.insurance, 2 * seat.insurance);
    }
    seat.hands.forEach((hand, h) => {
      if (hand.pendingUnder !== null) {
        const name = hand.pendingUnder;
        d.hand(i, h).pendingUnder = null;
        payPremium(d, i, h, name);
      } else if (!hand.final) {
        d.settle(
          i,
          h,
          "dealing mistake",
          hand.blackjackDue ? (5 * hand.stake) / 2 : 2 * hand.stake,
        );
      }
    });
  });
  d.end();
}

/**
 * An operator's decision on a dealing mistake: rewind to an earlier step (the cards drawn since
 * are burned, cancelled stakes refunded), or settle every open bet as a win.
 */
export function operatorEvent(state: RoundState, event: OperatorEvent): ApplyResult {
  if (state.phase === "deal" || state.phase === "over") {
    refuse(`${event.type}: only while a dealt round is in play (phase ${state.phase})`);
  }
  if (event.type === "rewind") {
    const { toStep } = event;
    if (!Number.isInteger(toStep) || toStep >= state.step || toStep < state.settledStep) {
      refuse(
        `rewind: step ${toStep} must be in ${state.settledStep}..${state.step - 1}; steps up to ` +
          `${state.settledStep} settled bets (declare the mistake unrecoverable instead)`,
      );
    }
    let target: RoundState = state;
    while (target.step > toStep) target = target.previous!;
    // Cards out of the shoe since the target were drawn by the actions now cancelled, or burned
    // already by a rewind made since (the target's burned list is a prefix of the state's).
    const burnedSince = new Set(state.burnedPositions.slice(target.burnedPositions.length));
    const positions: number[] = [];
    for (let k = target.position; k < state.position; k++) {
      if (!burnedSince.has(k)) positions.push(k);
    }
    const burned = positions.map((k) => state.shoe[k]!);
    const d = new Draft(target);
    target.seats.forEach((seat, i) => {
      // Stakes of cancelled doubles, splits and insurance go back to the player.
      const refund = seat.holdings - state.seats[i]!.holdings;
      if (refund > 0) {
        d.pay(i, 0, "hand", "refund", "dealing mistake", seat.stake, refund);
        d.seat(i).holdings = seat.holdings;
      }
    });
    d.s.position = state.position;
    d.s.burned = [...state.burned, ...burned];
    d.s.burnedPositions = [...state.burnedPositions, ...positions];
    d.s.audit = [...state.audit, { step: state.step, event, burned }];
    return { state: d.s, settlements: d.out, draws: d.draws };
  }
  const d = new Draft(state);
  d.s.audit = [...state.audit, { step: state.step, event, burned: [] }];
  // An improper deal with no action taken yet: the recorded deal is the correct one (it came
  // from the shoe in order), so it is restored as shown and play continues.
  if (event.type === "unrecoverable" || state.step > state.dealStep) settleAllAsWin(d);
  return { state: d.s, settlements: d.out, draws: d.draws };
}
