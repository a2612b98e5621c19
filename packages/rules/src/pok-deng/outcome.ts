import type { HandCode } from "./hand";
import { HAND_CLASS_COUNT, PATTERN_BIT, handClassOf, isSpecialScore, scoreOf } from "./hand";

/** How a Player N bet ends, from the Player's side; the odds are fixed by the patterns. */
export type SeatOutcome = "win1to1" | "win2to1" | "tie" | "lose1to1" | "lose2to1";

/** Outcome indices, the hot-path form of `SeatOutcome` (index into `SEAT_OUTCOMES`). */
export const WIN_1_TO_1 = 0;
export const WIN_2_TO_1 = 1;
export const TIE = 2;
export const LOSE_1_TO_1 = 3;
export const LOSE_2_TO_1 = 4;

export const SEAT_OUTCOMES: readonly SeatOutcome[] = [
  "win1to1",
  "win2to1",
  "tie",
  "lose1to1",
  "lose2to1",
];

/** Net result per unit staked of each outcome index (the deposit only covers the 2:1 loss). */
export const SEAT_OUTCOME_NET: readonly number[] = [1, 2, 0, -1, -2];

/**
 * Player N's hand against the Banker's. Equal scores tie whatever the patterns (example 5);
 * the winner's pattern makes it 2:1 (examples 3, 4, 6, 9), except that a 7.x Player hand
 * beating a plain Banker 0 or 6 pays only 1:1 (example 8; a Banker 7.x worth 0 points does not
 * count, example 3).
 */
export function seatOutcomeIndex(player: HandCode, banker: HandCode): number {
  const playerScore = scoreOf(player);
  const bankerScore = scoreOf(banker);
  if (playerScore === bankerScore) return TIE;
  if (playerScore < bankerScore) return (banker & PATTERN_BIT) !== 0 ? LOSE_2_TO_1 : LOSE_1_TO_1;
  if ((player & PATTERN_BIT) === 0) return WIN_1_TO_1;
  return isSpecialScore(playerScore) && (bankerScore === 0 || bankerScore === 60)
    ? WIN_1_TO_1
    : WIN_2_TO_1;
}

export const seatOutcome = (player: HandCode, banker: HandCode): SeatOutcome =>
  SEAT_OUTCOMES[seatOutcomeIndex(player, banker)]!;

/** Every (Player class, Banker class) → outcome index, derived from `seatOutcomeIndex`. */
const OUTCOME_BY_CLASS = (() => {
  const table = new Uint8Array(HAND_CLASS_COUNT * HAND_CLASS_COUNT);
  const plain = Array.from({ length: 10 }, (_, points) => points * 10);
  const codes = [
    ...plain,
    ...plain.map((score) => score | PATTERN_BIT),
    ...[71, 72, 73, 74, 75].map((score) => score | PATTERN_BIT),
  ];
  const classOf = (code: HandCode) => handClassOf(scoreOf(code), (code & PATTERN_BIT) !== 0);
  for (const player of codes) {
    for (const banker of codes) {
      table[classOf(player) * HAND_CLASS_COUNT + classOf(banker)] = seatOutcomeIndex(
        player,
        banker,
      );
    }
  }
  return table;
})();

/**
 * `seatOutcomeIndex` by one look-up on the hands' classes (`handClass`): no branches to
 * mispredict in the simulator's inner loop.
 */
export const seatOutcomeOfClasses = (playerClass: number, bankerClass: number): number =>
  OUTCOME_BY_CLASS[playerClass * HAND_CLASS_COUNT + bankerClass]!;
