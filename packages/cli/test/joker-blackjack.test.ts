import { jokerBlackjack } from "@fuda/rules";
import { afterEach, describe, expect, it, vi } from "vitest";

import simulateCommand from "../src/commands/simulate";
import { simulate } from "../src/games/joker-blackjack";

/** The RTP published in docs/rules/joker-blackjack.md (10 million rounds, seed 01). */
const PUBLISHED_RTP = 1.02049;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("fuda simulate joker-blackjack", () => {
  it("prints the RTP, its standard error and every premium and joker frequency as JSON", async () => {
    const write = vi.spyOn(process.stdout, "write").mockReturnValue(true);
    const args = ["joker-blackjack", "--rounds", "10000", "--seed", "5eed", "--json"];
    expect(await simulateCommand(args)).toBe(0);
    const json = JSON.parse(String(write.mock.calls[0]![0])) as ReturnType<typeof simulate>;
    expect(json).toMatchObject({
      game: "joker-blackjack",
      variant: "seven-seat",
      rounds: 10000,
      seats: 7,
      decks: 6,
      jokers: 1,
    });
    expect(Object.keys(json.premiums).sort()).toEqual([...jokerBlackjack.PREMIUM_NAMES].sort());
    expect(Object.keys(json.jokerEvents)).toEqual([
      "player",
      "lastSeatRestore",
      "lastSeatBonus",
      "dealerUpCard",
      "dealerLater",
    ]);
    expect(json.forcedPush.roundFrequency).toBeGreaterThan(0);
    expect(json.stdErr).toBeGreaterThan(0);
    expect(Math.abs(json.rtp - PUBLISHED_RTP)).toBeLessThan(4 * json.stdErr);
  });

  it("reproduces its report from the same seed", () => {
    const strip = ({ roundsPerSecond: _, ...rest }: ReturnType<typeof simulate>) => rest;
    const options = { game: "joker-blackjack", rounds: 2000, seed: "abcd" };
    expect(strip(simulate(options))).toEqual(strip(simulate(options)));
  });
});
