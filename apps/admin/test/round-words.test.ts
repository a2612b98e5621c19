import { describe, expect, it } from "vitest";

import { outcomeWords, positionWords } from "../src/components/round-words";

const text = (card: number) => `c${card}`;

describe("a round's outcome in the game's words", () => {
  it("baccarat: the winner with both totals, a natural, the pairs and Lucky Six", () => {
    expect(
      outcomeWords(
        "baccarat",
        {
          winner: "banker",
          playerTotal: 5,
          bankerTotal: 7,
          playerNatural: false,
          bankerNatural: true,
          playerPair: true,
          bankerPair: false,
          bankerSixCards: 0,
        },
        text,
      ),
    ).toEqual(["Banker wins 7–5, natural", "Player pair"]);
    expect(
      outcomeWords(
        "quick-baccarat",
        { winner: "banker", playerTotal: 4, bankerTotal: 6, bankerSixCards: 3 },
        text,
      ),
    ).toEqual(["Banker wins 6–4", "Lucky Six on 3 cards"]);
    expect(
      outcomeWords("baccarat", { winner: "tie", playerTotal: 6, bankerTotal: 6 }, text),
    ).toEqual(["Tie 6–6"]);
  });

  it("Pok Deng: the Banker's score, then each Player seat's result against it", () => {
    expect(
      outcomeWords(
        "pok-deng",
        {
          bankerScore: 50,
          seats: [
            { seat: 1, score: 90, outcome: "win2to1", pair: true },
            { seat: 2, score: 75, outcome: "win1to1", pair: false },
            { seat: 3, score: 50, outcome: "tie", pair: false },
          ],
        },
        text,
      ),
    ).toEqual([
      "Banker 5",
      "Player 1 wins 2:1: 9 v Banker 5, pair",
      "Player 2 wins 1:1: 7.5 v Banker 5",
      "Player 3 ties: 5 v Banker 5",
    ]);
  });

  it("joker blackjack: the dealer's result, then every hand with its stake and return", () => {
    expect(
      outcomeWords(
        "joker-blackjack",
        {
          dealer: { cards: [1, 2, 3], result: "bust" },
          seats: [
            {
              seat: 1,
              returned: 2_000,
              insurance: 0,
              hands: [
                { cards: [4, 5], total: 20, stake: 1_000, returned: 2_000, settled: true },
                { cards: [6, 7], total: 15, stake: 1_000, returned: 0, settled: true },
              ],
            },
          ],
        },
        text,
      ),
    ).toEqual([
      "Dealer busts (c1 c2 c3)",
      "Seat 1.1: c4 c5 (20), stake 10 → returned 20",
      "Seat 1.2: c6 c7 (15), stake 10 → returned 0",
    ]);
  });

  it("joker blackjack: a round nobody bet on says no seat played, not that the hole card is hidden", () => {
    expect(
      outcomeWords("joker-blackjack", { dealer: { cards: [], result: null }, seats: [] }, text),
    ).toEqual(["No seat played: nothing dealt"]);
    expect(
      outcomeWords(
        "joker-blackjack",
        {
          dealer: { cards: [1], result: null },
          seats: [
            { seat: 2, hands: [{ cards: [4, 5], total: 21, stake: 1_000, returned: 2_500 }] },
          ],
        },
        text,
      ),
    ).toEqual([
      "Dealer's hole card not revealed (c1)",
      "Seat 2: c4 c5 (21), stake 10 → returned 25",
    ]);
  });

  it("no words for a round not settled or a shape it does not know", () => {
    expect(outcomeWords("baccarat", null, text)).toBeNull();
    expect(outcomeWords("baccarat", { winner: "dragon" }, text)).toBeNull();
    expect(outcomeWords("pok-deng", { seats: [{ seat: "x" }], bankerScore: 1 }, text)).toBeNull();
  });

  it("names positions as the table does", () => {
    expect(positionWords("player-1")).toBe("Player 1");
    expect(positionWords("seat-3.1-2")).toBe("Seat 3.1 card 2");
    expect(positionWords("dealer-2")).toBe("Dealer 2");
  });
});
