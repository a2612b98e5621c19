/**
 * A joker blackjack round driven through its game definition only, as a runtime drives it: the
 * bet rows it would store (main bets, then the rows each action's stake adds), the dealer's steps
 * whenever no decision is pending, and every event published.
 */
import { HmacDrbg, newShoe } from "@fuda/shoe";
import type { Card, Shoe } from "@fuda/shoe";
import { expect } from "vitest";

import type { GameEvent, Decisions, LiveBet, LiveRound, RoundSeat } from "../../src";
import { gameDefinition } from "../../src";
import { DEFAULT_CONFIG, replay } from "../../src/joker-blackjack";
import type { JokerBlackjackRound } from "../../src/joker-blackjack/live-round";
import { cards, POINT, seats, stackedShoe } from "../joker-blackjack/table";

/** The registry's own: what a runtime that drives decisions finds for the seeded table. */
export const definition = gameDefinition("joker-blackjack", "seven-seat", { decisions: true })!;
export const decisions: Decisions = definition.decisions!;

/** A live shoe holding exactly `cards` in this order, its first round started. */
export function liveShoe(cards: readonly Card[]): Shoe {
  const shoe = newShoe({ cards: Uint8Array.from(cards), rng: new HmacDrbg({ serverSeed: "00" }) });
  shoe.cards.set(cards);
  return shoe;
}

export class LiveTable {
  readonly shoe: Shoe;
  readonly cards: Card[];
  round: LiveRound;
  readonly bets: LiveBet[];
  readonly events: GameEvent[] = [];

  constructor(
    players: string[],
    dealer: string,
    after = "",
    readonly bettors: RoundSeat[] = seats(players.length),
  ) {
    this.cards = stackedShoe(players, dealer, after);
    this.shoe = liveShoe(this.cards);
    this.round = decisions.seatBettors(definition.startRound(this.shoe), bettors);
    this.bets = bettors.map(({ seat, stake }) => ({ bet: "main", seat, amount: stake }));
  }

  get state(): JokerBlackjackRound {
    return this.round as JokerBlackjackRound;
  }

  /** The dealer steps until a decision is pending or the round is dealt; returns those events. */
  deal(): GameEvent[] {
    const events: GameEvent[] = [];
    while (!this.round.dealt && decisions.pending(this.round) === null) {
      const step = definition.dealerStep(this.shoe, this.round);
      this.round = step.round;
      events.push(...step.events);
    }
    this.events.push(...events);
    return events;
  }

  /** `seat` takes each action in turn as the runtime would (its stake's row first), then deals on. */
  act(seat: number, ...actions: string[]): GameEvent[] {
    const events: GameEvent[] = [];
    for (const action of actions) {
      const stake = decisions.actionStake(this.round, seat, action);
      if (!stake.ok) throw new Error(`${stake.refusal.code}: ${stake.refusal.message}`);
      const result = decisions.act(this.shoe, this.round, seat, action);
      if (!result.ok) throw new Error(`${result.refusal.code}: ${result.refusal.message}`);
      const taken = result.events[0]!;
      expect(taken).toMatchObject({ type: "action.taken", seat, action });
      // The stake the action put on the table is the row the runtime reserved for it.
      expect(taken.type === "action.taken" && taken.stake).toBe(stake.stake?.amount ?? 0);
      if (stake.stake !== null) this.bets.push(stake.stake);
      this.round = result.round;
      events.push(...result.events);
      this.events.push(...result.events);
      events.push(...this.deal());
    }
    return events;
  }

  timeout(): GameEvent[] {
    const step = decisions.timeout(this.shoe, this.round);
    this.round = step.round;
    this.events.push(...step.events);
    return [...step.events, ...this.deal()];
  }

  /** What the definition settles on each seat's rows, summed, in points. */
  returned(): Record<number, number> {
    const returns = definition.settle(this.round, this.bets);
    const bySeat: Record<number, number> = {};
    this.bets.forEach(
      ({ seat }, k) => (bySeat[seat!] = (bySeat[seat!] ?? 0) + returns[k]! / POINT),
    );
    return bySeat;
  }

  /** The rows and their returns as "bet@seat returned" strings, in points. */
  rows(): string[] {
    const returns = definition.settle(this.round, this.bets);
    return this.bets.map(
      ({ bet, seat, amount }, k) => `${bet}@${seat} ${amount / POINT}→${returns[k]! / POINT}`,
    );
  }

  /** The engine's own settlement of the persisted round, per seat, in points. */
  engineReturned(): Record<number, number> {
    const { settlements } = replay(
      DEFAULT_CONFIG,
      this.bettors,
      { cards: this.cards, position: 0 },
      this.state.log,
    );
    const bySeat: Record<number, number> = {};
    for (const { seat } of this.bettors) bySeat[seat] = 0;
    for (const { seat, amount } of settlements) bySeat[seat] = bySeat[seat]! + amount / POINT;
    return bySeat;
  }

  /** The hand.settled events of a seat as "reason amount" strings, in points. */
  settled(seat: number, events = this.events): string[] {
    return events.flatMap((event) =>
      event.type === "hand.settled" && event.seat === seat
        ? [`${event.reason} ${event.amount / POINT}`]
        : [],
    );
  }
}

export { cards, POINT, seats };

/** One card from text ("QH", "JK"). */
export const card = (text: string): number => cards(text)[0]!;

export const types = (events: readonly { type: string }[]): string[] =>
  events.map(({ type }) => type);

/** The positions of the cards shown face up, in order. */
export const dealt = (events: readonly { type: string; position?: string }[]): unknown[] =>
  events.flatMap((event) => (event.type === "card.dealt" ? [event.position] : []));
