/**
 * A seat's action (or its timer's default) at a live joker blackjack table: applied to the
 * engine and published as the action, then each card it drew with what that card settled.
 */
import type { Shoe } from "@fuda/shoe";

import type { GameEvent } from "../live/events";
import { bestTotal } from "./hand";
import type { JokerBlackjackRound } from "./live-round";
import { engineOf, stakeRowId, syncShoe } from "./live-round";
import type { Step } from "./live-steps";
import { turnStarted, withState } from "./live-steps";
import type { JokerBlackjackOutcome, JokerBlackjackRoadMark } from "./live-view";
import { handName, settledEvent, totalsOf } from "./live-view";
import { apply } from "./round";
import type { JokerBlackjackConfig, JokerBlackjackEvent, SeatState } from "./types";

type Event = GameEvent<JokerBlackjackOutcome, JokerBlackjackRoadMark>;

/** Where each card an action drew went, in draw order: hands from the acting one on, in order. */
function drawnInto(
  before: SeatState,
  after: SeatState,
  split: boolean,
  h: number,
): { hand: number; index: number }[] {
  const had = (j: number): number => {
    if (!split || j < h) return before.hands[j]?.cards.length ?? 0;
    // A split leaves one card on the hand and moves the other to a new hand right after it.
    return j <= h + 1 ? 1 : before.hands[j - 1]!.cards.length;
  };
  return after.hands.flatMap((hand, j) =>
    hand.cards.slice(had(j)).map((_, k) => ({ hand: j, index: had(j) + k })),
  );
}

const staked = (seat: SeatState): number =>
  seat.hands.reduce((sum, hand) => sum + hand.stake, seat.insurance);

/** Applies a seat's action (or its timeout) and publishes it with each card it drew. */
export function play(
  config: JokerBlackjackConfig,
  shoe: Shoe,
  round: JokerBlackjackRound,
  event: JokerBlackjackEvent & { seat: number },
  action: string,
): Step {
  const before = engineOf(config, round, shoe).state;
  const result = apply(before, event);
  syncShoe(shoe, result.state);
  const { state } = result;
  const i = before.turn;
  const seat = event.seat;
  const stake = staked(state.seats[i]!) - staked(before.seats[i]!);
  const slots = drawnInto(before.seats[i]!, state.seats[i]!, action === "split", before.hand);
  if (slots.length !== result.draws.length) {
    throw new Error(
      `seat ${seat} ${action}: ${result.draws.length} cards drawn, ${slots.length} placed`,
    );
  }
  const hands = state.seats[i]!.hands;
  const drawn = slots.map(({ hand, index }) => hands[hand]!.cards[index]!);
  const next = withState(round, state, {
    log: [...round.log, event],
    cards: [...round.cards, ...drawn],
    positions: [
      ...round.positions,
      ...slots.map(({ hand, index }) => `${handName(seat, hand)}-${index + 1}`),
    ],
    settlements: [...round.settlements, ...result.settlements],
    stakes:
      stake === 0
        ? round.stakes
        : [
            ...round.stakes,
            {
              bet: stakeRowId(round, seat, action),
              seat,
              amount: stake,
              step: state.step,
              cancelled: false,
            },
          ],
  });
  const view = next.seats[i]!;
  const events: Event[] = [
    {
      type: "action.taken",
      seat,
      hand: before.hand,
      action,
      timedOut: event.type === "timeout",
      stake,
      hands: view.hands,
    },
  ];
  const upTo = (t: number): number => result.draws[t] ?? result.settlements.length;
  events.push(...result.settlements.slice(0, upTo(0)).map(settledEvent));
  slots.forEach((slot, t) => {
    // The running totals as this card lands: the cards drawn after it are not there yet.
    const later = slots.slice(t + 1);
    const shownHands = view.hands.map((hand, j) => {
      const cards = hand.cards.slice(
        0,
        hand.cards.length - later.filter((s) => s.hand === j).length,
      );
      return { ...hand, cards, total: bestTotal(cards) };
    });
    const seats = next.seats.map((other, j) => (j === i ? { ...view, hands: shownHands } : other));
    events.push(
      {
        type: "card.dealt",
        position: next.positions[round.positions.length + t]!,
        card: drawn[t]!,
        totals: totalsOf(seats, next.dealer),
      },
      ...result.settlements.slice(upTo(t), upTo(t + 1)).map(settledEvent),
    );
  });
  events.push(...turnStarted(next.pending));
  return { round: next, events };
}
