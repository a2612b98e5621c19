import { describe, expect, it } from "vitest";

import {
  betLimitLines,
  betName,
  formatCountdown,
  formatLimit,
  formatTimestamp,
  isoToUtcField,
  utcFieldToIso,
  GAME_LABELS,
  variantName,
} from "../src";

describe("formatLimit", () => {
  it("reads a bet type's range as min–max points", () => {
    expect(formatLimit({ min: 100, max: 500_000 })).toBe("1–5,000");
    expect(formatLimit({ min: 1_000, max: 100_000 })).toBe("10–1,000");
  });
});

describe("GAME_LABELS", () => {
  it("writes each game's API name as players read it", () => {
    expect(GAME_LABELS).toEqual({
      baccarat: "Baccarat",
      "quick-baccarat": "Quick Baccarat",
      "pok-deng": "Pok Deng",
      "joker-blackjack": "Joker Blackjack",
    });
  });
});

describe("betName", () => {
  it("reads bet keys in the game's words", () => {
    expect(betName("baccarat", "player")).toBe("Player");
    expect(betName("baccarat", "playerPair")).toBe("Player Pair");
    expect(betName("baccarat", "luckySix")).toBe("Lucky Six");
    expect(betName("baccarat", "banker_natural")).toBe("Banker Natural");
    expect(betName("pok-deng", "seat3Bonus")).toBe("Seat 3 Bonus");
  });

  it("names Pok Deng's per-seat bets as players know them", () => {
    expect(betName("pok-deng", "seat")).toBe("Player (each seat)");
    expect(betName("pok-deng", "seatPair")).toBe("Player Pair (each seat)");
  });
});

describe("betLimitLines", () => {
  const limit = { min: 1_000, max: 100_000 };

  it("lists a table's bets in the game's layout order, whatever order they are stored in", () => {
    const lines = betLimitLines("baccarat", {
      tie: limit,
      luckySix: limit,
      banker: limit,
      player: limit,
      playerPair: limit,
    });
    expect(lines.map((line) => line.name)).toEqual([
      "Player",
      "Banker",
      "Tie",
      "Player Pair",
      "Lucky Six",
    ]);
  });

  it("puts the quick game's spots in their table order and unknown bets last", () => {
    const lines = betLimitLines("quick-baccarat", {
      banker: limit,
      zeta: limit,
      player: limit,
      alpha: limit,
      playerPair: limit,
    });
    expect(lines.map((line) => line.bet)).toEqual([
      "playerPair",
      "player",
      "banker",
      "alpha",
      "zeta",
    ]);
  });
});

describe("variantName", () => {
  it("reads a variant as a phrase", () => {
    expect(variantName("no-commission")).toBe("No commission");
    expect(variantName("commission")).toBe("Commission");
  });
});

describe("formatCountdown", () => {
  it("shows the betting window, and no countdown as deal on demand (the quick game)", () => {
    expect(formatCountdown(20)).toBe("20 s to bet");
    expect(formatCountdown(90)).toBe("1 min 30 s to bet");
    expect(formatCountdown(0)).toBe("Deal on demand");
    expect(formatCountdown(-5)).toBe("Deal on demand");
  });

  it("switches to minutes at exactly one minute and leaves out zero seconds", () => {
    expect(formatCountdown(59)).toBe("59 s to bet");
    expect(formatCountdown(60)).toBe("1 min to bet");
    expect(formatCountdown(120)).toBe("2 min to bet");
  });
});

describe("formatTimestamp", () => {
  it("shows an instant in UTC to the second", () => {
    expect(formatTimestamp("2026-11-29T11:58:50.123Z")).toBe("2026-11-29 11:58:50 UTC");
    expect(formatTimestamp("2026-11-29T20:58:50+09:00")).toBe("2026-11-29 11:58:50 UTC");
  });

  it("leaves a value that is not a time as it is", () => {
    expect(formatTimestamp("soon")).toBe("soon");
  });
});

describe("the portal's time fields read and write UTC, the zone every time is shown in", () => {
  it("reads a datetime-local value as UTC whatever the browser's zone", () => {
    expect(utcFieldToIso("2026-12-02T18:12")).toBe("2026-12-02T18:12:00.000Z");
    expect(utcFieldToIso("2026-12-02T18:12:30")).toBe("2026-12-02T18:12:30.000Z");
    expect(utcFieldToIso("")).toBeUndefined();
    expect(utcFieldToIso(undefined)).toBeUndefined();
    // Not a time: sent as typed, for the API to refuse naming its field.
    expect(utcFieldToIso("yesterday")).toBe("yesterday");
  });

  it("writes an instant as a datetime-local value in UTC", () => {
    expect(isoToUtcField(new Date("2026-12-02T18:12:45.123Z"))).toBe("2026-12-02T18:12");
  });
});
