import { describe, expect, it } from "vitest";

import { dealt } from "./cards";

/**
 * docs/rules/baccarat.md, Third-card examples: cards in deal order, then each side's cards,
 * totals and the winner as the rule book states them.
 */
const EXAMPLES = [
  { n: 1, deal: "AS JH 3D 2C 5S AH", player: [3, 9], banker: [3, 3], winner: "player" },
  { n: 2, deal: "8S 2H 7D 5C 4S", player: [3, 9], banker: [2, 7], winner: "player" },
  { n: 3, deal: "4S 3H 5D 4C", player: [2, 9], banker: [2, 7], winner: "player" },
  { n: 4, deal: "KS 4H QD 4C", player: [2, 0], banker: [2, 8], winner: "banker" },
  { n: 5, deal: "3S 2H 4D 2C 5S", player: [2, 7], banker: [3, 9], winner: "banker" },
  { n: 6, deal: "AS 2H 4D AC 8S", player: [3, 3], banker: [2, 3], winner: "tie" },
  { n: 7, deal: "2S 3H 3D 3C 6S 9H", player: [3, 1], banker: [3, 5], winner: "banker" },
  { n: 8, deal: "2S 3H 3D 3C KS", player: [3, 5], banker: [2, 6], winner: "banker" },
  { n: 9, deal: "2S 3H 2D KC 7S 3D", player: [3, 1], banker: [3, 6], winner: "banker" },
  { n: 10, deal: "6S 3H KD 3C", player: [2, 6], banker: [2, 6], winner: "tie" },
  { n: 11, deal: "9S 8H 9D KC", player: [2, 8], banker: [2, 8], winner: "tie" },
] as const;

describe("docs/rules/baccarat.md third-card examples", () => {
  for (const { n, deal, player, banker, winner } of EXAMPLES) {
    it(`example ${n}: ${deal} gives Player ${player[1]} on ${player[0]} cards, Banker ${banker[1]} on ${banker[0]}, ${winner}`, () => {
      const round = dealt(deal);
      expect([round.playerCards.length, round.playerTotal]).toEqual(player);
      expect([round.bankerCards.length, round.bankerTotal]).toEqual(banker);
      expect(round.winner).toBe(winner);
    });
  }

  it("example 8 and 9: the Banker's six on two cards and on three (Lucky Six 12:1 and 20:1)", () => {
    expect(dealt("2S 3H 3D 3C KS").bankerSixCards).toBe(2);
    expect(dealt("2S 3H 2D KC 7S 3D").bankerSixCards).toBe(3);
    expect(dealt("6S 3H KD 3C").bankerSixCards).toBe(0);
  });
});
