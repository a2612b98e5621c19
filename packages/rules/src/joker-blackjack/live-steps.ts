/**
 * Joker blackjack's round at a live table, step by step: the dealer's steps show one card each
 * (the deal in its order, the hole card face down, the reveal, the draws), the players' actions
 * come between them, and every engine settlement is published right after the card that made it.
 */
import { endRound } from "@fuda/shoe";
import type { Card, Shoe } from "@fuda/shoe";

import type { Decision, RoundSeat, TableStep } from "../live/decisions";
import type { GameEvent, TurnStarted } from "../live/events";
import { nextDealerStep } from "./dealer";
import type { Engine, JokerBlackjackRound } from "./live-round";
import { decisionOf, engineOf, syncShoe } from "./live-round";
import type { JokerBlackjackOutcome, JokerBlackjackRoadMark } from "./live-view";
import {
  dealerResult,
  dealerView,
  dealSlot,
  handName,
  roadMarkOf,
  seatsView,
  settledEvent,
  totalsOf,
} from "./live-view";
import { apply, createRound } from "./round";
import type { ApplyResult, JokerBlackjackConfig, RoundState } from "./types";

export type Step = TableStep<JokerBlackjackOutcome, JokerBlackjackRoadMark>;
type Event = GameEvent<JokerBlackjackOutcome, JokerBlackjackRoadMark>;

/** The round once the engine is at `state`: what is shown, the steps and the decision, updated. */
export function withState(
  round: JokerBlackjackRound,
  state: RoundState,
  changes: Partial<JokerBlackjackRound> = {},
): JokerBlackjackRound {
  const next = { ...round, ...changes };
  // While the deal is being shown nobody acts, whatever the engine already knows.
  const dealShown = next.log.length > 0 && next.dealShown === next.dealCards;
  return {
    ...next,
    seats: seatsView(state, next),
    dealer: dealerView(state, next),
    step: state.step,
    settledStep: state.settledStep,
    pending: dealShown ? decisionOf(state) : null,
  };
}

export const turnStarted = (decision: Decision | null): TurnStarted[] =>
  decision === null ? [] : [{ type: "turn.started", ...decision }];

export function outcomeOf(round: JokerBlackjackRound): JokerBlackjackOutcome {
  return {
    dealer: { cards: round.dealer, result: dealerResult(round.dealer) },
    seats: round.seats,
  };
}

export function seatBettors(
  config: JokerBlackjackConfig,
  round: JokerBlackjackRound,
  seats: readonly RoundSeat[],
): JokerBlackjackRound {
  if (round.bettors !== null) throw new RangeError(`round ${round.number}: bettors seated already`);
  const bettors = seats.slice().sort((a, b) => a.seat - b.seat);
  if (bettors.length === 0) return { ...round, bettors };
  // Checks the seats (numbers, whole-point stakes, balances) as the engine takes them.
  const state = createRound(config, bettors, { cards: [], position: round.first });
  return withState({ ...round, bettors }, state);
}

function cardEvent(round: JokerBlackjackRound, position: string, card: Card): Event {
  return { type: "card.dealt", position, card, totals: totalsOf(round.seats, round.dealer) };
}

/** Shows the deal's next card and what it settled (the hole card face down, unless revealed). */
function showDealCard(
  round: JokerBlackjackRound,
  state: RoundState,
  deal: ApplyResult,
  events: Event[],
): JokerBlackjackRound {
  const k = round.dealShown;
  const slot = dealSlot(k, state.seats.length);
  const card = state.shoe[round.first + k]!;
  const records = deal.settlements.slice(deal.draws[k], deal.draws[k + 1]);
  // The hole card shows only when the check found the dealer's blackjack (a joker stays hidden).
  const faceDown = slot === "hole" && !state.holeRevealed;
  const position =
    slot === "up"
      ? "dealer-1"
      : slot === "hole"
        ? "dealer-2"
        : `${handName(state.seats[slot.seat]!.seat, 0)}-${slot.card}`;
  const next = withState(round, state, {
    dealShown: k + 1,
    holeShown: slot === "hole" && !faceDown,
    cards: faceDown ? round.cards : [...round.cards, card],
    positions: faceDown ? round.positions : [...round.positions, position],
    settlements: [...round.settlements, ...records],
  });
  events.push(
    faceDown
      ? { type: "card.faceDown", position, totals: totalsOf(next.seats, next.dealer) }
      : cardEvent(next, position, card),
    ...records.map(settledEvent),
  );
  return next;
}

function finish(shoe: Shoe, round: JokerBlackjackRound, events: Event[]): Step {
  const next = { ...round, dealt: true, lastRound: endRound(shoe) };
  events.push({
    type: "round.result",
    outcome: outcomeOf(next),
    roadMark: roadMarkOf(next.dealer, next.settlements),
  });
  return { round: next, events };
}

export function dealerStep(
  config: JokerBlackjackConfig,
  shoe: Shoe,
  round: JokerBlackjackRound,
): Step {
  if (round.dealt) throw new RangeError(`round ${round.number} is dealt already`);
  if (round.pending !== null) {
    throw new RangeError(`round ${round.number} waits for seat ${round.pending.seat} to act`);
  }
  const events: Event[] = [];
  if (round.bettors?.length === 0) {
    if (shoe.round !== round.number || !shoe.inRound || shoe.position !== round.first) {
      throw new RangeError(`round ${round.number} expects the shoe in that round`);
    }
    return finish(shoe, round, events);
  }
  const engine: Engine = engineOf(config, round, shoe);
  let state = engine.state;
  let next: JokerBlackjackRound;
  if (round.dealShown < round.dealCards || round.log.length === 0) {
    // The whole deal is drawn at once (the engine settles it as one event), then shown card by card.
    let deal = engine.results[0];
    let dealing = round;
    if (deal === undefined) {
      deal = apply(state, { type: "deal" });
      syncShoe(shoe, deal.state);
      dealing = { ...round, log: [{ type: "deal" }], dealCards: deal.state.position - round.first };
    }
    state = deal.state;
    next = showDealCard(dealing, state, deal, events);
  } else if (state.holeRevealed && !round.holeShown) {
    // The check after the insurance window found the dealer's blackjack: it is turned now.
    next = withState(round, state, {
      holeShown: true,
      cards: [...round.cards, state.dealer[1]!],
      positions: [...round.positions, "dealer-2"],
    });
    events.push(cardEvent(next, "dealer-2", state.dealer[1]!));
  } else {
    const step = nextDealerStep(state);
    // A rewind never goes back before the deal (live-decisions.ts), so it is never dealt again.
    if (step === "deal") throw new Error(`round ${round.number}: the deal is done already`);
    if (step === null) next = round;
    else {
      const result = apply(state, { type: step });
      syncShoe(shoe, result.state);
      state = result.state;
      const index = step === "reveal" ? 1 : state.dealer.length - 1;
      const card = state.dealer[index]!;
      next = withState(round, state, {
        log: [...round.log, { type: step }],
        holeShown: true,
        cards: [...round.cards, card],
        positions: [...round.positions, `dealer-${index + 1}`],
        settlements: [...round.settlements, ...result.settlements],
      });
      events.push(
        cardEvent(next, `dealer-${index + 1}`, card),
        ...result.settlements.map(settledEvent),
      );
    }
  }
  const shownAll = next.dealShown === next.dealCards && next.holeShown === state.holeRevealed;
  if (state.phase === "over" && shownAll) return finish(shoe, next, events);
  events.push(...turnStarted(next.pending));
  return { round: next, events };
}
