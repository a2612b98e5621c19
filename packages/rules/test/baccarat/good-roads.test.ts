import fc from "fast-check";
import { expect, it } from "vitest";

import { bigRoad, goodRoads, parseResults } from "../../src/baccarat";

const of = (results: string) => goodRoads(parseResults(results));
const shoes = fc
  .array(fc.constantFrom("B", "P", "T"), { maxLength: 80 })
  .map((list) => list.join(""));

it("a streak of four or more in the newest column is a long Banker or a long Player", () => {
  expect(of("PBBB")).toEqual([]);
  expect(of("PBBBB")).toEqual(["long-banker"]);
  expect(of("BPPTPPP")).toEqual(["long-player"]);
  // A streak that ended is no longer long.
  expect(of("BBBBBP")).toEqual([]);
});

it("four single-mark columns in a row are a ping-pong; ties neither make nor break it", () => {
  expect(of("BBPBP")).toEqual([]);
  expect(of("BBPBPB")).toEqual(["ping-pong"]);
  expect(of("PBTPTB")).toEqual(["ping-pong"]);
  // The newest column growing to two ends it.
  expect(of("PBPBB")).toEqual([]);
});

it("three two-mark columns in a row are a two-in-a-row, still on while the next column has one mark", () => {
  expect(of("BBPPBB")).toEqual(["two-in-a-row"]);
  expect(of("BBPPBBP")).toEqual(["two-in-a-row"]);
  expect(of("BBPPBBPP")).toEqual(["two-in-a-row"]);
  expect(of("BBPPBBPPP")).toEqual([]);
  expect(of("BPPBB")).toEqual([]);
  expect(of("BBBPPBB")).toEqual([]);
});

it("an empty shoe, or one of ties only, shows no good road", () => {
  expect(of("")).toEqual([]);
  expect(of("TTT")).toEqual([]);
});

it("each good road is exactly its definition on the big road's columns, for any shoe", () => {
  fc.assert(
    fc.property(shoes, (results) => {
      const { columns } = bigRoad(parseResults(results));
      const lengths = columns.map((column) => column.length);
      const found = of(results);
      const newest = columns.at(-1);
      expect(found.includes("long-banker")).toBe(
        newest !== undefined && newest.length >= 4 && newest[0]!.winner === "banker",
      );
      expect(found.includes("long-player")).toBe(
        newest !== undefined && newest.length >= 4 && newest[0]!.winner === "player",
      );
      expect(found.includes("ping-pong")).toBe(
        lengths.length >= 4 && lengths.slice(-4).every((length) => length === 1),
      );
      const settled = lengths.at(-1) === 1 ? lengths.slice(0, -1) : lengths;
      expect(found.includes("two-in-a-row")).toBe(
        settled.length >= 3 && settled.slice(-3).every((length) => length === 2),
      );
    }),
  );
});

it("a shoe shows at most one good road at a time", () => {
  fc.assert(
    fc.property(shoes, (results) => {
      expect(of(results).length).toBeLessThanOrEqual(1);
    }),
  );
});
