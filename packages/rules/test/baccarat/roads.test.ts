import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { DerivedRoadName, Mark, RoadRound, Side } from "../../src/baccarat";
import {
  askRoads,
  beadPlate,
  bigRoad,
  DERIVED_ROADS,
  drawBigRoad,
  parseResults,
  roads,
} from "../../src/baccarat";

const letters = (marks: readonly Mark[]): string =>
  marks.map((mark) => (mark === "red" ? "R" : "B")).join("");
const derived = (results: string) => {
  const all = roads(parseResults(results));
  return {
    bigEyeBoy: letters(all.bigEyeBoy.marks),
    smallRoad: letters(all.smallRoad.marks),
    cockroachPig: letters(all.cockroachPig.marks),
  };
};
const columnLengths = (results: string) =>
  bigRoad(parseResults(results)).columns.map((column) => column.length);

const results = fc
  .array(fc.constantFrom("B", "P", "T"), { maxLength: 80 })
  .map((list) => list.join(""));

describe("big road", () => {
  it("puts ties on the previous cell and counts ties before the first result apart", () => {
    const road = bigRoad(parseResults("TTTBTTTTPP"));
    expect(road.leadingTies).toBe(3);
    expect(road.columns.map((column) => column.map((cell) => [cell.winner, cell.ties]))).toEqual([
      [["banker", 4]],
      [
        ["player", 0],
        ["player", 0],
      ],
    ]);
  });

  it("marks pairs on the cell, a tie round's pairs on the cell carrying the tie", () => {
    const rounds: RoadRound[] = [
      { winner: "banker", playerPair: true },
      { winner: "tie", bankerPair: true },
      { winner: "player" },
    ];
    const [first, second] = bigRoad(rounds).columns;
    expect(first![0]).toEqual({ winner: "banker", ties: 1, playerPair: true, bankerPair: true });
    expect(second![0]).toEqual({ winner: "player", ties: 0, playerPair: false, bankerPair: false });
  });

  it("keeps a dragon's whole streak in one logical column", () => {
    expect(columnLengths("BBBBBBBBBPB")).toEqual([9, 1, 1]);
  });

  it("draws a dragon tail along the bottom row and turns the next column right above it", () => {
    const cells = drawBigRoad(bigRoad(parseResults("BBBBBBBBPPPPPP")));
    const at = (winner: Side) =>
      cells.filter(({ cell }) => cell.winner === winner).map(({ column, row }) => [column, row]);
    expect(at("banker")).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 5],
      [2, 5],
    ]);
    expect(at("player")).toEqual([
      [1, 0],
      [1, 1],
      [1, 2],
      [1, 3],
      [1, 4],
      [2, 4],
    ]);
  });

  it("never starts a column with a tie; columns alternate sides and hold every non-tie result", () => {
    fc.assert(
      fc.property(results, (text) => {
        const road = bigRoad(parseResults(text));
        const cells = road.columns.flat();
        expect(cells.length).toBe(text.replaceAll("T", "").length);
        const ties = road.leadingTies + cells.reduce((sum, cell) => sum + cell.ties, 0);
        expect(ties).toBe(text.length - cells.length);
        road.columns.forEach((column, c) => {
          expect(column.length).toBeGreaterThan(0);
          expect(column.every((cell) => cell.winner === column[0]!.winner)).toBe(true);
          if (c > 0) expect(column[0]!.winner).not.toBe(road.columns[c - 1]![0]!.winner);
        });
      }),
    );
  });
});

describe("bead plate", () => {
  it("keeps every round, ties included, six to a column", () => {
    const plate = beadPlate(parseResults("BPTBBPPT"));
    expect(plate).toHaveLength(8);
    expect(plate[6]).toMatchObject({ winner: "player", column: 1, row: 0 });
    expect(plate[7]).toMatchObject({ winner: "tie", column: 1, row: 1 });
  });
});

describe("derived roads, hand-checked", () => {
  it("BBPTPBBB: big eye boy RRRB, small road RB, no cockroach pig yet", () => {
    expect(columnLengths("BBPTPBBB")).toEqual([2, 2, 3]);
    expect(derived("BBPTPBBB")).toEqual({ bigEyeBoy: "RRRB", smallRoad: "RB", cockroachPig: "" });
  });

  it("BPPBBBPBBPPPPB with ties between (columns 1,2,3,1,2,4,1): every road and both asks, cell by cell", () => {
    const withTies = "TBTPPTTBBBPTBBPPPPTTTB";
    expect(columnLengths(withTies)).toEqual([1, 2, 3, 1, 2, 4, 1]);
    expect(derived(withTies)).toEqual({
      bigEyeBoy: "BBRBBBBBRBRB",
      smallRoad: "BRBBRBBRRB",
      cockroachPig: "RRRRRBB",
    });
    expect(derived(withTies)).toEqual(derived("BPPBBBPBBPPPPB"));
    // Next Player: a new column 8, 1 long; next Banker: row 1 of column 7.
    expect(askRoads(parseResults(withTies), "player")).toEqual({
      bigEyeBoy: "blue",
      smallRoad: "blue",
      cockroachPig: "red",
    });
    expect(askRoads(parseResults(withTies), "banker")).toEqual({
      bigEyeBoy: "red",
      smallRoad: "red",
      cockroachPig: "blue",
    });
  });

  it("a chop (BPBPBP) is all red on every road once each starts", () => {
    expect(derived("BPBPBP")).toEqual({ bigEyeBoy: "RRRR", smallRoad: "RRR", cockroachPig: "RR" });
  });

  it("BBBPPBPPPB (columns 3,2,1,3,1): BRBBRB… read off the rules cell by cell", () => {
    expect(columnLengths("BBBPPBPPPB")).toEqual([3, 2, 1, 3, 1]);
    expect(derived("BBBPPBPPPB")).toEqual({
      bigEyeBoy: "RBBBRB",
      smallRoad: "BRBB",
      cockroachPig: "RRR",
    });
  });

  it("a dragon followed by a long tie run changes nothing but the tie count", () => {
    const dragon = "BBBBBBBBPPB";
    expect(derived(`${dragon}TTTTTTT`)).toEqual(derived(dragon));
    // Beside a 8-long column, a 2-long one is "red" (row 1 is filled to its left).
    expect(derived(dragon)).toEqual({ bigEyeBoy: "RB", smallRoad: "", cockroachPig: "" });
  });

  it("starts each road at the second cell of column 2, 3, 4 or else the first of column 3, 4, 5", () => {
    expect(derived("BPP")).toEqual({ bigEyeBoy: "B", smallRoad: "", cockroachPig: "" });
    expect(derived("BPB")).toEqual({ bigEyeBoy: "R", smallRoad: "", cockroachPig: "" });
    expect(derived("BP")).toEqual({ bigEyeBoy: "", smallRoad: "", cockroachPig: "" });
  });
});

describe("derived roads, properties", () => {
  /** The rule as cells: is there a result at (column, row) of the logical big road? */
  const expectedMark = (lengths: number[], column: number, row: number, offset: number): Mark => {
    const present = (c: number, r: number) => r < lengths[c]!;
    if (row === 0) return lengths[column - 1] === lengths[column - 1 - offset] ? "red" : "blue";
    return present(column - offset, row) || !present(column - offset, row - 1) ? "red" : "blue";
  };

  it("adds at most one mark per result, following the column rules", () => {
    fc.assert(
      fc.property(results, (text) => {
        for (let n = 1; n <= text.length; n++) {
          const before = roads(parseResults(text.slice(0, n - 1)));
          const after = roads(parseResults(text.slice(0, n)));
          const lengths = after.bigRoad.columns.map((column) => column.length);
          const column = lengths.length - 1;
          const row = (lengths[column] ?? 0) - 1;
          for (const [name, offset] of Object.entries(DERIVED_ROADS) as [
            DerivedRoadName,
            number,
          ][]) {
            const added = after[name].marks.slice(before[name].marks.length);
            const cellAdded = text[n - 1] !== "T";
            const started = column > offset || (column === offset && row >= 1);
            if (!cellAdded || !started) expect(added).toEqual([]);
            else expect(added).toEqual([expectedMark(lengths, column, row, offset)]);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it("the ask road equals recomputing the roads with the extra result", () => {
    fc.assert(
      fc.property(results, fc.constantFrom<Side>("player", "banker"), (text, next) => {
        const ask = askRoads(parseResults(text), next);
        const now = roads(parseResults(text));
        const then = roads(parseResults(text + (next === "player" ? "P" : "B")));
        for (const name of Object.keys(DERIVED_ROADS) as DerivedRoadName[]) {
          const added = then[name].marks.slice(now[name].marks.length);
          expect(ask[name]).toBe(added[0] ?? null);
        }
      }),
    );
  });

  it("draws derived roads as columns that change at each change of colour", () => {
    fc.assert(
      fc.property(results, (text) => {
        const { bigEyeBoy } = roads(parseResults(text));
        expect(bigEyeBoy.columns.flat()).toEqual(bigEyeBoy.marks);
        bigEyeBoy.columns.forEach((column, c) => {
          expect(new Set(column).size).toBe(1);
          if (c > 0) expect(column[0]).not.toBe(bigEyeBoy.columns[c - 1]![0]);
        });
      }),
    );
  });
});

it("refuses a result letter other than B, P or T, naming its place", () => {
  expect(() => parseResults("BPX")).toThrow(/result 3 is "X"/);
});
