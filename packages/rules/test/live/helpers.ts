import type { Shoe } from "@fuda/shoe";
import { burnFirstCard, DEFAULT_CUT_CARD, HmacDrbg, newShoe } from "@fuda/shoe";

import type { LiveBet, LiveRound, RoundSeat, GameEvent, TableGameDefinition } from "../../src";
import type { TableLimits } from "../../src/limits";
import { POINT } from "../../src/money";

/** A fresh shoe of the game, shuffled from a seed (any text), first-card burn done if it has one. */
export function shoeOf(definition: TableGameDefinition, seed: string | number): Shoe {
  const shoe = newShoe({
    cards: definition.shoeCards(),
    rng: new HmacDrbg({ serverSeed: Buffer.from(String(seed)).toString("hex") }),
    cutCard: definition.cutCard ?? DEFAULT_CUT_CARD,
  });
  if (definition.burnsFirstCard !== false) burnFirstCard(shoe);
  return shoe;
}

/** 2 to 1,000 points on every bet. */
export const limitsOf = (definition: TableGameDefinition): TableLimits =>
  Object.fromEntries(definition.bets.map(({ id }) => [id, { min: 200, max: 100_000 }]));

/** One bet of every id (on every seat it takes), at `amount`. */
export const everyBet = (definition: TableGameDefinition, amount = 500): LiveBet[] =>
  definition.bets.flatMap(({ id, seats }) =>
    seats.length === 0 ? [{ bet: id, amount }] : seats.map((seat) => ({ bet: id, seat, amount })),
  );

/** The seats a slip takes, as a runtime seats them: one player each, 1,000 points held. */
export function seatsOf(bets: readonly LiveBet[]): RoundSeat[] {
  const stakes = new Map<number, number>();
  for (const { seat, amount } of bets) {
    if (seat !== undefined) stakes.set(seat, (stakes.get(seat) ?? 0) + amount);
  }
  return [...stakes].map(([seat, stake]) => ({
    seat,
    player: `p${seat}`,
    stake,
    sitDownBalance: 1000 * POINT,
    balance: 1000 * POINT,
  }));
}

/**
 * Opens the shoe's next round as a runtime does: betting is skipped, and a game with decisions
 * gets the seats of `bets` once it would have closed (a bet behind a seat puts no one in it).
 */
export function openRound(
  definition: TableGameDefinition,
  shoe: Shoe,
  bets: readonly LiveBet[] = everyBet(definition),
): LiveRound {
  const round = definition.startRound(shoe);
  const behind = new Set(definition.bets.filter((spec) => spec.behind).map((spec) => spec.id));
  const seated = bets.filter((bet) => !behind.has(bet.bet));
  return definition.decisions?.seatBettors(round, seatsOf(seated)) ?? round;
}

/** One step of a runtime: the pending decision times out, or else the dealer steps. */
export function advance(
  definition: TableGameDefinition,
  shoe: Shoe,
  round: LiveRound,
): { round: LiveRound; events: readonly GameEvent[]; dealer: boolean } {
  const decisions = definition.decisions;
  if (decisions?.pending(round) != null) {
    return { ...decisions.timeout(shoe, round), dealer: false };
  }
  return { ...definition.dealerStep(shoe, round), dealer: true };
}

/** Steps a started round to its end, collecting every event (decisions time out). */
export function dealToEnd(
  definition: TableGameDefinition,
  shoe: Shoe,
  round: LiveRound,
): { round: LiveRound; events: GameEvent[] } {
  const events: GameEvent[] = [];
  while (!round.dealt) {
    const step = advance(definition, shoe, round);
    events.push(...step.events);
    round = step.round;
  }
  return { round, events };
}

/** Every round of a shoe, dealt to the end (the last is the one the cut card came out in). */
export function dealShoe(definition: TableGameDefinition, shoe: Shoe): LiveRound[] {
  const rounds: LiveRound[] = [];
  while (!shoe.finished)
    rounds.push(dealToEnd(definition, shoe, openRound(definition, shoe)).round);
  return rounds;
}
