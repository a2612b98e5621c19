/**
 * What the portal and its simulation worker (theory.worker.ts) say to each other: the settings
 * to simulate, and the progress and result of a run.
 */
import { jokerBlackjack } from "@fuda/rules";

/** The dashboard's run (@fuda/rules): the form and the returns dashboard show the same figure. */
export const THEORY_ROUNDS = jokerBlackjack.THEORY_RUN.rounds;
export const THEORY_SEED = jokerBlackjack.THEORY_RUN.seed;
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
