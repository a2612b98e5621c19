import { quickGameDeck, standardDecks } from "@fuda/shoe";
import { describe, expect, it } from "vitest";

import type { Fraction } from "../../src/baccarat";
import {
  analyze,
  cardsUsedOf,
  dealCode,
  formatFraction,
  fractionToNumber,
  outcomeWeights,
  rankCounts,
} from "../../src/baccarat";
import { anyCard } from "./cards";

const houseEdgePercent = (rtp: Fraction | undefined): string =>
  (100 - fractionToNumber(rtp!) * 100).toFixed(4);

describe("exact analysis of the 8-deck commission table", () => {
  const { rtp, probabilities } = analyze("commission", standardDecks(8));

  it("reproduces the published house edges: Banker 1.0579%, Player 1.2351%, Tie 14.3596%, Pair 10.3614%", () => {
    expect(houseEdgePercent(rtp.banker)).toBe("1.0579");
    expect(houseEdgePercent(rtp.player)).toBe("1.2351");
    expect(houseEdgePercent(rtp.tie)).toBe("14.3596");
    expect(houseEdgePercent(rtp.playerPair)).toBe("10.3614");
    expect(houseEdgePercent(rtp.bankerPair)).toBe("10.3614");
  });

  it("gives every RTP as an exact fraction in lowest terms", () => {
    expect(formatFraction(rtp.banker!)).toBe("10732465128097/10847218479825");
    expect(formatFraction(rtp.player!)).toBe("19283843717413/19524993263685");
    expect(formatFraction(rtp.tie!)).toBe("619306544887/723147898655");
    expect(formatFraction(rtp.playerPair!)).toBe("372/415"); // 12 × 31/415
    expect(formatFraction(rtp.luckySix!)).toBe("235761260096/282970916865");
    expect(formatFraction(rtp.playerNatural!)).toBe("4599/5395");
  });

  it("the game's stated maximum RTP is 98.94%, the Banker bet of the commission table", () => {
    const best = Object.entries(rtp).reduce((a, b) =>
      fractionToNumber(b[1]) > fractionToNumber(a[1]) ? b : a,
    );
    expect(best[0]).toBe("banker");
    expect((fractionToNumber(best[1]) * 100).toFixed(2)).toBe("98.94");
  });

  it("has Player, Banker and Tie probabilities summing to exactly 1", () => {
    const { player, banker, tie } = probabilities;
    const sum =
      player.num * banker.den * tie.den +
      banker.num * player.den * tie.den +
      tie.num * player.den * banker.den;
    expect(sum).toBe(player.den * banker.den * tie.den);
  });
});

describe("exact analysis of the other tables", () => {
  it("prices the no-commission Banker (1:1, 1:2 on a winning 6) and leaves the other bets alone", () => {
    const commission = analyze("commission", standardDecks(8));
    const noCommission = analyze("no-commission", standardDecks(8));
    expect(houseEdgePercent(noCommission.rtp.banker)).toBe("1.4581");
    for (const bet of ["player", "tie", "playerPair", "luckySix", "bankerNatural"] as const) {
      expect(noCommission.rtp[bet]).toEqual(commission.rtp[bet]);
    }
  });

  it("prices the quick game's five bets on its 520 cards (Banker pays 1:1 with no commission)", () => {
    const { rtp } = analyze("quick", quickGameDeck());
    expect(Object.keys(rtp)).toEqual(["player", "banker", "tie", "playerPair", "bankerPair"]);
    expect(formatFraction(rtp.playerPair!)).toBe("156/173"); // 12 × 39/519
    expect(houseEdgePercent(rtp.player)).toBe("1.2337");
    expect(houseEdgePercent(rtp.banker)).toBe("-1.2337");
  });
});

describe("the enumeration", () => {
  /** Every ordering of the first six cards of `cards`, one by one. */
  function bruteForce(cards: readonly number[]): Map<number, bigint> {
    const counts = new Map<number, bigint>();
    const used = new Array<boolean>(cards.length).fill(false);
    const sequence: number[] = [];
    const extend = (): void => {
      if (sequence.length === 6) {
        const code = dealCode(sequence, 0);
        counts.set(code, (counts.get(code) ?? 0n) + 1n);
        return;
      }
      cards.forEach((card, i) => {
        if (used[i]) return;
        used[i] = true;
        sequence.push(card);
        extend();
        sequence.pop();
        used[i] = false;
      });
    };
    extend();
    return counts;
  }

  it("counts exactly what dealing every ordering of a small shoe counts", () => {
    const small = [
      [1, 0],
      [1, 1],
      [3, 0],
      [5, 2],
      [9, 0],
      [10, 0],
      [12, 3],
      [13, 0],
      [13, 1],
      [6, 2],
    ].map(([rank, suit]) => anyCard(rank!, suit!));
    const expected = bruteForce(small);
    const { weights, total } = outcomeWeights(rankCounts(small));
    expect(total).toBe(10n * 9n * 8n * 7n * 6n * 5n);
    weights.forEach((weight, code) => {
      expect([code, weight]).toEqual([code, expected.get(code) ?? 0n]);
    });
    expect([...expected.keys()].every((code) => cardsUsedOf(code) >= 4)).toBe(true);
  });

  it("has weights summing to every ordering of the first six cards", () => {
    const { weights, total } = outcomeWeights(rankCounts(standardDecks(8)));
    expect(weights.reduce((a, b) => a + b, 0n)).toBe(total);
    expect(total).toBe(416n * 415n * 414n * 413n * 412n * 411n);
  });

  it("refuses jokers and shoes too small for a round", () => {
    expect(() => rankCounts([0x50])).toThrow(/without jokers/);
    expect(() => outcomeWeights(rankCounts(standardDecks(1).slice(0, 5)))).toThrow(/6 cards/);
  });
});
