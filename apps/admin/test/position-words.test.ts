import { describe, expect, it } from "vitest";

import type { StudioNext } from "@fuda/contracts";

import {
  actionWords,
  handOf,
  handWords,
  nextWords,
  ordinal,
  positionWords,
} from "../src/components/studio/position-words";

const none = { position: null, index: null, burn: null, action: null, decision: null };
const next = (fields: Partial<StudioNext> & Pick<StudioNext, "kind">): StudioNext => ({
  ...none,
  ...fields,
});

describe("where the next card goes, in the dealer's words", () => {
  it("ordinals: 1st 2nd 3rd 4th, 11th 12th 13th, 21st 22nd", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "101st",
      "111th",
    ]);
  });

  it("baccarat: Player and Banker cards by their order in the hand", () => {
    expect(positionWords("player-1")).toBe("Player 1st card");
    expect(positionWords("banker-2")).toBe("Banker 2nd card");
    expect(positionWords("player-3")).toBe("Player 3rd card");
    expect(positionWords("banker-3")).toBe("Banker 3rd card");
  });

  it("Pok Deng: a seat's card and the Banker's", () => {
    expect(positionWords("seat-4-2")).toBe("Seat 4 — 2nd card");
    expect(positionWords("seat-1-3")).toBe("Seat 1 — 3rd card");
    expect(positionWords("banker-1")).toBe("Banker 1st card");
  });

  it("joker blackjack: the dealer's up card, hole card and draws", () => {
    expect(positionWords("dealer-1")).toBe("Dealer up card");
    expect(positionWords("dealer-2")).toBe("Dealer hole card");
    expect(positionWords("dealer-3")).toBe("Dealer 3rd card");
    expect(positionWords("dealer-4")).toBe("Dealer 4th card");
  });

  it("joker blackjack: a seat's only hand is the seat; a split names both hands", () => {
    expect(positionWords("seat-3.1-1")).toBe("Seat 3 — 1st card");
    expect(positionWords("seat-3.1-3")).toBe("Seat 3 — 3rd card");
    expect(positionWords("seat-3.2-2")).toBe("Seat 3, hand 2 — 2nd card");
    const dealt = ["seat-3.1-1", "seat-3.2-1"];
    expect(positionWords("seat-3.1-2", dealt)).toBe("Seat 3, hand 1 — 2nd card");
    expect(positionWords("seat-4.1-2", dealt)).toBe("Seat 4 — 2nd card");
  });

  it("a new shoe's first card and a burn; an unknown position is shown as it is", () => {
    expect(positionWords("first-card")).toBe("First card of a new shoe");
    expect(positionWords("burn")).toBe("Burn card");
    expect(positionWords("tiger-1x")).toBe("tiger-1x");
  });

  it("a card's hand is its position without the card's number, as the totals key it", () => {
    expect(handOf("player-3")).toBe("player");
    expect(handOf("seat-4-2")).toBe("seat-4");
    expect(handOf("seat-3.2-1")).toBe("seat-3.2");
    expect(handOf("dealer-2")).toBe("dealer");
    expect(handWords("seat-3.1")).toBe("Seat 3");
    expect(handWords("seat-3.1", ["seat-3.2-1"])).toBe("Seat 3, hand 1");
    expect(handWords("banker")).toBe("Banker");
  });

  it("a player's choice as the dealer announces it; the engine's hands count from 0", () => {
    expect(actionWords({ seat: 3, hand: 0, action: "hit" })).toBe("Seat 3 hits");
    expect(actionWords({ seat: 3, hand: 0, action: "double" })).toBe("Seat 3 doubles");
    expect(actionWords({ seat: 2, hand: 1, action: "split" })).toBe("Seat 2, hand 2 splits");
  });
});

describe("the next thing to do, from studio.state's next", () => {
  it("the shoe's procedure and betting", () => {
    expect(nextWords(next({ kind: "firstCard", index: 0 })).headline).toBe(
      "First card of a new shoe",
    );
    expect(nextWords(next({ kind: "burn", index: 3, burn: { done: 2, of: 9 } })).headline).toBe(
      "Burn 3 of 9",
    );
    expect(nextWords(next({ kind: "open" })).headline).toBe("Open betting");
    expect(nextWords(next({ kind: "close" })).headline).toBe("No more bets");
    expect(nextWords(next({ kind: "paused" })).headline).toBe("Table paused by the operators");
  });

  it("a card: where it goes, after what the seat chose", () => {
    expect(nextWords(next({ kind: "card", position: "banker-3", index: 9 }))).toEqual({
      lead: null,
      headline: "Banker 3rd card",
    });
    expect(
      nextWords(
        next({
          kind: "card",
          position: "seat-3.1-3",
          index: 12,
          action: { seat: 3, hand: 0, action: "hit" },
        }),
      ),
    ).toEqual({ lead: "Seat 3 hits", headline: "Seat 3 — 3rd card" });
    expect(nextWords(next({ kind: "card", position: "dealer-2", index: 9 })).headline).toBe(
      "Dealer hole card",
    );
  });

  it("a card with no position: the table takes its next step by itself", () => {
    expect(nextWords(next({ kind: "card" })).headline).toBe("The table deals…");
  });

  it("a seat deciding: whose turn it is", () => {
    const decision = { seat: 3, hand: 0, kind: "play", actsBy: null };
    expect(nextWords(next({ kind: "player", decision })).headline).toBe("Seat 3 to act…");
    expect(
      nextWords(next({ kind: "player", decision: { ...decision, kind: "insurance" } })),
    ).toEqual({ lead: "Insurance", headline: "Seat 3 to act…" });
  });
});
