import { describe, expect, it } from "vitest";

import { chatCommand } from "../../src/joker-blackjack";

describe("chatCommand (docs/rules/joker-blackjack.md, Chat commands)", () => {
  it("reads a number alone, ASCII or full-width, as a main bet in points", () => {
    expect(chatCommand("100")).toEqual({ kind: "bet", points: 100 });
    expect(chatCommand(" １００ ")).toEqual({ kind: "bet", points: 100 });
    expect(chatCommand("0")).toEqual({ kind: "bet", points: 0 });
  });

  it("leaves anything more than a number to the chat", () => {
    for (const text of ["100 please", "1,000", "-5", "10.5", "1234567890", "100pt", ""]) {
      expect(chatCommand(text), text).toBeNull();
    }
  });

  it("reads the decisions in English and in the house rules' Japanese", () => {
    const words: [string, string][] = [
      ["hit", "hit"],
      ["HIT", "hit"],
      ["ヒット", "hit"],
      ["stand", "stand"],
      ["スタンド", "stand"],
      ["double", "double"],
      ["ダブルダウン", "double"],
      ["split", "split"],
      ["スプリット", "split"],
      ["surrender", "surrender"],
      ["サレンダー", "surrender"],
      ["insurance", "insurance"],
      ["インシュランス", "insurance"],
      ["even money", "evenMoney"],
      ["イーブンマネー", "evenMoney"],
      ["ｈｉｔ", "hit"],
    ];
    for (const [text, action] of words) {
      expect(chatCommand(text), text).toEqual({ kind: "action", action });
    }
    expect(chatCommand("hit me")).toBeNull();
    expect(chatCommand("declineInsurance")).toBeNull();
  });
});
