import type { Shoe } from "@fuda/shoe";
import { burnFirstCard, DEFAULT_CUT_CARD, HmacDrbg, newShoe } from "@fuda/shoe";

import type { DealEvent, GameDefinition, LiveBet, LiveRound } from "../../src";
import type { TableLimits } from "../../src/limits";

/** A fresh shoe of the game, shuffled from a seed (any text), first-card burn done. */
export function shoeOf(definition: GameDefinition, seed: string | number): Shoe {
  const shoe = newShoe({
    cards: definition.shoeCards(),
    rng: new HmacDrbg({ serverSeed: Buffer.from(String(seed)).toString("hex") }),
    cutCard: DEFAULT_CUT_CARD,
  });
  burnFirstCard(shoe);
  return shoe;
}

/** Steps a started round to its end, collecting every event. */
export function dealToEnd(
  definition: GameDefinition,
  shoe: Shoe,
  round: LiveRound,
): { round: LiveRound; events: DealEvent[] } {
  const events: DealEvent[] = [];
  while (!round.dealt) {
    const step = definition.dealerStep(shoe, round);
    events.push(...step.events);
    round = step.round;
  }
  return { round, events };
}

/** Every round of a shoe, dealt to the end (the last is the one the cut card came out in). */
export function dealShoe(definition: GameDefinition, shoe: Shoe): LiveRound[] {
  const rounds: LiveRound[] = [];
  while (!shoe.finished)
    rounds.push(dealToEnd(definition, shoe, definition.startRound(shoe)).round);
  return rounds;
}

/** 2 to 1,000 points on every bet. */
export const limitsOf = (definition: GameDefinition): TableLimits =>
  Object.fromEntries(definition.bets.map(({ id }) => [id, { min: 200, max: 100_000 }]));

/** One bet of every id (on every seat it takes), at `amount`. */
export const everyBet = (definition: GameDefinition, amount = 500): LiveBet[] =>
  definition.bets.flatMap(({ id, seats }) =>
    seats.length === 0 ? [{ bet: id, amount }] : seats.map((seat) => ({ bet: id, seat, amount })),
  );
