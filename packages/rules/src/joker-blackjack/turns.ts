import { JOKER, rankOf } from "@fuda/shoe";
import type { Card } from "@fuda/shoe";

import type { Draft } from "./draft";
import { JokerBlackjackError, newHand } from "./draft";
import { nextInsuranceDecision } from "./dealer";
import { advance, finishHand, giveCard } from "./player-cards";
import type { PlayerAction, RoundState, SeatState } from "./types";

/** Every player action, in the order `legalActions` lists them. */
export const PLAYER_ACTIONS: readonly PlayerAction[] = [
  "hit",
  "stand",
  "double",
  "split",
  "surrender",
  "insurance",
  "evenMoney",
  "declineInsurance",
];

/** May the seat whose turn it is take `action` now? */
export function isAllowed(state: RoundState, current: SeatState, action: PlayerAction): boolean {
  const hand = current.hands[state.hand]!;
  if (state.phase === "insurance") {
    if (action === "declineInsurance") return true;
    if (action === "evenMoney") return hand.blackjackDue;
    return action === "insurance" && !hand.blackjackDue && current.holdings >= current.stake / 2;
  }
  if (state.phase !== "play") return false;
  const firstTwo = hand.cards.length === 2 && !hand.final;
  switch (action) {
    case "hit":
    case "stand":
      return true;
    case "double":
      return firstTwo && !hand.fromSplit && current.holdings >= hand.stake;
    case "surrender":
      return firstTwo && !hand.fromSplit;
    case "split": {
      const [a, b] = hand.cards as [Card, Card];
      return (
        firstTwo &&
        current.holdings >= hand.stake &&
        a !== JOKER &&
        rankOf(a) === rankOf(b) &&
        current.hands.length < state.config.maxHands
      );
    }
    default:
      return false;
  }
}

/** The actions `seat` may take now; empty when it is not their turn. */
export function legalActions(state: RoundState, seat: number): PlayerAction[] {
  const current = state.seats[state.turn];
  if (current?.seat !== seat) return [];
  return PLAYER_ACTIONS.filter((action) => isAllowed(state, current, action));
}

export function playerAction(d: Draft, type: PlayerAction, i: number): void {
  const h = d.s.hand;
  const seat = d.seat(i);
  if (d.s.phase === "insurance") {
    if (type === "insurance") {
      seat.insurance = seat.stake / 2;
      seat.holdings -= seat.insurance;
    } else if (type === "evenMoney") d.settle(i, 0, "even money", 2 * seat.hands[0]!.stake);
    seat.insuranceDecided = true;
    nextInsuranceDecision(d, i + 1);
    return;
  }
  const hand = d.hand(i, h);
  switch (type) {
    case "hit":
      giveCard(d, i, h, d.draw());
      break;
    case "stand":
      finishHand(d, i, h);
      break;
    case "double":
      seat.holdings -= hand.stake;
      hand.stake *= 2;
      hand.doubled = true;
      giveCard(d, i, h, d.draw());
      if (!d.seats[i]!.hands[h]!.done) finishHand(d, i, h);
      break;
    case "split": {
      seat.holdings -= hand.stake;
      const [first, second] = hand.cards as [Card, Card];
      seat.hands.splice(
        h,
        1,
        newHand([first], hand.stake, true),
        newHand([second], hand.stake, true),
      );
      break;
    }
    case "surrender":
      d.settle(i, h, "surrender", hand.stake / 2);
      d.hand(i, h).done = true;
      break;
    default:
      throw new JokerBlackjackError("ILLEGAL_EVENT", `${type} is not a play action`);
  }
  advance(d, i, h);
}
