/**
 * A studio round's console memory (`rounds.studio`, docs/studio.md): what the last card's
 * take-back restores, and a player's action waiting for the card the dealer deals to it.
 */
import type { LiveRound } from "@fuda/rules";
import { studioTry } from "@fuda/rules";
import type { Shoe, ShoeJson } from "@fuda/shoe";

export interface RoundStudio {
  takeBack?: {
    /** The round's `moves` after the card: anything since (a card, an action) ends the chance. */
    moves: number;
    card: number;
    index: number;
    position: string;
    state: LiveRound;
    shoe: ShoeJson;
    actsBy: string | null;
  };
  /** A seat's choice that draws a card (hit, double, split): applied when the dealer deals it. */
  awaiting?: {
    seat: number;
    hand: number;
    action: string;
    playerId: string;
    requestId: string;
  };
}

export const roundStudioOf = (value: unknown): RoundStudio =>
  // Written by this module only (rounds.studio): its own shape.
  typeof value === "object" && value !== null ? value : {};

export const awaitsCard = (round: { studio?: unknown }): boolean =>
  roundStudioOf(round.studio).awaiting !== undefined;

/**
 * A step that draws no card, taken on a studio shoe as on any other (a timed-out seat stands);
 * one that would read a card not entered is a bug in the caller, not a guess.
 */
export function studioSafe<Result>(shoe: Shoe, from: number, step: (shoe: Shoe) => Result): Result {
  if (shoe.studio !== true) return step(shoe);
  const tried = studioTry(shoe, from, step);
  if (!tried.ready) throw new Error(`a step without a card needs the card at ${tried.index}`);
  return tried.result;
}
