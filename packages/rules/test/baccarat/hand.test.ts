import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  BANKER_DRAWS,
  bankerDraws,
  CARD_VALUE,
  cardsUsedOf,
  dealCode,
  dealRound,
  PLAYER_STOOD,
} from "../../src/baccarat";
import { anyCard, cards, dealt } from "./cards";

const card = fc.tuple(fc.integer({ min: 1, max: 13 }), fc.integer({ min: 0, max: 4 }));
const sixCards = fc
  .array(card, { minLength: 6, maxLength: 6 })
  .map((pairs) => pairs.map(([rank, suit]) => anyCard(rank, suit)));

describe("card values and totals", () => {
  it("counts A as 1, 2–9 at face value and 10, J, Q, K as 0, whatever the suit", () => {
    for (let suit = 0; suit <= 4; suit++) {
      const values = Array.from({ length: 13 }, (_, i) => CARD_VALUE[anyCard(i + 1, suit)]);
      expect(values).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0]);
    }
  });

  it("keeps only the last digit of a hand's sum (8 + 7 counts 5)", () => {
    const round = dealt("8S 2H 7D 5C 4S");
    expect(round.playerCards).toHaveLength(3);
    expect(round.playerTotal).toBe(9); // 8 + 7 = 15 → 5, + 4 = 9
  });
});

describe("the third-card table", () => {
  // The rule book's table (docs/rules/baccarat.md, The deal and the third-card rule), as it reads.
  const specBankerDraws = (banker: number, t: number): boolean =>
    banker <= 2 ||
    (banker === 3 && t !== 8) ||
    (banker === 4 && t >= 2 && t <= 7) ||
    (banker === 5 && t >= 4 && t <= 7) ||
    (banker === 6 && t >= 6 && t <= 7);

  it("matches every cell of the Banker's rule after a Player third card", () => {
    for (let banker = 0; banker <= 7; banker++) {
      for (let t = 0; t <= 9; t++) expect(bankerDraws(banker, t)).toBe(specBankerDraws(banker, t));
    }
  });

  it("has the Banker draw on 0–5 and stand on 6–7 when the Player stood", () => {
    for (let banker = 0; banker <= 7; banker++) {
      expect(bankerDraws(banker, PLAYER_STOOD)).toBe(banker <= 5);
    }
    expect(BANKER_DRAWS).toHaveLength(110);
  });

  it("stops on a Player natural: no third cards", () => {
    const round = dealt("4S 3H 5D 4C");
    expect(round).toMatchObject({ playerTotal: 9, bankerTotal: 7, winner: "player" });
    expect(round).toMatchObject({ playerNatural: true, bankerNatural: false });
  });

  it("stops on a Banker natural even when the Player has 0", () => {
    const round = dealt("KS 4H QD 4C");
    expect(round).toMatchObject({ playerTotal: 0, bankerTotal: 8, winner: "banker" });
    expect(round.bankerNatural).toBe(true);
    expect(round.bankerCards).toHaveLength(2);
  });

  it("has the Player stand on 7 and the Banker then draw on 4", () => {
    const round = dealt("3S 2H 4D 2C 5S");
    expect(round.playerCards).toHaveLength(2);
    expect(round.bankerCards).toEqual(cards("2H 2C 5S"));
    expect(round).toMatchObject({ playerTotal: 7, bankerTotal: 9, winner: "banker" });
  });

  it("has the Banker stand on 3 when the Player's third card is an 8", () => {
    const round = dealt("AS 2H 4D AC 8S");
    expect(round).toMatchObject({ playerTotal: 3, bankerTotal: 3, winner: "tie" });
    expect(round.bankerCards).toHaveLength(2);
  });

  it("has the Banker draw on 6 only after a Player 6 or 7", () => {
    expect(dealt("2S 3H 3D 3C 6S 9H").bankerCards).toHaveLength(3);
    expect(dealt("2S 3H 3D 3C 5S").bankerCards).toHaveLength(2);
  });

  it("deals Player, Banker, Player, Banker, then the Player's third card before the Banker's", () => {
    const round = dealt("2S 3H 2D KC 7S 3D");
    expect(round.playerCards).toEqual(cards("2S 2D 7S"));
    expect(round.bankerCards).toEqual(cards("3H KC 3D"));
  });
});

describe("pairs, naturals and the Banker's six", () => {
  it("counts a pair on equal ranks only: K-K is a pair, 10-K is not", () => {
    expect(dealt("KS 2H KD 3C 4S 5H").playerPair).toBe(true);
    expect(dealt("10S 2H KD 3C 2S").playerPair).toBe(false);
    expect(dealt("AS 7H 7D 7X").bankerPair).toBe(true);
  });

  it("marks a Banker win with 6 on two cards and on three cards", () => {
    expect(dealt("2S 3H 3D 3C KS").bankerSixCards).toBe(2);
    expect(dealt("2S 3H 2D KC 7S 3H").bankerSixCards).toBe(3);
    expect(dealt("6S 3H KD 3C").bankerSixCards).toBe(0); // 6–6 is a tie, not a Banker win
  });
});

describe("dealing from a shoe", () => {
  it("draws exactly the cards the round needs and agrees with the coded deal", () => {
    fc.assert(
      fc.property(sixCards, (six) => {
        let drawn = 0;
        const round = dealRound(() => six[drawn++]!);
        const code = dealCode(six, 0);
        expect(drawn).toBe(cardsUsedOf(code));
        expect(round.code).toBe(code);
        expect(round.playerCards.length + round.bankerCards.length).toBe(drawn);
      }),
    );
  });

  it("refuses a card list that is not exactly one round", () => {
    expect(() => dealt("2S 3H 3D 3C")).toThrow(/uses 5 cards, not 4/);
  });
});
