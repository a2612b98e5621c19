import { describe, expect, it } from "vitest";

import analyzeCommand from "../src/commands/analyze";
import simulateCommand from "../src/commands/simulate";
import { analyze, simulate } from "../src/games/pok-deng";
import { runJson } from "./run-json";

describe("fuda analyze pok-deng", () => {
  it("prints the exact Player N and Pair RTPs and the outcome distribution as JSON", async () => {
    const { code, json } = await runJson(analyzeCommand, ["pok-deng", "--json"]);
    expect(code).toBe(0);
    expect(json).toMatchObject({
      game: "pok-deng",
      variant: "five-seat",
      decks: 8,
      cards: 416,
      bets: {
        seat: { rtp: 90726485 / 92244789, rtpExact: "90726485/92244789" },
        seatPair: { rtp: 372 / 415, rtpExact: "372/415" },
      },
      probabilities: {
        win1to1: { exact: "3652912/13177827" },
        win2to1: { exact: "9272976/51247105" },
        tie: { exact: "465139/5556915" },
        lose1to1: { exact: "616720/2365251" },
        lose2to1: { exact: "91048304/461223945" },
      },
    });
  });

  it("its outcome probabilities add up to one", () => {
    const total = Object.values(analyze({ game: "pok-deng" }).probabilities).reduce(
      (sum, { probability }) => sum + probability,
      0,
    );
    expect(total).toBeCloseTo(1, 12);
  });
});

describe("fuda simulate pok-deng", () => {
  it("prints each bet's observed RTP with its standard error as JSON", async () => {
    const args = ["pok-deng", "--rounds", "20000", "--seed", "5eed", "--json"];
    const { code, json } = await runJson(simulateCommand, args);
    expect(code).toBe(0);
    expect(json).toMatchObject({ game: "pok-deng", rounds: 20000, seed: "5eed" });
    const { bets } = json as { bets: Record<"seat" | "seatPair", { rtp: number; stdErr: number }> };
    expect(Object.keys(bets)).toEqual(["seat", "seatPair"]);
    expect(bets.seat.stdErr).toBeGreaterThan(0);
    expect(Math.abs(bets.seat.rtp - 90726485 / 92244789)).toBeLessThan(4 * bets.seat.stdErr);
    expect(Math.abs(bets.seatPair.rtp - 372 / 415)).toBeLessThan(4 * bets.seatPair.stdErr);
  });

  it("refuses a bad round count or seed with a one-line error", async () => {
    await expect(simulateCommand(["pok-deng", "--rounds", "0"])).rejects.toMatchObject({
      message: '--rounds must be a positive integer, got "0"',
      exitCode: 2,
    });
    await expect(simulateCommand(["pok-deng", "--seed", "xyz"])).rejects.toThrow(
      /--seed must be hex/,
    );
    // A misspelt option must not run a default simulation.
    await expect(simulateCommand(["pok-deng", "--rounds", "100", "--sed", "ab"])).rejects.toThrow(
      /unknown option --sed/,
    );
  });

  it("reproduces its report from the same seed", () => {
    const strip = ({ roundsPerSecond: _, ...rest }: ReturnType<typeof simulate>) => rest;
    const options = { game: "pok-deng", rounds: 3000, seed: "abcd" };
    expect(strip(simulate(options))).toEqual(strip(simulate(options)));
  });
});
