import { baccarat } from "@fuda/rules";

import { parseArgs, printResult } from "../args";
import type { Command } from "../command";
import { CliError } from "../command";

const SIDE_LETTER = { player: "P", banker: "B" } as const;
const markLetters = (road: baccarat.DerivedRoad): string =>
  road.marks.map((mark) => (mark === "red" ? "R" : "B")).join("");
const askLetter = (mark: baccarat.Mark | null) =>
  mark === null ? null : mark === "red" ? "R" : "B";

/**
 * `fuda roads <results> [--json]`: the scoreboards of a shoe from one letter per round
 * (B Banker, P Player, T Tie). Derived-road marks read R red, B blue.
 */
// Nothing to await: a throw in the executor still reaches the caller as a rejection.
const roads: Command = (args) =>
  new Promise((resolve) => {
    resolve(printRoads(args));
  });

function printRoads(args: string[]): number {
  const parsed = parseArgs(args);
  // `--json BBP` would read the results as the flag's value: say so rather than "no results".
  if (typeof parsed.options.get("json") === "string")
    throw new CliError(
      "roads: --json takes no value; give the results first: roads BBPTPBBB --json",
    );
  const unknown = [...parsed.options.keys()].find((name) => name !== "json");
  if (unknown !== undefined) throw new CliError(`roads: unknown option --${unknown}`);
  const [results, ...extra] = parsed.positional;
  if (results === undefined)
    throw new CliError("roads: give the results, one letter per round (B, P, T), e.g. BBPTPBBB");
  if (extra.length > 0)
    throw new CliError(
      `roads: give the results as one word, e.g. BBPTPBBB (also got "${extra.join(" ")}")`,
    );
  let rounds: baccarat.RoadRound[];
  try {
    rounds = baccarat.parseResults(results);
  } catch (error) {
    throw new CliError(`roads: ${(error as Error).message}`);
  }
  const all = baccarat.roads(rounds);
  const ask = (next: baccarat.Side) => {
    const marks = baccarat.askRoads(rounds, next);
    return {
      bigEyeBoy: askLetter(marks.bigEyeBoy),
      smallRoad: askLetter(marks.smallRoad),
      cockroachPig: askLetter(marks.cockroachPig),
    };
  };
  printResult(parsed, {
    results: results.toUpperCase(),
    beadPlate: all.beadPlate
      .map(({ winner }) => (winner === "tie" ? "T" : SIDE_LETTER[winner]))
      .join(""),
    leadingTies: all.bigRoad.leadingTies,
    bigRoadColumns: all.bigRoad.columns.map((column) =>
      column.map((cell) => SIDE_LETTER[cell.winner]),
    ),
    bigRoadTies: all.bigRoad.columns.map((column) => column.map((cell) => cell.ties)),
    bigEyeBoy: markLetters(all.bigEyeBoy),
    smallRoad: markLetters(all.smallRoad),
    cockroachPig: markLetters(all.cockroachPig),
    ask: { player: ask("player"), banker: ask("banker") },
  });
  return 0;
}

export default roads;
