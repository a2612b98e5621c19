import { describe, expect, it } from "vitest";

import { gameTheory } from "../src/domain/returns-theory";

describe("joker blackjack's theoretical return", () => {
  it("is simulated with the table's own pay table", () => {
    const rulebook = gameTheory("JOKER_BLACKJACK", "seven-seat", { seats: 7, decks: 6, jokers: 1 });
    // The rule book's published figure: about 102 % to basic strategy (docs/rules/joker-blackjack.md).
    expect(rulebook.bets.main!.rtp).toBeGreaterThan(1.01);
    expect(rulebook.bets.main!.rtp).toBeLessThan(1.03);
    expect(rulebook.bets.main!.sd).toBeGreaterThan(0.9);
    expect(rulebook.source).toMatch(/^simulated/);
    const mean = gameTheory("JOKER_BLACKJACK", "seven-seat", {
      seats: 7,
      decks: 6,
      jokers: 1,
      payTable: {
        premiums: { "678": 1, "Pure BJ": 1, "6-under": 1, "7-under": 1 },
        playerJoker: 1,
      },
    });
    expect(mean.bets.main!.rtp).toBeLessThan(rulebook.bets.main!.rtp - 0.005);
  });
});
