import { describe, expect, it } from "vitest";

import {
  JOKER,
  UNKNOWN_CARD,
  burnFirstCard,
  cardCode,
  cutCardOut,
  endRound,
  makeCard,
  newStudioShoe,
  parseCardCode,
  shoeFromJson,
  shoeJsonOf,
  shoeToJson,
  startRound,
} from "../src";

describe("card codes (docs/studio.md, Card codes)", () => {
  it("reads rank then suit, either case, T for ten, JK for the joker", () => {
    expect(parseCardCode("AS")).toBe(makeCard(1, 0));
    expect(parseCardCode(" th ")).toBe(makeCard(10, 1));
    expect(parseCardCode("9C")).toBe(makeCard(9, 3));
    expect(parseCardCode("qd")).toBe(makeCard(12, 2));
    expect(parseCardCode("JK")).toBe(JOKER);
  });

  it("answers null for what is no card: the dealer rescans", () => {
    for (const text of ["", "A", "1S", "10H", "AX", "ASX", "?S", "A♠", "JOKER"]) {
      expect(parseCardCode(text)).toBeNull();
    }
  });

  it("writes every card of four suits and the joker back as its code", () => {
    for (let suit = 0; suit < 4; suit++) {
      for (let rank = 1; rank <= 13; rank++) {
        const card = makeCard(rank, suit);
        expect(parseCardCode(cardCode(card))).toBe(card);
      }
    }
    expect(cardCode(JOKER)).toBe("JK");
    expect(() => cardCode(UNKNOWN_CARD)).toThrow(RangeError);
  });
});

describe("a studio shoe", () => {
  it("holds unknown cards until entered, and survives its JSON", () => {
    const shoe = newStudioShoe(416);
    expect(shoe.studio).toBe(true);
    shoe.cards[0] = parseCardCode("7H")!;
    expect(burnFirstCard(shoe)).toEqual({ shownCard: parseCardCode("7H"), burnCount: 7 });
    const json = shoeToJson(shoe);
    expect(json.studio).toBe(true);
    const back = shoeFromJson(shoeJsonOf(JSON.parse(JSON.stringify(json))));
    expect(back.cards[1]).toBe(UNKNOWN_CARD);
    expect(back.position).toBe(8);
    // A shuffled shoe's JSON never takes an unknown card.
    expect(() => shoeFromJson({ ...json, studio: undefined })).toThrow(/no card/);
  });

  it("the cut card out makes the round in play the last", () => {
    const shoe = newStudioShoe(52);
    expect(() => {
      cutCardOut(shoe);
    }).toThrow(RangeError);
    startRound(shoe);
    shoe.position = 5;
    cutCardOut(shoe);
    expect(shoeFromJson(shoeToJson(shoe)).cutCardReached).toBe(true);
    expect(endRound(shoe)).toBe(true);
  });
});
