import { rankOf } from "@fuda/shoe";

import { dealerTotal, hardValue, minTotal } from "./hand";
import type { PlayerAction, RoundState } from "./types";

/*
 * Basic strategy for 6 decks, dealer stands on soft 17, no double after a split, late
 * surrender. Rows by player total, columns by the dealer's up card 2 3 4 5 6 7 8 9 T A.
 * H hit, S stand, D double (else hit), X double (else stand), R surrender (else hit),
 * P split.
 */
const HARD: Record<number, string> = {
  9: "HDDDDHHHHH",
  10: "DDDDDDDDHH",
  11: "DDDDDDDDDH",
  12: "HHSSSHHHHH",
  13: "SSSSSHHHHH",
  14: "SSSSSHHHHH",
  15: "SSSSSHHHRH",
  16: "SSSSSHHRRR",
};
const SOFT: Record<number, string> = {
  13: "HHHDDHHHHH",
  14: "HHHDDHHHHH",
  15: "HHDDDHHHHH",
  16: "HHDDDHHHHH",
  17: "HDDDDHHHHH",
  18: "SXXXXSSHHH",
};
/** Pairs by card value (A = 1); "" never splits. */
const PAIRS: Record<number, string> = {
  1: "PPPPPPPPPP",
  2: "HHPPPPHHHH",
  3: "HHPPPPHHHH",
  6: "HPPPPHHHHH",
  7: "PPPPPPHHHH",
  8: "PPPPPPPPPP",
  9: "PPPPPSPPSS",
};

/** The basic-strategy move for the seat whose turn it is (insurance and even money declined). */
export function basicStrategy(state: RoundState): PlayerAction {
  if (state.phase === "insurance") return "declineInsurance";
  const seat = state.seats[state.turn]!;
  const hand = seat.hands[state.hand]!;
  // A final bet (joker, premium) risks nothing: keep drawing while a premium can still come.
  if (hand.final) return hand.cards.length < 7 ? "hit" : "stand";
  // A 6-under stands even if a seventh card busts, so drawing for the 7-under is free.
  if (hand.pendingUnder === "6-under") return "hit";
  if (hand.pendingUnder === "7-under") return "stand";
  // Five cards and a sixth cannot bust: the 6-under's 3× beats any win (soft 19-21 included).
  if (hand.cards.length === 5 && minTotal(hand.cards) <= 11) return "hit";
  const upValue = hardValue(state.dealer[0]!);
  const column = upValue === 1 ? 9 : upValue - 2;
  const cards = hand.cards;
  const twoCards = cards.length === 2;
  let move: string;
  if (
    twoCards &&
    rankOf(cards[0]!) === rankOf(cards[1]!) &&
    seat.hands.length < state.config.maxHands
  ) {
    move = PAIRS[hardValue(cards[0]!)]?.[column] ?? "";
    if (move === "P" && seat.holdings < hand.stake) move = "";
  } else move = "";
  if (move === "" || move === "H") {
    // No joker here (a joker makes the bet final), so the dealer's count applies.
    const total = dealerTotal(cards);
    if (total !== minTotal(cards)) move = total >= 19 ? "S" : (SOFT[total]?.[column] ?? "H");
    else if (total >= 17) move = "S";
    else move = total <= 8 ? "H" : HARD[total]![column]!;
  }
  const canDouble = twoCards && !hand.fromSplit && seat.holdings >= hand.stake;
  switch (move) {
    case "P":
      return "split";
    case "D":
      return canDouble ? "double" : "hit";
    case "X":
      return canDouble ? "double" : "stand";
    case "R":
      return twoCards && !hand.fromSplit ? "surrender" : "hit";
    case "S":
      return "stand";
    default:
      return "hit";
  }
}
