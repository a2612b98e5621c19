/**
 * What the studio console says, in the table's words (docs/studio.md, The console): where the
 * next card goes, what a seat chose, and the next thing to do. Pure: `studio.state` in, words out.
 */
import type { StudioNext } from "@fuda/contracts";

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th, 21st. */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  const suffix = ["th", "st", "nd", "rd"][n % 10] ?? "th";
  return `${n}${suffix}`;
}

const SEAT_CARD = /^seat-(\d+)(?:\.(\d+))?-(\d+)$/;
const SIDE_CARD = /^(player|banker)-(\d+)$/;
const DEALER_CARD = /^dealer-(\d+)$/;

/**
 * A seat's hand as the dealer calls it: "Seat 3", or "Seat 3, hand 2" once the seat has split
 * (a joker blackjack position `seat-3.2-1`, or `seat-3.1-…` beside a dealt `seat-3.2-…`).
 */
function seatName(seat: string, hand: string | undefined, dealt: readonly string[]): string {
  if (hand === undefined) return `Seat ${seat}`;
  const split = hand !== "1" || dealt.some((position) => position.startsWith(`seat-${seat}.2-`));
  return split ? `Seat ${seat}, hand ${hand}` : `Seat ${seat}`;
}

/**
 * Where a card goes, as the dealer says it: `player-1` "Player 1st card", `banker-3` "Banker
 * 3rd card", `seat-4-2` "Seat 4 — 2nd card", `seat-3.1-3` "Seat 3 — 3rd card", `dealer-1`
 * "Dealer up card", `dealer-2` "Dealer hole card". `dealt` (the round's positions so far) tells
 * whether a joker blackjack seat has split. An unknown position is shown as it is.
 */
export function positionWords(position: string, dealt: readonly string[] = []): string {
  if (position === "first-card") return "First card of a new shoe";
  if (position === "burn") return "Burn card";
  const side = SIDE_CARD.exec(position);
  if (side) {
    const name = side[1] === "player" ? "Player" : "Banker";
    return `${name} ${ordinal(Number(side[2]))} card`;
  }
  const dealer = DEALER_CARD.exec(position);
  if (dealer) {
    const card = Number(dealer[1]);
    // docs/rules/joker-blackjack.md, Deal: the up card, then the hole card, then the draws.
    if (card === 1) return "Dealer up card";
    if (card === 2) return "Dealer hole card";
    return `Dealer ${ordinal(card)} card`;
  }
  const seat = SEAT_CARD.exec(position);
  if (seat) {
    return `${seatName(seat[1]!, seat[2], dealt)} — ${ordinal(Number(seat[3]))} card`;
  }
  return position;
}

/** Where a position's card is shown: its hand (`seat-3.1`, `player`, `dealer`), as totals key it. */
export function handOf(position: string): string {
  const cut = position.lastIndexOf("-");
  return cut <= 0 ? position : position.slice(0, cut);
}

/** A hand's heading: `player` "Player", `seat-4` "Seat 4", `seat-3.2` "Seat 3, hand 2". */
export function handWords(hand: string, dealt: readonly string[] = []): string {
  const seat = /^seat-(\d+)(?:\.(\d+))?$/.exec(hand);
  if (seat) return seatName(seat[1]!, seat[2], dealt);
  return hand.charAt(0).toUpperCase() + hand.slice(1);
}

/** What a joker blackjack player chose, as the dealer announces it. */
const CHOICES: Record<string, string> = {
  hit: "hits",
  stand: "stands",
  double: "doubles",
  split: "splits",
  surrender: "surrenders",
  insurance: "takes insurance",
  evenMoney: "takes even money",
  declineInsurance: "declines insurance",
};

/** "Seat 3 hits", "Seat 3, hand 2 doubles" (`hand` counts from 0, as the engine does). */
export function actionWords(action: { seat: number; hand: number; action: string }): string {
  const who =
    action.hand > 0 ? `Seat ${action.seat}, hand ${action.hand + 1}` : `Seat ${action.seat}`;
  return `${who} ${CHOICES[action.action] ?? action.action}`;
}

/** The console's headline: what to do now, and what led to it ("Seat 3 hits"). */
export interface NextWords {
  lead: string | null;
  headline: string;
}

/** The next thing to do in large type, from `state.next` (`dealt`: the round's positions). */
export function nextWords(next: StudioNext, dealt: readonly string[] = []): NextWords {
  switch (next.kind) {
    case "firstCard":
      return { lead: null, headline: "First card of a new shoe" };
    case "burn":
      return {
        lead: null,
        headline:
          next.burn === null ? "Burn card" : `Burn ${next.burn.done + 1} of ${next.burn.of}`,
      };
    case "open":
      return { lead: null, headline: "Open betting" };
    case "close":
      return { lead: null, headline: "No more bets" };
    case "card": {
      const lead = next.action === null ? null : actionWords(next.action);
      // No position: the engine takes its next step without a card (a stand, a settled hand).
      const headline =
        next.position === null ? "The table deals…" : positionWords(next.position, dealt);
      return { lead, headline };
    }
    case "player": {
      const decision = next.decision;
      if (decision === null) return { lead: null, headline: "A seat to act…" };
      const who =
        decision.hand > 0
          ? `Seat ${decision.seat}, hand ${decision.hand + 1}`
          : `Seat ${decision.seat}`;
      return {
        lead: decision.kind === "insurance" ? "Insurance" : null,
        headline: `${who} to act…`,
      };
    }
    case "paused":
      return { lead: null, headline: "Table paused by the operators" };
  }
}
