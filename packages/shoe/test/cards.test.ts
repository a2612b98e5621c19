import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { JOKER, formatCard, isCard, makeCard, parseCard, rankOf, suitOf } from "../src/index";

describe("card encoding", () => {
  it("a card is (suit << 4) | rank", () => {
    expect(makeCard(1, 0)).toBe(0x01);
    expect(makeCard(13, 3)).toBe(0x3d);
    expect(makeCard(10, 4)).toBe(0x4a);
  });

  it("the joker is 0x50 with rank 0", () => {
    expect(JOKER).toBe(0x50);
    expect(rankOf(JOKER)).toBe(0);
    expect(suitOf(JOKER)).toBe(5);
    expect(isCard(JOKER)).toBe(true);
  });

  it("rankOf and suitOf undo makeCard for every rank and suit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 13 }), fc.integer({ min: 0, max: 4 }), (rank, suit) => {
        const card = makeCard(rank, suit);
        expect([rankOf(card), suitOf(card), isCard(card)]).toEqual([rank, suit, true]);
      }),
    );
  });

  it("refuses ranks and suits outside the deck", () => {
    expect(() => makeCard(0, 0)).toThrow(/rank/);
    expect(() => makeCard(14, 0)).toThrow(/rank/);
    expect(() => makeCard(1, 5)).toThrow(/suit/);
    expect(isCard(0x00)).toBe(false);
    expect(isCard(0x0e)).toBe(false);
    expect(isCard(0x51)).toBe(false);
  });

  it("a number beyond one byte or not an integer is no card (bit operations would wrap it)", () => {
    for (const value of [2 ** 32 + 1, 2 ** 32 + 0x50, 0x101, -0xff, 1.5, NaN]) {
      expect({ value, card: isCard(value) }).toEqual({ value, card: false });
    }
    expect(() => formatCard(2 ** 32 + 1)).toThrow(/not a card/);
  });

  it("formats as rank then suit symbol, the joker as JK", () => {
    expect(formatCard(makeCard(1, 0))).toBe("A♠");
    expect(formatCard(makeCard(10, 1))).toBe("10♥");
    expect(formatCard(makeCard(12, 2))).toBe("Q♦");
    expect(formatCard(makeCard(13, 4))).toBe("K★");
    expect(formatCard(JOKER)).toBe("JK");
  });

  it("parseCard undoes formatCard and accepts letter suits", () => {
    for (let suit = 0; suit <= 4; suit++) {
      for (let rank = 1; rank <= 13; rank++) {
        const card = makeCard(rank, suit);
        expect(parseCard(formatCard(card))).toBe(card);
      }
    }
    expect(parseCard("JK")).toBe(JOKER);
    expect(parseCard("th")).toBe(makeCard(10, 1));
    expect(parseCard("as")).toBe(makeCard(1, 0));
    expect(parseCard("7X")).toBe(makeCard(7, 4));
    expect(() => parseCard("1♠")).toThrow(/not a card/);
    expect(() => parseCard("A?")).toThrow(/not a card/);
  });
});
