import { SimulationRng } from "@fuda/shoe";
import { describe, expect, it } from "vitest";

import type { Variant } from "../../src/baccarat";
import { analyze, fractionToNumber, simulate, variantComposition } from "../../src/baccarat";

const ROUNDS = 200_000;

describe("the simulator", () => {
  for (const variant of [
    "commission",
    "no-commission",
    "quick",
  ] as const satisfies readonly Variant[]) {
    it(`agrees with the exact analysis within 4 standard errors on every ${variant} bet`, () => {
      const rng = SimulationRng.fromSeed({ serverSeed: "5eed", clientSeed: variant });
      const simulation = simulate({ variant, rounds: ROUNDS, rng });
      const exact = analyze(variant, variantComposition(variant));
      expect(Object.keys(simulation.bets)).toEqual(Object.keys(exact.rtp));
      for (const [bet, { rtp, stdErr }] of Object.entries(simulation.bets)) {
        const expected = fractionToNumber(exact.rtp[bet as keyof typeof exact.rtp]!);
        expect({ bet, within: Math.abs(rtp - expected) <= 4 * stdErr }).toEqual({
          bet,
          within: true,
        });
      }
    });
  }

  it("counts rounds only where a bet is offered: pairs close after round 60, naturals after 50", () => {
    const { bets, shoes } = simulate({
      variant: "commission",
      rounds: 20_000,
      rng: SimulationRng.fromSeed({ serverSeed: "01" }),
    });
    expect(shoes).toBeGreaterThan(200);
    expect(bets.banker!.rounds).toBe(20_000);
    expect(bets.playerPair!.rounds).toBeLessThan(20_000);
    expect(bets.luckySix!.rounds).toBeLessThan(bets.playerPair!.rounds);
    expect(bets.luckySix!.rounds).toBe(bets.playerNatural!.rounds);
  });

  it("refuses a cut card too near the end to finish the shoe's last round (6 cards)", () => {
    const rng = SimulationRng.fromSeed({ serverSeed: "02" });
    const near = (minFromEnd: number) => () =>
      simulate({
        variant: "commission",
        rounds: 2_000,
        rng,
        cutCard: { minFromEnd, maxFromEnd: 6 },
      });
    expect(near(5)).toThrow(/at least 6 cards to finish the last round, got 5/);
    expect(near(6)).not.toThrow();
  });

  it("reports the standard error of the mean return: Tie returns 9 or 0, so its variance is 9·rtp − rtp²", () => {
    const { bets } = simulate({
      variant: "commission",
      rounds: 5_000,
      rng: SimulationRng.fromSeed({ serverSeed: "03" }),
    });
    const { rtp, stdErr, rounds } = bets.tie!;
    expect(stdErr).toBeCloseTo(Math.sqrt((9 * rtp - rtp * rtp) / rounds), 12);
  });

  it("refuses a round count that is not a positive whole number", () => {
    const rng = SimulationRng.fromSeed({ serverSeed: "04" });
    for (const rounds of [0, 1.5, Number.NaN]) {
      expect(() => simulate({ variant: "commission", rounds, rng })).toThrow(
        `rounds must be a positive integer, got ${rounds}`,
      );
    }
  });

  it("gives the same report for the same seed", () => {
    const run = () =>
      simulate({
        variant: "quick",
        rounds: 5_000,
        rng: SimulationRng.fromSeed({ serverSeed: "ab" }),
      });
    expect(run()).toEqual(run());
  });
});
