import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";

import messages from "../messages/en.json";
import { handName, outcomeWords } from "../src/components/history/round-words";
import type { Translate } from "../src/i18n/translate";

// Keys as plain strings, as the app's own `useTranslations()` takes them: the messages typed by
// createTranslator's own bound rather than by en.json's keys.
type AnyMessages = NonNullable<Parameters<typeof createTranslator>[0]["messages"]>;
const t: Translate = createTranslator<AnyMessages>({ locale: "en", messages });

describe("a recalled round in words (the history's Result and Cards)", () => {
  it("names Joker blackjack's dealer and each seat's hands, split hands numbered", () => {
    expect(handName("dealer", t)).toBe("Dealer");
    expect(handName("seat-1.1", t)).toBe("Seat 1");
    expect(handName("seat-3.2", t)).toBe("Seat 3, hand 2");
  });

  it("names Pok Deng's seats and Baccarat's hands as before, and leaves others as they are", () => {
    expect(handName("seat-4", t)).toBe("Player 4");
    expect(handName("player", t)).toBe("Player");
    expect(handName("banker", t)).toBe("Banker");
    expect(handName("burn", t)).toBeNull();
  });

  it("says Joker blackjack's outcome by its dealer: a total, or joker, blackjack, bust", () => {
    const round = (result: unknown) => ({ dealer: { cards: [], result }, seats: [] });
    expect(outcomeWords("joker-blackjack", round(17), t)).toBe("Dealer 17");
    expect(outcomeWords("joker-blackjack", round("bust"), t)).toBe("Dealer Bust");
    expect(outcomeWords("joker-blackjack", round("joker"), t)).toBe("Dealer Joker");
    expect(outcomeWords("joker-blackjack", round("blackjack"), t)).toBe("Dealer Blackjack");
    expect(outcomeWords("joker-blackjack", round("something else"), t)).toBeNull();
  });

  it("says Baccarat's winner with both totals and each Pok Deng seat's result", () => {
    expect(outcomeWords("baccarat", { winner: "banker", playerTotal: 5, bankerTotal: 9 }, t)).toBe(
      "Banker · Player 5 · Banker 9",
    );
    expect(
      outcomeWords(
        "pok-deng",
        {
          seats: [
            { seat: 1, outcome: "lose1to1" },
            { seat: 2, outcome: "win2to1" },
          ],
        },
        t,
      ),
    ).toBe("Player 1 loses 1:1 · Player 2 wins 2:1");
    expect(outcomeWords("baccarat", null, t)).toBeNull();
  });
});
