/**
 * Bet Behind (docs/rules/joker-blackjack.md, Bet Behind): a player who is not seated stakes on a
 * seat's hand and takes no decision. The stake rides on the seat's first hand only and returns,
 * per unit staked, what one unit of that hand's own stake returned; what the seated player bought
 * besides (a double's second unit, a split's other hands, insurance, even money) and the last
 * seat's joker effect are theirs alone.
 */
import type { Card } from "@fuda/shoe";

import { isNatural } from "./hand";
import type { Settlement } from "./types";

/**
 * What a bet behind of `stake` (minor units) on `seat` returns, stake included, from the round's
 * settlement records and the dealer's cards as shown (up card, then the hole card once turned).
 * Rounded down to the minor unit. Throws while the seat's first hand is not yet settled.
 */
export function behindReturn(
  stake: number,
  seat: number,
  settlements: readonly Settlement[],
  dealerShown: readonly Card[],
): number {
  let settle: Settlement | undefined;
  let returned = 0;
  for (const record of settlements) {
    // Hand 0 keeps the first card through every split; refunds (a rewound double or split) and
    // the last seat's bonus are not the hand's bet.
    if (record.seat !== seat || record.bet !== "hand" || record.hand !== 0) continue;
    if (record.kind === "settle") settle = record;
    if (record.kind === "settle" || record.kind === "topUp") returned += record.amount;
  }
  if (settle === undefined) {
    throw new RangeError(`behind seat ${seat}: the seat's first hand is not settled yet`);
  }
  if (settle.reason === "even money") {
    // The backer declined nothing and took nothing: their blackjack waits for the dealer's check
    // and pushes against a dealer blackjack, else pays 2.5× (Settled interpretations, 6).
    const dealerBlackjack = dealerShown.length >= 2 && isNatural(dealerShown.slice(0, 2));
    return dealerBlackjack ? stake : Math.floor((5 * stake) / 2);
  }
  // Insured against the dealer's blackjack, the hand got its stake back; uninsured it loses.
  if (settle.reason === "insurance") return 0;
  // Per unit of the hand's own stake (a doubled hand's is two units): a double is not followed.
  return Math.floor((stake * returned) / settle.stake);
}
