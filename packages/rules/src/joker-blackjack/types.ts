import type { Card } from "@fuda/shoe";

import type { TableLimits } from "../limits";
import type { PayTable } from "./pay-table";
import type { Award, PremiumName } from "./premiums";

/** The game's one variant, spelled as in the database, the API and the feed. */
export type Variant = "seven-seat";
export const VARIANTS: readonly Variant[] = ["seven-seat"];

/**
 * `main`: the seated player's bet placed in the betting window (doubles, splits and insurance
 * follow from it). `behind`: Bet Behind, a stake on another player's seat that rides on the seat's
 * first hand (docs/rules/joker-blackjack.md, Bet Behind).
 */
export type JokerBlackjackBetId = "main" | "behind";
export const JOKER_BLACKJACK_BET_IDS: readonly JokerBlackjackBetId[] = ["main", "behind"];

export interface JokerBlackjackConfig {
  /** Seats 1..seatCount; seat 1 is the rightmost and acts first. */
  readonly seatCount: number;
  /** Hands a seat may hold after re-splitting. */
  readonly maxHands: number;
  /** Table limits on the main bet (checked by `createRound`); none when absent. */
  readonly limits?: TableLimits<"main">;
  /** What premiums and a player's joker return; the rule book's (`DEFAULT_PAY_TABLE`) when absent. */
  readonly payTable?: PayTable;
}

export const DEFAULT_CONFIG: JokerBlackjackConfig = { seatCount: 7, maxHands: 4 };

/**
 * What a table may set: seats of the seven-seat table, and its shoe's decks and jokers (the cut
 * card stands 78 cards from the end: two decks at least).
 */
export const TABLE_BOUNDS = {
  seats: { min: 1, max: 7 },
  decks: { min: 2, max: 8 },
  jokers: { min: 0, max: 4 },
} as const;

/** A seated bettor as the round starts. Money is integer minor units (1 point = 100). */
export interface SeatEntry {
  readonly seat: number;
  readonly player: string;
  /** The bet, whole points. */
  readonly stake: number;
  /** Holdings when the player sat down (for the last-seat joker). */
  readonly sitDownBalance: number;
  /** Holdings now, the stake on the table not counted (it pays doubles, splits, insurance). */
  readonly balance: number;
}

/** The cards the round deals from: the shoe's order and the index of the next card out. */
export interface RoundShoe {
  readonly cards: ArrayLike<Card>;
  readonly position: number;
}

export interface HandState {
  readonly cards: readonly Card[];
  /** The stake on this hand now (doubled after a double down). */
  readonly stake: number;
  readonly fromSplit: boolean;
  readonly doubled: boolean;
  /** No more cards or actions for this hand. */
  readonly done: boolean;
  /** The bet is settled: nothing the dealer does can change it any more. */
  readonly final: boolean;
  /** Returned on this bet so far (a later premium only tops up to its own total). */
  readonly paid: number;
  /** The premium already paid on this hand, if any. */
  readonly premium: PremiumName | null;
  /** 6-/7-under made, paid when the hand finishes. */
  readonly pendingUnder: PremiumName | null;
  /** A natural whose 2.5× is not yet paid (up card A or T: waits for the dealer's check). */
  readonly blackjackDue: boolean;
}

export interface SeatState extends SeatEntry {
  readonly hands: readonly HandState[];
  /** Holdings during the round: balance − further stakes + everything returned so far. */
  readonly holdings: number;
  /** Insurance stake (half the bet), 0 when none. */
  readonly insurance: number;
  readonly insuranceFinal: boolean;
  /** The insurance / even-money question has been answered (or did not apply). */
  readonly insuranceDecided: boolean;
}

export type Phase = "deal" | "insurance" | "play" | "dealer" | "over";

/** An operator's dealing-mistake decision, kept on the round for the audit trail. */
export interface AuditEntry {
  /** `step` of the round when the operator decided (a rewind names its target in the event). */
  readonly step: number;
  readonly event: OperatorEvent;
  /** Cards burned by this decision (drawn by cancelled actions). */
  readonly burned: readonly Card[];
}

export interface RoundState {
  readonly config: JokerBlackjackConfig;
  readonly shoe: ArrayLike<Card>;
  /** Index of the next card out of `shoe`. */
  readonly position: number;
  /** Seats in acting order (seat number ascending: from the right). */
  readonly seats: readonly SeatState[];
  /** Up card, hole card, then the dealer's draws. */
  readonly dealer: readonly Card[];
  readonly holeRevealed: boolean;
  readonly phase: Phase;
  /** Whose turn it is (index into `seats`) and which of their hands, in insurance/play. */
  readonly turn: number;
  readonly hand: number;
  /** Events applied and still in effect (a rewind shortens it). */
  readonly step: number;
  /** `step` right after the deal, -1 before it. */
  readonly dealStep: number;
  /** `step` after the last event that settled anything: a rewind may not go before it. */
  readonly settledStep: number;
  readonly burned: readonly Card[];
  /**
   * Shoe indices of `burned`, in the same order: after several rewinds the burned cards need not
   * be one run of the shoe, so the table marks these indices rather than a range.
   */
  readonly burnedPositions: readonly number[];
  readonly audit: readonly AuditEntry[];
  /** The state before the latest event in effect: how a rewind finds an earlier step. */
  readonly previous: RoundState | null;
}

export type DealerEvent =
  { readonly type: "deal" } | { readonly type: "reveal" } | { readonly type: "draw" };

export type PlayerAction =
  | "hit"
  | "stand"
  | "double"
  | "split"
  | "surrender"
  | "insurance"
  | "evenMoney"
  | "declineInsurance";

export interface PlayerEvent {
  readonly type: PlayerAction | "timeout";
  readonly seat: number;
}

export type OperatorEvent =
  /** Recoverable mistake: back to the state after `toStep` events; later cards are burned. */
  | { readonly type: "rewind"; readonly toStep: number; readonly operator: string }
  /** Unrecoverable: every bet not yet final wins. */
  | { readonly type: "unrecoverable"; readonly operator: string }
  /** Play went on after an improper deal (or is about to). */
  | { readonly type: "improperDeal"; readonly operator: string };

export type JokerBlackjackEvent = DealerEvent | PlayerEvent | OperatorEvent;

export type SettlementReason =
  | "win"
  | "lose"
  | "push"
  | "blackjack"
  | "even money"
  | PremiumName
  | "joker"
  | "last-seat restore"
  | "last-seat bonus"
  | "insurance"
  | "surrender"
  | "forced push"
  | "dealing mistake";

/**
 * One movement of points back to a player. `kind`: "settle" makes a bet final (exactly once per
 * bet); "topUp" raises a final bet to a later premium's total; "bonus" is the last-seat joker
 * extra; "refund" returns stakes of actions a rewind cancelled.
 */
export interface Settlement {
  readonly seat: number;
  readonly player: string;
  /** Hand index within the seat (0 before any split); the insurance bet uses hand 0. */
  readonly hand: number;
  readonly bet: "hand" | "insurance";
  readonly kind: "settle" | "topUp" | "bonus" | "refund";
  readonly reason: SettlementReason;
  /** The stake this record is about. */
  readonly stake: number;
  /** Returned, minor units, stake included (0 for a lost bet). */
  readonly amount: number;
  readonly awards: readonly Award[];
}

export interface ApplyResult {
  readonly state: RoundState;
  readonly settlements: readonly Settlement[];
  /**
   * For each card the event drew from the shoe, in order, how many of `settlements` were made
   * before it: what a card settled follows it, so a table can show each card with its effects.
   */
  readonly draws: readonly number[];
}
