/**
 * The events a dealer step or a player's decision publishes (docs/rules/live-tables.md, Game
 * definitions): each is its own public payload, never an unrevealed card, so a runtime publishes
 * them as table events without knowing what they mean.
 */
import type { Decision } from "./decisions";

export interface CardDealt {
  readonly type: "card.dealt";
  /** e.g. `player-1`, `banker-3`, `seat-3-1`, `seat-3.2-1` (seat 3's second hand, first card). */
  readonly position: string;
  readonly card: number;
  /** Running totals of the hands shown so far, by hand name. */
  readonly totals: Readonly<Record<string, number>>;
}

/** A card dealt face down (joker blackjack's hole card): where it lies, never what it is. */
export interface CardFaceDown {
  readonly type: "card.faceDown";
  readonly position: string;
  readonly totals: Readonly<Record<string, number>>;
}

/** The round waits for a seat's decision; the runtime's timer starts (it adds `actsBy`). */
export interface TurnStarted extends Decision {
  readonly type: "turn.started";
}

/** A seat's action, or its timer's default, with the seat's hands after it. */
export interface ActionTaken {
  readonly type: "action.taken";
  readonly seat: number;
  readonly hand: number;
  readonly action: string;
  /** The timer ended: `action` is the decision's default. */
  readonly timedOut: boolean;
  /** The further stake the action put on the table (double, split, insurance), else 0. */
  readonly stake: number;
  readonly hands: readonly PublicHand[];
}

/**
 * Points returned to a seat, early or at the end: `bet` is `hand` (the hand's stake) or a side
 * bet (`insurance`); `kind` `settle` makes the bet final, `topUp` raises a final bet to a later
 * premium, `bonus` is paid beside the bet, `refund` returns a cancelled stake. `reason` names the
 * rule (`win`, `blackjack`, `joker`, a premium's name, `forced push`…).
 */
export interface HandSettled {
  readonly type: "hand.settled";
  readonly seat: number;
  readonly hand: number;
  readonly bet: string;
  readonly kind: string;
  readonly reason: string;
  readonly stake: number;
  /** Returned, stake included, minor units. */
  readonly amount: number;
  /** Non-point awards recorded with it (joker blackjack's "Nailed A"). */
  readonly awards: readonly string[];
}

/** An operator corrected a dealing mistake; cards drawn by cancelled actions are burned. */
export interface RoundCorrected {
  readonly type: "round.corrected";
  readonly correction: string;
  readonly operator: string;
  /** A rewind's target step, else null. */
  readonly toStep: number | null;
  /** Cards this correction burned (they had been shown). */
  readonly burned: readonly number[];
}

export interface RoundResult<Outcome, RoadMark> {
  readonly type: "round.result";
  readonly outcome: Outcome;
  readonly roadMark: RoadMark;
}

/** What a game dealt from start to end publishes (baccarat, Pok Deng). */
export type DealEvent<Outcome = unknown, RoadMark = unknown> =
  CardDealt | RoundResult<Outcome, RoadMark>;

/**
 * What a game with players' decisions publishes (joker blackjack): every game event. The runtime
 * stores each as a table event (packages/contracts `TableEvent`) with the round's id and number.
 */
export type GameEvent<Outcome = unknown, RoadMark = unknown> =
  | DealEvent<Outcome, RoadMark>
  | CardFaceDown
  | TurnStarted
  | ActionTaken
  | HandSettled
  | RoundCorrected;

/** One hand of a seat as the public sees it. */
export interface PublicHand {
  readonly cards: readonly number[];
  readonly total: number;
  /** Its stake now (a double doubles it), minor units. */
  readonly stake: number;
  /** Returned on it so far, stake included (a later premium may top it up). */
  readonly returned: number;
  /** The bet is final: nothing the dealer does changes it any more. */
  readonly settled: boolean;
}

export interface PublicSeat {
  readonly seat: number;
  readonly hands: readonly PublicHand[];
  /** Everything returned to the seat so far, side bets and bonuses included. */
  readonly returned: number;
}
