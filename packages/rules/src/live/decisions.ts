/**
 * Players' decisions, a capability of a game definition (docs/rules/live-tables.md, Game
 * definitions): a game whose players act between the dealer's steps (joker blackjack) has it,
 * the others do not. Pure like the rest: the runtime keeps the timer, the ledger and the rows.
 */
import type { Shoe } from "@fuda/shoe";

import type { DealStep, LiveBet, LiveRound, Refusal } from "./definition";
import type { GameEvent } from "./events";

/** A bettor's seat as the runtime puts it in a round when betting closes. */
export interface RoundSeat {
  readonly seat: number;
  /** Who sits there: the player's id (never published by the game). */
  readonly player: string;
  /** The seat's stake from the betting window, minor units. */
  readonly stake: number;
  /** What the player held when they sat down (joker blackjack's last-seat joker reads it). */
  readonly sitDownBalance: number;
  /** What the player holds now, the stake on the table not counted. */
  readonly balance: number;
}

/** The decision a round waits for: one seat's, on one hand, under the runtime's timer. */
export interface Decision {
  readonly seat: number;
  /** The seat's hand being played, from 0 (a split makes more). */
  readonly hand: number;
  /** What is being decided: joker blackjack's `insurance` window or a hand's `turn`. */
  readonly kind: string;
  /** The actions legal now, by name. */
  readonly actions: readonly string[];
  /** What `timeout` does for the seat (joker blackjack: `stand`, `declineInsurance`). */
  readonly onTimeout: string;
}

export interface Refused {
  readonly ok: false;
  readonly refusal: Refusal;
}

/** A decision applied: the round after it and its events; or why it is refused (nothing changes). */
export type ActResult<Outcome = unknown, RoadMark = unknown> =
  ({ readonly ok: true } & TableStep<Outcome, RoadMark>) | Refused;

/** A step of a game with decisions: it may publish any event of the catalog. */
export type TableStep<Outcome = unknown, RoadMark = unknown> = DealStep<
  Outcome,
  RoadMark,
  GameEvent<Outcome, RoadMark>
>;

/** What an action would put on the table: a bet row of its own, or none (hit, stand…). */
export type ActionStake = { readonly ok: true; readonly stake: LiveBet | null } | Refused;

/** An operator's decision on a dealing mistake (`rewind` takes `toStep`). */
export interface Correction {
  readonly type: string;
  readonly operator: string;
  readonly toStep?: number;
}

export interface Decisions<Outcome = unknown, RoadMark = unknown> {
  /**
   * Puts the bettors in the round once betting has closed, before its first dealer step; empty
   * seats are left out, so the last seat is the last occupied one. With none, the first dealer
   * step ends the round without a card.
   */
  seatBettors(round: LiveRound, seats: readonly RoundSeat[]): LiveRound;
  /** The decision the round waits for; null: the dealer steps next (or the round is dealt). */
  pending(round: LiveRound): Decision | null;
  /**
   * The stake `action` by `seat` would add now, as the bet row the ledger must reserve before
   * `act` (double, split, insurance); refused when the action is not legal now.
   */
  actionStake(round: LiveRound, seat: number, action: string): ActionStake;
  /** `seat` takes `action` (drawing from the shoe in place, as `dealerStep` does). */
  act(shoe: Shoe, round: LiveRound, seat: number, action: string): ActResult<Outcome, RoadMark>;
  /** The pending decision's timer ended: its default is taken. Throws when none is pending. */
  timeout(shoe: Shoe, round: LiveRound): TableStep<Outcome, RoadMark>;
  /** An operator's correction of a dealing mistake, or why it is refused. */
  correct(shoe: Shoe, round: LiveRound, correction: Correction): ActResult<Outcome, RoadMark>;
}
