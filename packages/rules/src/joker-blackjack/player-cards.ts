import { JOKER } from "@fuda/shoe";
import type { Card } from "@fuda/shoe";

import type { Draft } from "./draft";
import { hardValue, isNatural, minTotal } from "./hand";
import { DEFAULT_PAY_TABLE } from "./pay-table";
import { PREMIUMS, premiumOf } from "./premiums";
import type { PremiumName } from "./premiums";

// A card arriving on a player's hand and what it settles at once (the joker, premiums, a bust),
// shared by the deal, the players' turns and the dealer's check.

function isLastSeat(d: Draft, i: number): boolean {
  return i === d.seats.length - 1;
}

/** Pays a premium: settles an open bet, or tops a final one up to the premium's total. */
export function payPremium(d: Draft, i: number, h: number, name: PremiumName): void {
  const hand = d.hand(i, h);
  // Stakes are whole points and pays multiples of ½ (pay-table.ts): the total is whole units.
  const total = (d.s.config.payTable ?? DEFAULT_PAY_TABLE).premiums[name] * hand.stake;
  if (!hand.final) {
    d.settle(i, h, name, total, name);
    hand.premium = name;
  } else if (total > hand.paid) {
    // docs/rules/joker-blackjack.md, The joker: a premium made after the joker's 2× tops the
    // payout up; it never pays twice.
    const topUp = total - hand.paid;
    hand.paid = total;
    hand.premium = name;
    d.pay(i, h, "hand", "topUp", name, hand.stake, topUp, name);
  }
}

/**
 * A player's joker: the last seat's extra effect first, then the pay table's return (2× by
 * default) at once and final.
 */
export function playerJoker(d: Draft, i: number, h: number): void {
  const seat = d.seat(i);
  const hand = d.hand(i, h);
  if (isLastSeat(d, i)) {
    if (seat.holdings < seat.sitDownBalance) {
      d.pay(
        i,
        h,
        "hand",
        "bonus",
        "last-seat restore",
        hand.stake,
        seat.sitDownBalance - seat.holdings,
      );
    } else {
      d.pay(i, h, "hand", "bonus", "last-seat bonus", hand.stake, 3 * hand.stake);
    }
  }
  if (!hand.final) {
    const pays = (d.s.config.payTable ?? DEFAULT_PAY_TABLE).playerJoker;
    d.settle(i, h, "joker", pays * hand.stake);
  }
}

/** The hand takes no more cards: a 6-/7-under made pays now, a bust loses. */
export function finishHand(d: Draft, i: number, h: number): void {
  const hand = d.hand(i, h);
  hand.done = true;
  if (hand.pendingUnder !== null) {
    const name = hand.pendingUnder;
    hand.pendingUnder = null;
    payPremium(d, i, h, name);
  } else if (!hand.final && minTotal(hand.cards) > 21) {
    d.settle(i, h, "lose", 0);
  }
}

/**
 * A card arrives on a player's hand: joker effect, premiums, then a bust, a hard 21 or a blackjack
 * ends the hand. A soft or joker 21 may still draw: a sixth or seventh card can make a 6-/7-under
 * (from a soft 21 with five cards it always does), and a bet the joker made final risks nothing.
 */
export function giveCard(d: Draft, i: number, h: number, card: Card): void {
  const hand = d.hand(i, h);
  d.addCard(hand, card);
  if (card === JOKER) playerJoker(d, i, h);
  const premium = premiumOf(hand.cards);
  if (premium !== null) {
    if (PREMIUMS[premium].paidWhenFinished) hand.pendingUnder = premium;
    else payPremium(d, i, h, premium);
  }
  if (minTotal(hand.cards) >= 21 || (!hand.fromSplit && isNatural(hand.cards))) {
    finishHand(d, i, h);
  } else if (hand.fromSplit && hand.cards.length === 2 && hardValue(hand.cards[0]!) === 1) {
    // Split Aces get one card each and no further action.
    finishHand(d, i, h);
  }
}

/** Every bet not yet final pushes and the round ends (a joker as the up card, the hole card or a draw). */
export function forcedPush(d: Draft): void {
  d.seats.forEach((seat, i) => {
    seat.hands.forEach((hand, h) => {
      if (!hand.final) d.settle(i, h, "forced push", hand.stake);
    });
    if (seat.insurance > 0 && !seat.insuranceFinal) {
      d.seat(i).insuranceFinal = true;
      d.pay(i, 0, "insurance", "settle", "forced push", seat.insurance, seat.insurance);
    }
  });
  d.end();
}

/** The next hand needing a player from (i, h) on, dealing the second card of split hands. */
export function advance(d: Draft, i: number, h: number): void {
  for (; i < d.seats.length; i++, h = 0) {
    for (; h < d.seats[i]!.hands.length; h++) {
      const hand = d.seats[i]!.hands[h]!;
      if (hand.cards.length === 1) giveCard(d, i, h, d.draw());
      if (!d.seats[i]!.hands[h]!.done) {
        d.s.turn = i;
        d.s.hand = h;
        return;
      }
    }
  }
  d.s.phase = "dealer";
  d.s.turn = -1;
  d.s.hand = -1;
}
