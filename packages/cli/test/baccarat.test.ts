import { describe, expect, it } from "vitest";

import analyzeCommand from "../src/commands/analyze";
import roadsCommand from "../src/commands/roads";
import simulateCommand from "../src/commands/simulate";
import { simulate } from "../src/games/baccarat";
import { runJson } from "./run-json";

describe("fuda analyze baccarat", () => {
  it("prints every bet's exact RTP and the outcome probabilities of the commission table", async () => {
    const { code, json } = await runJson(analyzeCommand, ["baccarat", "--json"]);
    expect(code).toBe(0);
    expect(json).toMatchObject({
      game: "baccarat",
      variant: "commission",
      cards: 416,
      bets: {
        banker: { rtp: 10732465128097 / 10847218479825, rtpExact: "10732465128097/10847218479825" },
        player: { rtpExact: "19283843717413/19524993263685" },
        tie: { rtpExact: "619306544887/723147898655" },
        playerPair: { rtp: 372 / 415, rtpExact: "372/415" },
      },
    });
    expect(Object.keys(json.bets as object)).toHaveLength(8);
    expect(Object.keys(json.probabilities as object)).toContain("bankerWinsWithSixOnThreeCards");
  });

  it("analyzes the no-commission table and the quick game under the database's names", async () => {
    const args = ["baccarat", "--variant", "no-commission", "--json"];
    const noCommission = await runJson(analyzeCommand, args);
    expect(noCommission.json).toMatchObject({
      game: "baccarat",
      variant: "no-commission",
      bets: { banker: { rtpExact: "19240298465317/19524993263685" } },
    });
    const quick = await runJson(analyzeCommand, ["quick-baccarat", "--json"]);
    expect(quick.json).toMatchObject({
      game: "quick-baccarat",
      variant: "quick",
      cards: 520,
      bets: { playerPair: { rtpExact: "156/173" } },
    });
    expect(Object.keys(quick.json.bets as object)).toEqual([
      "player",
      "banker",
      "tie",
      "playerPair",
      "bankerPair",
    ]);
  });
});

describe("--variant", () => {
  it("refuses a variant the game does not have, naming the ones it has", async () => {
    await expect(analyzeCommand(["baccarat", "--variant", "noCommission"])).rejects.toMatchObject({
      message: '--variant of baccarat must be one of commission, no-commission, got "noCommission"',
      exitCode: 2,
    });
    await expect(analyzeCommand(["baccarat", "--variant", "quick"])).rejects.toThrow(
      /--variant of baccarat must be one of commission, no-commission/,
    );
    await expect(
      simulateCommand(["pok-deng", "--variant", "seven-seat", "--rounds", "10"]),
    ).rejects.toThrow(/--variant of pok-deng must be one of five-seat, got "seven-seat"/);
    await expect(simulateCommand(["baccarat-no-commission"])).rejects.toThrow(
      /simulate: <game> must be one of pok-deng, baccarat, quick-baccarat, joker-blackjack/,
    );
  });
});

describe("fuda simulate baccarat", () => {
  it("reports rounds, speed and every bet's RTP with its standard error", async () => {
    const { code, json } = await runJson(simulateCommand, [
      "baccarat",
      "--rounds",
      "20000",
      "--seed",
      "c0ffee",
      "--json",
    ]);
    expect(code).toBe(0);
    expect(json).toMatchObject({
      game: "baccarat",
      variant: "commission",
      rounds: 20000,
      seed: "c0ffee",
    });
    expect(json.roundsPerSecond).toBeGreaterThan(0);
    const bets = json.bets as Record<string, { rtp: number; stdErr: number }>;
    expect(Object.keys(bets)).toHaveLength(8);
    expect(bets.banker!.stdErr).toBeGreaterThan(0);
  });

  it("gives the same bets for the same seed", () => {
    const run = () => simulate({ game: "quick-baccarat", rounds: 5000, seed: "01" }).bets;
    expect(run()).toEqual(run());
  });
});

describe("fuda roads", () => {
  it("prints the big road's logical columns and the derived roads' marks", async () => {
    const { code, json } = await runJson(roadsCommand, ["BBPTPBBB", "--json"]);
    expect(code).toBe(0);
    expect(json).toMatchObject({
      bigRoadColumns: [
        ["B", "B"],
        ["P", "P"],
        ["B", "B", "B"],
      ],
      bigRoadTies: [
        [0, 0],
        [1, 0],
        [0, 0, 0],
      ],
      bigEyeBoy: "RRRB",
      smallRoad: "RB",
      cockroachPig: "",
      ask: {
        player: { bigEyeBoy: "B", smallRoad: "B", cockroachPig: null },
        banker: { bigEyeBoy: "R", smallRoad: "R", cockroachPig: null },
      },
    });
  });

  it("refuses a result letter other than B, P or T with a one-line error", async () => {
    await expect(roadsCommand(["BPX"])).rejects.toThrow(/roads: result 3 is "X"/);
  });

  it("refuses missing results, a second word, an unknown option and --json given a value", async () => {
    await expect(roadsCommand(["--json"])).rejects.toThrow(/roads: give the results/);
    await expect(roadsCommand(["BBP", "PT", "--json"])).rejects.toThrow(/as one word.*"PT"/);
    await expect(roadsCommand(["BBP", "--ask"])).rejects.toThrow(/unknown option --ask/);
    await expect(roadsCommand(["--json", "BBP"])).rejects.toThrow(/--json takes no value/);
  });
});
