import { describe, expect, it } from "vitest";

import type { PokDengBet } from "../../src/pok-deng";
import { reservedFor, settleBet } from "../../src/pok-deng";
import { roundWith } from "./helpers";

// docs/rules/pok-deng.md, Worked examples: a 100 bet on Player 1 (and Player 1 Pair in example 7).
const player1: PokDengBet = { id: "seat", seat: 1, stake: 100 };
const player1Pair: PokDengBet = { id: "seatPair", seat: 1, stake: 100 };

describe("docs/rules/pok-deng.md worked examples", () => {
  it("a 100 Player 1 bet reserves 200 (stake plus deposit); the Pair bet holds no deposit", () => {
    expect(reservedFor(player1)).toBe(200);
    expect(reservedFor(player1Pair)).toBe(100);
  });

  it("example 1: Player 3 beats Banker 2 without a pattern and returns 300", () => {
    expect(settleBet(player1, roundWith("6♣ 7♠", "4♥ 8♣")).returned).toBe(300);
  });

  it("example 2: Banker 5 without a pattern beats Player 1 and returns the deposit, 100", () => {
    expect(settleBet(player1, roundWith("9♣ 2♦", "2♣ 3♦")).returned).toBe(100);
  });

  it("example 3: Player face-card combo 7.3 beats Banker 7.2 at 2:1 and returns 400", () => {
    expect(settleBet(player1, roundWith("Q♣ J♣", "Q♣ 10♣")).returned).toBe(400);
  });

  it("example 4: Banker 8 flush beats Player 5 at 2:1 and returns nothing", () => {
    expect(settleBet(player1, roundWith("9♦ 6♣", "8♣ J♣")).returned).toBe(0);
  });

  it("example 5: Player 1 ties a Banker 1 flush, the flush does not count, returns 200", () => {
    expect(settleBet(player1, roundWith("J♦ A♣", "6♣ 5♣")).returned).toBe(200);
  });

  it("example 6: Banker face-card combo 7.3 beats Player 4 at 2:1 and returns nothing", () => {
    expect(settleBet(player1, roundWith("5♠ 9♥", "J♣ K♦")).returned).toBe(0);
  });

  it("example 7: Player 1 Pair on 10♣10♥ pays 11:1, 1 200 returned, and Player 1 wins too", () => {
    const round = roundWith("10♣ 10♥", "6♠ 8♠");
    expect(settleBet(player1Pair, round).returned).toBe(1200);
    expect(settleBet(player1, round).outcome).toBe("win2to1");
  });

  it("example 8: special pair 7.4 over a plain Banker 6 pays only 1:1 and returns 300", () => {
    expect(settleBet(player1, roundWith("5♣ 5♣", "2♥ 4♥")).returned).toBe(300);
  });

  it("example 9: a plain 9 flush over Banker 6 still pays 2:1 and returns 400", () => {
    expect(settleBet(player1, roundWith("K♥ 9♥", "9♦ 7♣")).returned).toBe(400);
  });
});
