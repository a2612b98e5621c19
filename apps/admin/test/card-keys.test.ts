import { describe, expect, it } from "vitest";

import { cardFace, typeCardKey } from "../src/components/studio/card-keys";

/** Types `keys` one by one; the cards completed along the way, and what is left half-typed. */
function typeKeys(keys: string, jokers = false): { cards: string[]; typed: string } {
  let typed = "";
  const cards: string[] = [];
  for (const key of keys) {
    const next = typeCardKey(typed, key, jokers);
    if (next === null) continue;
    typed = next.typed;
    if (next.card !== null) cards.push(next.card);
  }
  return { cards, typed };
}

describe("card entry from the keyboard: the rank, then the suit", () => {
  it("A then S is the ace of spades; either case", () => {
    expect(typeKeys("AS")).toEqual({ cards: ["AS"], typed: "" });
    expect(typeKeys("th9c")).toEqual({ cards: ["TH", "9C"], typed: "" });
  });

  it("a rank waits for its suit; another rank replaces it", () => {
    expect(typeKeys("Q")).toEqual({ cards: [], typed: "Q" });
    expect(typeKeys("QKD")).toEqual({ cards: ["KD"], typed: "" });
  });

  it("J then K is the joker only where the game has one", () => {
    expect(typeKeys("JK", true)).toEqual({ cards: ["JK"], typed: "" });
    expect(typeKeys("JK", false)).toEqual({ cards: [], typed: "K" });
    expect(typeKeys("JS", true)).toEqual({ cards: ["JS"], typed: "" });
  });

  it("a suit with no rank typed, and keys that are no card key, are left to the page", () => {
    expect(typeCardKey("", "S", false)).toBeNull();
    expect(typeCardKey("", "x", false)).toBeNull();
    expect(typeCardKey("A", "Enter", false)).toBeNull();
    expect(typeCardKey("A", "1", false)).toBeNull();
  });
});

describe("a card code as its face", () => {
  it("ten of hearts in red, the spades in black, the joker, a card not yet turned", () => {
    expect(cardFace("TH")).toEqual({ label: "10♥", red: true, known: true });
    expect(cardFace("AS")).toEqual({ label: "A♠", red: false, known: true });
    expect(cardFace("JK")).toMatchObject({ label: "JK", known: true });
    expect(cardFace("??")).toMatchObject({ known: false });
  });
});
