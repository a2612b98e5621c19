import { describe, expect, it } from "vitest";

import { parseCard } from "@fuda/shoe";

import { checkRounds, verifyReveal } from "../src/fairness";

// docs/fairness.md, Worked example: A♠ 10♥ K★ JK 7♦ with the salt 00 01 … 1f.
const SALT = Array.from({ length: 32 }, (_, i) => i.toString(16).padStart(2, "0")).join("");
const EXAMPLE = { salt: SALT, cards: "011a4d5027" };
const COMMITMENT = "94271124e9e293a04d471c195ee5d2ca8604dacad7713358f91437f73cee5699";

describe("verifyReveal (Web Crypto SHA-256 over docs/fairness.md's bytes)", () => {
  it("the worked example hashes to its published commitment 94271124…", async () => {
    const check = await verifyReveal(COMMITMENT, EXAMPLE);
    expect(check).toMatchObject({ ok: true, digest: COMMITMENT });
    expect(check.ok && [...check.order]).toEqual([0x01, 0x1a, 0x4d, 0x50, 0x27]);
    // Upper-case commitments are the same digits.
    expect((await verifyReveal(COMMITMENT.toUpperCase(), EXAMPLE)).ok).toBe(true);
  });

  it("one card changed (7♦ → 8♦) no longer matches the commitment", async () => {
    const check = await verifyReveal(COMMITMENT, { salt: SALT, cards: "011a4d5028" });
    expect(check.ok).toBe(false);
    expect(!check.ok && check.problem.code).toBe("mismatch");
  });

  it("refuses a reveal that is not one: a short salt, odd hex, a byte that is no card", async () => {
    expect(await verifyReveal(COMMITMENT, { salt: "0001", cards: "01" })).toEqual({
      ok: false,
      problem: { code: "saltLength", bytes: 2 },
    });
    expect(await verifyReveal(COMMITMENT, { salt: SALT, cards: "011" })).toEqual({
      ok: false,
      problem: { code: "cardsHex" },
    });
    expect(await verifyReveal(COMMITMENT, { salt: SALT, cards: "01 1a 0e" })).toEqual({
      ok: false,
      problem: { code: "notACard", index: 2, byte: "0e" },
    });
  });
});

describe("checkRounds", () => {
  // A♠ burns one more (2♠); round 1 takes 3♠ 4♠ 5♠ 6♠, round 2 a burn then 7♠ 8♠.
  const order = Uint8Array.from(
    ["AS", "2S", "3S", "4S", "5S", "6S", "9H", "7S", "8S"].map(parseCard),
  );
  const shown = (at: number, text: string) => ({
    at,
    kind: "shown" as const,
    card: parseCard(text),
    hand: `card-${at}`,
  });
  const shoe = {
    firstBurn: { shownCard: parseCard("AS"), burnCount: 1 },
    firstRoundAt: 2,
    rounds: [
      {
        roundId: "r1",
        number: 1,
        phase: "settled" as const,
        start: 2,
        cards: [shown(2, "3S"), shown(3, "4S"), shown(4, "5S"), shown(5, "6S")],
      },
      {
        roundId: "r2",
        number: 2,
        phase: "settled" as const,
        start: 6,
        cards: [
          { at: 6, kind: "burned" as const, card: null, hand: null },
          shown(7, "7S"),
          shown(8, "8S"),
        ],
      },
    ],
  };

  it("passes the opening burn and each round that took the next cards of the order", () => {
    expect(
      checkRounds(shoe, order).map(({ round, ok, checked, taken }) => [round, ok, checked, taken]),
    ).toEqual([
      [0, true, 1, 2],
      [1, true, 4, 4],
      [2, true, 2, 3],
    ]);
  });

  it("names the round, the position and both cards when a shown card differs from the order", () => {
    const tampered = order.slice();
    tampered[7] = parseCard("KD");
    const checks = checkRounds(shoe, tampered);
    expect(checks.map(({ ok }) => ok)).toEqual([true, true, false]);
    expect(checks[2]!.problem).toEqual({
      code: "cardDiffers",
      at: 7,
      hand: "card-7",
      shown: parseCard("7S"),
      revealed: parseCard("KD"),
    });
  });

  it("fails a round that skips a card, and an opening burn that is not the order's first card", () => {
    const skipping = { ...shoe, rounds: [shoe.rounds[0]!, { ...shoe.rounds[1]!, start: 7 }] };
    expect(checkRounds(skipping, order)[2]!.problem).toEqual({
      code: "startsElsewhere",
      start: 7,
      expected: 6,
    });
    const otherFirst = order.slice();
    otherFirst[0] = parseCard("AH");
    expect(checkRounds(shoe, otherFirst)[0]!.problem).toMatchObject({ code: "burnDiffers" });
  });
});
