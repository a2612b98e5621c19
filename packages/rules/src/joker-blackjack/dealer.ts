import { JOKER } from "@fuda/shoe";
import type { Card } from "@fuda/shoe";

import type { Draft } from "./draft";
import { bestTotal, dealerTotal, isNatural } from "./hand";
import { advance, forcedPush } from "./player-cards";
import type { RoundState, SeatState } from "./types";

// The dealer's side of the round: the insurance round and the check for blackjack, then the
// reveal and the draws to 17, and settling what is still open against the dealer's hand.

export function insuranceEligible(seat: SeatState): boolean {
  return !seat.insuranceDecided && !seat.hands[0]!.final;
}

export function nextInsuranceDecision(d: Draft, from: number): void {
  for (let i = from; i < d.seats.length; i++) {
    if (insuranceEligible(d.seats[i]!)) {
      d.s.phase = "insurance";
      d.s.turn = i;
      d.s.hand = 0;
      return;
    }
  }
  dealerCheck(d);
}

/** Up card A or T: does the dealer hold blackjack? A joker in the hole is not one (and stays hidden). */
export function dealerCheck(d: Draft): void {
  const dealerBlackjack = isNatural(d.s.dealer);
  d.seats.forEach((seat, i) => {
    if (seat.insurance > 0) {
      d.seat(i).insuranceFinal = true;
      d.pay(
        i,
        0,
        "insurance",
        "settle",
        "insurance",
        seat.insurance,
        dealerBlackjack ? seat.insurance : 0,
      );
    }
    seat.hands.forEach((hand, h) => {
      if (hand.final) return;
      if (!dealerBlackjack) {
        if (hand.blackjackDue) d.settle(i, h, "blackjack", (5 * hand.stake) / 2);
      } else if (seat.insurance > 0) d.settle(i, h, "insurance", hand.stake);
      else if (hand.blackjackDue) d.settle(i, h, "push", hand.stake);
      else d.settle(i, h, "lose", 0);
    });
  });
  if (dealerBlackjack) {
    d.s.holeRevealed = true;
    d.end();
  } else {
    d.s.phase = "play";
    advance(d, 0, 0);
  }
}

function settleAgainstDealer(d: Draft): void {
  const dealer = dealerTotal(d.s.dealer);
  d.seats.forEach((seat, i) => {
    seat.hands.forEach((hand, h) => {
      if (hand.final) return;
      const player = bestTotal(hand.cards);
      if (dealer > 21 || player > dealer) d.settle(i, h, "win", 2 * hand.stake);
      else if (player === dealer) d.settle(i, h, "push", hand.stake);
      else d.settle(i, h, "lose", 0);
    });
  });
  d.s.phase = "over";
}

function anyOpenBet(state: RoundState): boolean {
  return state.seats.some((seat) => seat.hands.some((hand) => !hand.final));
}

/** The dealer has drawn or revealed `card`: a joker pushes the open bets, 17+ settles them. */
export function afterDealerCard(d: Draft, card: Card): void {
  if (card === JOKER) forcedPush(d);
  else if (!anyOpenBet(d.s)) d.s.phase = "over";
  else if (dealerTotal(d.s.dealer) >= 17) settleAgainstDealer(d);
}

/** The dealer's next step, or null when it is a player's turn or the round is over. */
export function nextDealerStep(state: RoundState): "deal" | "reveal" | "draw" | null {
  if (state.phase === "deal") return "deal";
  if (state.phase !== "dealer") return null;
  return state.holeRevealed ? "draw" : "reveal";
}
