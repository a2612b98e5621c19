/**
 * "Good roads" (好路): the big-road patterns Asian baccarat players look for in a lobby, read
 * from the big road's logical columns (docs/rules/baccarat.md, Good roads). Ties never start or
 * break a column, so they never make or break a pattern.
 */
import type { RoadRound } from "./roads";
import { bigRoad } from "./roads";

export const GOOD_ROADS = ["long-banker", "long-player", "ping-pong", "two-in-a-row"] as const;
export type GoodRoad = (typeof GOOD_ROADS)[number];

/** A streak this long or longer is a long Banker or long Player. */
export const LONG_STREAK = 4;
/** Single-mark columns in a row that make a ping-pong. */
export const PING_PONG_COLUMNS = 4;
/** Two-mark columns in a row that make a two-in-a-row. */
export const TWO_IN_A_ROW_COLUMNS = 3;

/**
 * The good roads `rounds` (one shoe's, oldest first) show now:
 * - long Banker / long Player: the newest column holds at least `LONG_STREAK` marks;
 * - ping-pong: the newest `PING_PONG_COLUMNS` columns hold one mark each (P B P B…);
 * - two-in-a-row: the newest `TWO_IN_A_ROW_COLUMNS` columns hold two marks each (PP BB PP…),
 *   the newest one counted once it has its second mark, and a newest column of one mark still
 *   on track (it is not counted, and does not break the pattern).
 */
export function goodRoads(rounds: readonly RoadRound[]): GoodRoad[] {
  const { columns } = bigRoad(rounds);
  const lengths = columns.map((column) => column.length);
  const newest = columns.at(-1);
  if (newest === undefined) return [];
  const found: GoodRoad[] = [];
  if (newest.length >= LONG_STREAK) {
    found.push(newest[0]!.winner === "banker" ? "long-banker" : "long-player");
  }
  if (endsWith(lengths, PING_PONG_COLUMNS, 1)) found.push("ping-pong");
  const settled = lengths.at(-1) === 1 ? lengths.slice(0, -1) : lengths;
  if (endsWith(settled, TWO_IN_A_ROW_COLUMNS, 2)) found.push("two-in-a-row");
  return found;
}

/** The last `count` of `lengths` are all `length`. */
function endsWith(lengths: readonly number[], count: number, length: number): boolean {
  return lengths.length >= count && lengths.slice(-count).every((each) => each === length);
}
