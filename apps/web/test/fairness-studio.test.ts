import { describe, expect, it } from "vitest";

import { parseCardCode } from "@fuda/shoe";

import { checkRecordedOrder, checkRounds } from "../src/fairness";

const code = (text: string) => parseCardCode(text)!;

// A studio shoe (docs/studio.md): 3♠ burns three more, skipped (never entered: `ff`); round 1
// takes 2♥ 4♦ 9♣ K♠.
const RECORD = ["3S", null, null, null, "2H", "4D", "9C", "KS"]
  .map((card) => (card === null ? "ff" : code(card).toString(16).padStart(2, "0")))
  .join("");

const shoe = {
  firstBurn: { shownCard: code("3S"), burnCount: 3 },
  firstRoundAt: 4,
  rounds: [
    {
      roundId: "r1",
      number: 1,
      phase: "settled" as const,
      start: 4,
      cards: ["2H", "4D", "9C", "KS"].map((card, k) => ({
        at: 4 + k,
        kind: "shown" as const,
        card: code(card),
        hand: `card-${k}`,
      })),
    },
  ],
};

describe("a studio shoe's recorded order (no commitment: its cards are physical)", () => {
  it("reads the cards as entered, the skipped burns as places with no card", () => {
    const record = checkRecordedOrder(RECORD);
    expect(record.ok).toBe(true);
    expect(record.ok && [...record.order.subarray(1, 4)]).toEqual([0xff, 0xff, 0xff]);
  });

  it("every card shown at the table is the recorded card at its place", () => {
    const record = checkRecordedOrder(RECORD);
    const checks = record.ok ? checkRounds(shoe, record.order) : [];
    expect(checks.map(({ round, ok, checked }) => [round, ok, checked])).toEqual([
      [0, true, 1],
      [1, true, 4],
    ]);
  });

  it("a shown card the record does not hold fails its round", () => {
    const tampered = RECORD.slice(0, -2) + code("QS").toString(16).padStart(2, "0");
    const record = checkRecordedOrder(tampered);
    const checks = record.ok ? checkRounds(shoe, record.order) : [];
    expect(checks[1]).toMatchObject({ ok: false, problem: { code: "cardDiffers", at: 7 } });
  });

  it("refuses hex that is not a record: odd digits, a byte that is no card and not `ff`", () => {
    expect(checkRecordedOrder("3")).toEqual({ ok: false, problem: { code: "cardsHex" } });
    expect(checkRecordedOrder("ff0e")).toEqual({
      ok: false,
      problem: { code: "notACard", index: 1, byte: "0e" },
    });
  });
});
