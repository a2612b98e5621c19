import { JOKER } from "@fuda/shoe";

import type { Draft } from "./draft";
import { dealerCheck, insuranceEligible, nextInsuranceDecision } from "./dealer";
import { hardValue, isNatural, isTen } from "./hand";
import { advance, forcedPush, giveCard, playerJoker } from "./player-cards";

/** The deal: a card to each seat, the up card, a second card to each seat, the hole card. */
export function deal(d: Draft): void {
  const n = d.seats.length;
  for (let i = 0; i < n; i++) {
    const card = d.draw();
    d.hand(i, 0).cards = [card];
    if (card === JOKER) playerJoker(d, i, 0);
  }
  const up = d.draw();
  d.s.dealer = [up];
  if (up === JOKER) {
    // docs/rules/joker-blackjack.md, The joker: the up-card joker pushes every bet not yet final
    // and ends the round at once.
    forcedPush(d);
    return;
  }
  for (let i = 0; i < n; i++) giveCard(d, i, 0, d.draw());
  d.s.dealer = [up, d.draw()];
  const upIsAce = hardValue(up) === 1;
  const checks = upIsAce || isTen(up);
  for (let i = 0; i < n; i++) {
    const hand = d.seats[i]!.hands[0]!;
    if (hand.final || !isNatural(hand.cards)) continue;
    if (checks) d.hand(i, 0).blackjackDue = true;
    else d.settle(i, 0, "blackjack", (5 * hand.stake) / 2);
  }
  for (let i = 0; i < n; i++) {
    if (!insuranceEligible(d.seats[i]!) || !upIsAce) d.seat(i).insuranceDecided = true;
  }
  if (upIsAce) nextInsuranceDecision(d, 0);
  else if (checks) dealerCheck(d);
  else {
    d.s.phase = "play";
    advance(d, 0, 0);
  }
}
