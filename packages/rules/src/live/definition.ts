/**
 * One shape for every shared-table game (docs/rules/live-tables.md, Game definitions): data and
 * pure functions a table runtime drives without knowing which game it runs. The only randomness
 * is the shoe passed in; every state and event is plain JSON, so a round persisted mid-deal
 * resumes with the same cards.
 */
import type { CutCardRange, Shoe } from "@fuda/shoe";

import type { TableLimits } from "../limits";
import type { Odds } from "../money";
import type { Decision, Decisions } from "./decisions";
import type { DealEvent, PublicSeat } from "./events";

/**
 * A refused bet or action: a value, never a throw. `field` names the input, e.g. `bets.2.amount`,
 * `action`.
 */
export interface Refusal {
  readonly code: RefusalCode;
  readonly field: string;
  readonly message: string;
  /**
   * `BAD_INPUT` (also when absent, as for every bet): the input is wrong in itself. `CONFLICT`:
   * it is refused because of where the round stands (out of turn, not allowed at this point).
   */
  readonly kind?: "BAD_INPUT" | "CONFLICT";
}

export type RefusalCode =
  | "BET_NOT_OFFERED"
  | "BET_CLOSED_AFTER_ROUND"
  | "SEAT_NOT_ALLOWED"
  | "UNKNOWN_SEAT"
  | "STAKE_NOT_WHOLE_POINTS"
  | "BELOW_MIN"
  | "ABOVE_MAX"
  | "EXPOSURE_CAP"
  | "INSUFFICIENT_BALANCE"
  // Players' decisions (joker blackjack).
  | "UNKNOWN_ACTION"
  | "NOT_YOUR_TURN"
  | "ACTION_NOT_ALLOWED"
  | "INVALID_SEATS"
  | "SHOE_EMPTY";

/** One bet of a player's slip, as the API takes it (`bets.place`). Money in minor units. */
export interface LiveBet {
  readonly bet: string;
  readonly seat?: number;
  readonly amount: number;
}

/** What a slip is checked against besides itself: read from the database, never the caller. */
export interface SlipContext {
  /** The round's number within its shoe, from 1 (baccarat's round gates count it). */
  readonly round: number;
  readonly limits: TableLimits;
  /** What the player holds; absent when the ledger checks the balance itself. */
  readonly balance?: number;
  /**
   * Stakes the table accepted this round from everyone else, per bet id (a game with an
   * exposure cap reads its own bets from it: baccarat's Player and Banker).
   */
  readonly tableStakes?: Readonly<Record<string, number>>;
}

/** A bet of the catalog: its id, its name, the seats it is placed on (none: no seat). */
export interface BetSpec {
  readonly id: string;
  readonly label: string;
  readonly seats: readonly number[];
  /** The odds it can pay, "to 1", where the rules fix them. */
  readonly payouts: readonly Odds[];
  /** Last round of a shoe it is offered in; null: every round. */
  readonly lastRound: number | null;
  /**
   * A bet behind (joker blackjack's Bet Behind): placed on a seat another player sits in, riding
   * on that seat's hand with no decision of its own. Absent: a seat bet goes on the player's own
   * seat and puts the seat in the round.
   */
  readonly behind?: boolean;
}

/**
 * A round being dealt: plain numbers only. `first` is the index in the shoe of the round's
 * first card; `cards` are the cards revealed so far, in reveal order (never one more).
 */
export interface LiveRound {
  readonly number: number;
  readonly first: number;
  readonly cards: readonly number[];
  /** Every card is revealed. */
  readonly dealt: boolean;
  /** The cut card came out: the shoe ends after this round. */
  readonly lastRound: boolean;
}

/** One bet id's return per unit staked in a dealt round, on a seat where the bet has seats. */
export interface UnitReturn {
  readonly bet: string;
  readonly seat: number | null;
  /** Stake included: 2 even money, 1 a push, 0 lost. */
  readonly returnPerUnit: number;
}

/** What the public sees of a round: its revealed cards, by position, and the result once known. */
export interface PublicRound<Outcome = unknown> {
  readonly number: number;
  readonly cards: readonly { readonly position: string; readonly card: number }[];
  readonly totals: Readonly<Record<string, number>>;
  readonly outcome: Outcome | null;
  /** Games with players' decisions: each seat's hands as shown now. */
  readonly seats?: readonly PublicSeat[];
  /** Games with players' decisions: the decision the round waits for, if any. */
  readonly pending?: Decision | null;
}

/** A step's new round and its events, in the order they happen. */
export interface DealStep<
  Outcome = unknown,
  RoadMark = unknown,
  Event = DealEvent<Outcome, RoadMark>,
> {
  readonly round: LiveRound;
  readonly events: readonly Event[];
}

/**
 * `Event`: what its steps publish. A game dealt from start to end publishes `DealEvent`s; one with
 * decisions (`decisions`) the whole catalog, `GameEvent`s.
 */
export interface GameDefinition<
  Outcome = unknown,
  RoadMark = unknown,
  Event extends { readonly type: string } = DealEvent<Outcome, RoadMark>,
> {
  /** The public names, as in the database and the API. */
  readonly game: string;
  readonly variant: string;
  readonly bets: readonly BetSpec[];
  /** The composition a new shoe shuffles (docs/rules/live-tables.md, The shoe). */
  shoeCards(): Uint8Array;
  /** Where a new shoe's cut card goes; absent: `DEFAULT_CUT_CARD` (about one deck from the end). */
  readonly cutCard?: CutCardRange;
  /** Whether a new shoe opens with the first-card burn; absent: it does (baccarat, Pok Deng). */
  readonly burnsFirstCard?: boolean;
  /**
   * Whether a round is dealt when its betting window ends with no bet (docs/rules/live-tables.md,
   * Round phases). A shared table deals on (its road goes on); a seated game, whose dealer plays
   * only against the seats that bet, keeps the round betting until a bet comes.
   */
  readonly dealsWithoutBets: boolean;
  /** The bet ids offered in a round (gates applied). */
  betsOffered(round: number): readonly string[];
  /** Every rule the slip breaks; empty when it is accepted. */
  validateBets(bets: readonly LiveBet[], context: SlipContext): readonly Refusal[];
  /** What placing a valid bet takes from the balance until it settles. */
  reservedFor(bet: LiveBet): number;
  /** Opens the next round of the shoe (in place), burning what the game burns per round. */
  startRound(shoe: Shoe): LiveRound;
  /**
   * Reveals the next card; the step that ends the deal also carries the result. In a game with
   * decisions a step deals one card (the hole card face down) or none (the step that ends a round
   * a decision or an operator already decided), and never while a decision is pending.
   */
  dealerStep(shoe: Shoe, round: LiveRound): DealStep<Outcome, RoadMark, Event>;
  isDealt(round: LiveRound): boolean;
  /** The result of a dealt round (throws while it is being dealt). */
  outcome(round: LiveRound): Outcome;
  publicView(round: LiveRound): PublicRound<Outcome>;
  /** What each bet returns, stake (and deposit) included, in the order given. */
  settle(round: LiveRound, bets: readonly LiveBet[]): number[];
  /**
   * What one unit of each bet id came back as, stake included, on each seat dealt in: for a game
   * whose rows settle only together (joker blackjack: a seat's main bets with the rows its
   * doubles and splits added), so one bet alone cannot be settled. Absent: each bet id (per seat)
   * is settled alone for a unit (`settle`).
   */
  unitReturns?(round: LiveRound): readonly UnitReturn[];
  /** The shoe's road with this dealt round added. */
  updateRoad(road: readonly RoadMark[], round: LiveRound): RoadMark[];
  /**
   * Players' decisions between the dealer's steps (joker blackjack); absent in a game whose
   * rounds are dealt from start to end without one (baccarat, Pok Deng).
   */
  readonly decisions?: Decisions<Outcome, RoadMark>;
}
