import { makeCard, standardDecks } from "@fuda/shoe";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { PokDengRound } from "../../src/pok-deng";
import { SEAT_OUTCOMES, analyzePokDeng, formatFraction, settleBet } from "../../src/pok-deng";

describe("exact Pok Deng analyzer", () => {
  const eightDecks = analyzePokDeng(standardDecks(8));

  it("a fresh 8-deck shoe gives the Player N bet an RTP of exactly 90726485/92244789", () => {
    expect(formatFraction(eightDecks.rtp.seat)).toBe("90726485/92244789");
    expect(Number(eightDecks.rtp.seat.num) / Number(eightDecks.rtp.seat.den)).toBeCloseTo(
      0.98354,
      5,
    );
  });

  it("a fresh 8-deck shoe gives the Pair bet an RTP of exactly 372/415 (12 × 31/415)", () => {
    expect(formatFraction(eightDecks.rtp.seatPair)).toBe("372/415");
  });

  it("gives the exact probability of each Player N outcome from a fresh 8-deck shoe", () => {
    expect(
      Object.fromEntries(SEAT_OUTCOMES.map((o) => [o, formatFraction(eightDecks.outcomes[o])])),
    ).toEqual({
      win1to1: "3652912/13177827",
      win2to1: "9272976/51247105",
      tie: "465139/5556915",
      lose1to1: "616720/2365251",
      lose2to1: "91048304/461223945",
    });
  });

  it("agrees with dealing every ordered four cards of small shoes one by one", () => {
    const card = fc
      .tuple(fc.integer({ min: 1, max: 13 }), fc.integer({ min: 0, max: 3 }))
      .map(([rank, suit]) => makeCard(rank, suit));
    fc.assert(
      fc.property(fc.array(card, { minLength: 4, maxLength: 8 }), (shoe) => {
        const analysis = analyzePokDeng(shoe);
        const tally = { ways: 0, seatReturn: 0, pairReturn: 0 };
        const outcomeWays = new Map<string, number>();
        const n = shoe.length;
        for (let a = 0; a < n; a++)
          for (let b = 0; b < n; b++)
            for (let c = 0; c < n; c++)
              for (let d = 0; d < n; d++) {
                if (new Set([a, b, c, d]).size < 4) continue;
                const round: PokDengRound = {
                  players: Array.from({ length: 5 }, () => [shoe[a]!, shoe[b]!] as const),
                  banker: [shoe[c]!, shoe[d]!],
                };
                const seat = settleBet({ id: "seat", seat: 1, stake: 1 }, round);
                const pair = settleBet({ id: "seatPair", seat: 1, stake: 1 }, round);
                tally.ways++;
                tally.seatReturn += seat.net + 1;
                tally.pairReturn += pair.returned;
                outcomeWays.set(seat.outcome!, (outcomeWays.get(seat.outcome!) ?? 0) + 1);
              }
        const ratio = (f: { num: bigint; den: bigint }) => Number(f.num) / Number(f.den);
        expect(ratio(analysis.rtp.seat)).toBeCloseTo(tally.seatReturn / tally.ways, 12);
        expect(ratio(analysis.rtp.seatPair)).toBeCloseTo(tally.pairReturn / tally.ways, 12);
        for (const outcome of SEAT_OUTCOMES) {
          expect(ratio(analysis.outcomes[outcome])).toBeCloseTo(
            (outcomeWays.get(outcome) ?? 0) / tally.ways,
            12,
          );
        }
      }),
      { numRuns: 30 },
    );
  });

  it("refuses shoes of fewer than four cards and cards outside the game", () => {
    expect(() => analyzePokDeng([1, 2, 3])).toThrow(/need 4 cards/);
    expect(() => analyzePokDeng([1, 2, 3, 0x50])).toThrow(/no card 80/);
  });
});
