/**
 * Scoreboards ("roads"): pure functions of a shoe's results so far. Derived roads are computed on
 * the big road's logical columns (streak lengths), never on its drawn, dragon-tailed grid.
 */
import type { Winner } from "./hand";

/** One round as the roads see it. */
export interface RoadRound {
  readonly winner: Winner;
  readonly playerPair?: boolean;
  readonly bankerPair?: boolean;
}

export type Side = "player" | "banker";
export type Mark = "red" | "blue";

const RESULT_LETTERS: Readonly<Record<string, Winner>> = { B: "banker", P: "player", T: "tie" };

/** Rounds from one letter each: B Banker, P Player, T Tie (case-insensitive). */
export function parseResults(letters: string): RoadRound[] {
  return Array.from({ length: letters.length }, (_, index) => {
    const letter = letters.charAt(index);
    const winner = RESULT_LETTERS[letter.toUpperCase()];
    if (winner === undefined) {
      throw new RangeError(`result ${index + 1} is "${letter}": each result must be B, P or T`);
    }
    return { winner };
  });
}

export interface BeadPlateCell extends Required<RoadRound> {
  readonly column: number;
  readonly row: number;
}

/** Every round in order, ties included, filling columns of `rows` top to bottom. */
export function beadPlate(rounds: readonly RoadRound[], rows = 6): BeadPlateCell[] {
  return rounds.map((round, index) => ({
    winner: round.winner,
    playerPair: round.playerPair ?? false,
    bankerPair: round.bankerPair ?? false,
    column: Math.floor(index / rows),
    row: index % rows,
  }));
}

export interface BigRoadCell {
  readonly winner: Side;
  /** Ties dealt after this result (and before the next), marked on this cell. */
  readonly ties: number;
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

export interface BigRoad {
  /** Ties dealt before the shoe's first Player or Banker result. */
  readonly leadingTies: number;
  /** Logical columns: each a streak of one side, however long. Ties never start a column. */
  readonly columns: readonly (readonly BigRoadCell[])[];
}

/** The big road. A tie round's pairs are marked on the cell that carries the tie. */
export function bigRoad(rounds: readonly RoadRound[]): BigRoad {
  let leadingTies = 0;
  const columns: BigRoadCell[][] = [];
  for (const round of rounds) {
    const playerPair = round.playerPair ?? false;
    const bankerPair = round.bankerPair ?? false;
    const column = columns.at(-1);
    if (round.winner === "tie") {
      const last = column?.at(-1);
      if (column === undefined || last === undefined) leadingTies++;
      else {
        column[column.length - 1] = {
          winner: last.winner,
          ties: last.ties + 1,
          playerPair: last.playerPair || playerPair,
          bankerPair: last.bankerPair || bankerPair,
        };
      }
      continue;
    }
    const cell = { winner: round.winner, ties: 0, playerPair, bankerPair };
    if (column?.[0]?.winner === round.winner) column.push(cell);
    else columns.push([cell]);
  }
  return { leadingTies, columns };
}

/** Big eye boy, small road and cockroach pig compare with the column 1, 2 and 3 to the left. */
export const DERIVED_ROADS = { bigEyeBoy: 1, smallRoad: 2, cockroachPig: 3 } as const;
export type DerivedRoadName = keyof typeof DERIVED_ROADS;

/**
 * The mark a derived road adds for the big road's cell at (`column`, `row`), given the lengths
 * of the columns before it; null before the road starts (the cell at column `offset`, row 1,
 * or failing that column `offset` + 1, row 0).
 * - a new column (row 0): red when the two columns before it are equally long, else blue;
 * - a cell further down: look `offset` columns to the left — red when that column reaches this
 *   row, blue when it stops exactly one row short, red when it stops earlier.
 */
export function derivedMark(
  lengths: readonly number[],
  column: number,
  row: number,
  offset: number,
): Mark | null {
  if (row === 0) {
    if (column < offset + 1) return null;
    return lengths[column - 1] === lengths[column - 1 - offset] ? "red" : "blue";
  }
  if (column < offset) return null;
  return lengths[column - offset] === row ? "blue" : "red";
}

/** A derived road's marks in order and drawn as columns (a new column at each change of colour). */
export interface DerivedRoad {
  readonly marks: readonly Mark[];
  readonly columns: readonly (readonly Mark[])[];
}

function derivedRoad(lengths: readonly number[], offset: number): DerivedRoad {
  const marks: Mark[] = [];
  lengths.forEach((length, column) => {
    for (let row = 0; row < length; row++) {
      const mark = derivedMark(lengths, column, row, offset);
      if (mark !== null) marks.push(mark);
    }
  });
  return { marks, columns: streaks(marks) };
}

function streaks<T>(items: readonly T[]): T[][] {
  const columns: T[][] = [];
  for (const item of items) {
    const column = columns.at(-1);
    if (column?.[0] === item) column.push(item);
    else columns.push([item]);
  }
  return columns;
}

export interface Roads {
  readonly beadPlate: readonly BeadPlateCell[];
  readonly bigRoad: BigRoad;
  readonly bigEyeBoy: DerivedRoad;
  readonly smallRoad: DerivedRoad;
  readonly cockroachPig: DerivedRoad;
}

export function roads(rounds: readonly RoadRound[]): Roads {
  const big = bigRoad(rounds);
  const lengths = big.columns.map((column) => column.length);
  return {
    beadPlate: beadPlate(rounds),
    bigRoad: big,
    bigEyeBoy: derivedRoad(lengths, DERIVED_ROADS.bigEyeBoy),
    smallRoad: derivedRoad(lengths, DERIVED_ROADS.smallRoad),
    cockroachPig: derivedRoad(lengths, DERIVED_ROADS.cockroachPig),
  };
}

/** The "ask" preview: the mark each derived road would add if the next round were `next`. */
export function askRoads(
  rounds: readonly RoadRound[],
  next: Side,
): Readonly<Record<DerivedRoadName, Mark | null>> {
  const lengths = bigRoad(rounds).columns.map((column) => column.length);
  const lastColumn = lengths.length - 1;
  const extendsColumn = lastColumn >= 0 && lastWinner(rounds) === next;
  const column = extendsColumn ? lastColumn : lastColumn + 1;
  const row = extendsColumn ? lengths[lastColumn]! : 0;
  const withNext = extendsColumn ? lengths.with(lastColumn, row + 1) : [...lengths, 1];
  const ask = (offset: number) => derivedMark(withNext, column, row, offset);
  return {
    bigEyeBoy: ask(DERIVED_ROADS.bigEyeBoy),
    smallRoad: ask(DERIVED_ROADS.smallRoad),
    cockroachPig: ask(DERIVED_ROADS.cockroachPig),
  };
}

function lastWinner(rounds: readonly RoadRound[]): Side | null {
  for (let i = rounds.length - 1; i >= 0; i--) {
    const winner = rounds[i]!.winner;
    if (winner !== "tie") return winner;
  }
  return null;
}

export interface DrawnCell {
  readonly column: number;
  readonly row: number;
  readonly cell: BigRoadCell;
}

/**
 * The big road drawn on a grid of `rows` rows: a column runs down, and when it meets the
 * bottom or an occupied cell it turns right (a "dragon tail"). For display only.
 */
export function drawBigRoad(road: BigRoad, rows = 6): DrawnCell[] {
  const taken = new Set<string>();
  const key = (column: number, row: number) => `${column},${row}`;
  const drawn: DrawnCell[] = [];
  let start = 0;
  for (const cells of road.columns) {
    while (taken.has(key(start, 0))) start++;
    let column = start;
    let row = 0;
    let turned = false;
    cells.forEach((cell, index) => {
      if (index > 0) {
        if (!turned && row + 1 < rows && !taken.has(key(column, row + 1))) row++;
        else {
          turned = true;
          column++;
        }
      }
      taken.add(key(column, row));
      drawn.push({ column, row, cell });
    });
    start++;
  }
  return drawn;
}
