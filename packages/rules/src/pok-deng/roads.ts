import { FLUSH_BIT, PAIR_BIT, scoreOf } from "./hand";
import type { PokDengRound, SeatNumber } from "./round";
import { SEAT_NUMBERS, bankerHandCode, seatHandCode } from "./round";

/** Blue: Player wins; grey: Player loses; green: tie. */
export type SeatRoadResult = "win" | "lose" | "tie";

/** One cell of a seat's road: the result circle, an outer ring for a flush, a yellow pair dot. */
export interface SeatRoadMark {
  result: SeatRoadResult;
  /** The seat's two cards are one suit. */
  flushRing: boolean;
  /** The seat's two cards are one rank. */
  pairDot: boolean;
}

export function seatRoadMark(round: PokDengRound, seat: SeatNumber): SeatRoadMark {
  const player = seatHandCode(round, seat);
  const playerScore = scoreOf(player);
  const bankerScore = scoreOf(bankerHandCode(round));
  return {
    result: playerScore > bankerScore ? "win" : playerScore < bankerScore ? "lose" : "tie",
    flushRing: (player & FLUSH_BIT) !== 0,
    pairDot: (player & PAIR_BIT) !== 0,
  };
}

/** The table's roads for a shoe's rounds so far: one list of marks per seat, seat 1 first. */
export const seatRoads = (rounds: readonly PokDengRound[]): SeatRoadMark[][] =>
  SEAT_NUMBERS.map((seat) => rounds.map((round) => seatRoadMark(round, seat)));
