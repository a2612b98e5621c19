/**
 * What the portal and its simulation worker (theory.worker.ts) say to each other: the settings
 * to simulate, and the progress and result of a run.
 */
import type { jokerBlackjack } from "@fuda/rules";

/**
 * Rounds per run: at the rule book's pay table one standard error is about 0.22 % of RTP, so
 * the 95 % band is about ±0.45 %, in a second or two of an operator's browser.
 */
export const THEORY_ROUNDS = 100_000;
/** One seed for every run: two pay tables meet the same shoes, so their difference is sharper. */
export const THEORY_SEED = "01";
export const PROGRESS_EVERY = 2_000;
export interface TheoryRequest {
  payTable: jokerBlackjack.PayTable;
  seats: number;
  decks: number;
  jokers: number;
  rounds: number;
  seed: string;
}

export type TheoryAnswer =
  | { type: "progress"; played: number }
  | { type: "done"; rtp: number; stdErr: number; rounds: number; bets: number }
  | { type: "failed"; message: string };
