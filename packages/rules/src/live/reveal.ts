import type { Shoe } from "@fuda/shoe";
import { endRound } from "@fuda/shoe";

import { CARD_VALUE } from "../baccarat/hand";
import type { DealStep, GameDefinition, LiveRound, PublicRound } from "./definition";
import type { DealEvent } from "./events";

/**
 * How a game reveals a round, one card at a time: the part of a definition that differs per
 * game. `definitionOf` builds the steps, the public view and the road from it, the same for all.
 */
export interface RevealRules<Outcome, RoadMark> {
  /** Opens the next round in the shoe (`startRound`, burns) and returns its first card's index. */
  open(shoe: Shoe): number;
  /** The next card to reveal (drawn now, or read from cards dealt face down at the open). */
  nextCard(shoe: Shoe, round: LiveRound): number;
  /** Cards taken from the shoe at the open, face down (0 when each is drawn as it is shown). */
  dealtFaceDown: number;
  /** The positions of revealed cards, in reveal order. */
  positions(cards: readonly number[]): readonly string[];
  /** The hands shown so far with their running totals. */
  totals(cards: readonly number[]): Record<string, number>;
  isDealt(cards: readonly number[]): boolean;
  outcome(cards: readonly number[]): Outcome;
  roadMark(cards: readonly number[]): RoadMark;
}

/** A hand's running point total: values add up, the last digit counts (both games). */
export const pointsOf = (cards: readonly number[]): number =>
  cards.reduce((sum, card) => sum + CARD_VALUE[card]!, 0) % 10;

type DealingPart<O, M> = Pick<
  GameDefinition<O, M>,
  "startRound" | "dealerStep" | "isDealt" | "outcome" | "publicView" | "updateRoad"
>;

export function dealingOf<O, M>(rules: RevealRules<O, M>): DealingPart<O, M> {
  return {
    startRound(shoe) {
      const first = rules.open(shoe);
      return { number: shoe.round, first, cards: [], dealt: false, lastRound: false };
    },
    dealerStep(shoe, round): DealStep<O, M> {
      if (round.dealt) throw new RangeError(`round ${round.number} is dealt already`);
      // A resumed round must meet the shoe where it left it, or it would deal other cards.
      const position = round.first + Math.max(round.cards.length, rules.dealtFaceDown);
      if (shoe.round !== round.number || !shoe.inRound || shoe.position !== position) {
        throw new RangeError(
          `round ${round.number} expects the shoe in that round at card ${position}, not in round ${shoe.round} at card ${shoe.position}`,
        );
      }
      const card = rules.nextCard(shoe, round);
      const cards = [...round.cards, card];
      const dealt = rules.isDealt(cards);
      const next: LiveRound = { ...round, cards, dealt, lastRound: dealt && endRound(shoe) };
      const events: DealEvent<O, M>[] = [
        {
          type: "card.dealt",
          position: rules.positions(cards)[cards.length - 1]!,
          card,
          totals: rules.totals(cards),
        },
      ];
      if (dealt) {
        const result = rules.outcome(cards);
        events.push({ type: "round.result", outcome: result, roadMark: rules.roadMark(cards) });
      }
      return { round: next, events };
    },
    isDealt: (round) => round.dealt,
    outcome(round) {
      if (!round.dealt) throw new RangeError(`round ${round.number} is still being dealt`);
      return rules.outcome(round.cards);
    },
    publicView(round): PublicRound<O> {
      const positions = rules.positions(round.cards);
      return {
        number: round.number,
        cards: round.cards.map((card, index) => ({ position: positions[index]!, card })),
        totals: rules.totals(round.cards),
        outcome: round.dealt ? rules.outcome(round.cards) : null,
      };
    },
    updateRoad(road, round) {
      if (!round.dealt) throw new RangeError(`round ${round.number} is still being dealt`);
      return [...road, rules.roadMark(round.cards)];
    },
  };
}
