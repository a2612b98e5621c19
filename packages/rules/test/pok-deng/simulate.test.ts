import { SimulationRng } from "@fuda/shoe";
import { describe, expect, it } from "vitest";

import {
  SEAT_OUTCOMES,
  analyzePokDeng,
  fractionToNumber,
  simulatePokDeng,
} from "../../src/pok-deng";

const simulate = (rounds: number, serverSeed: string) =>
  simulatePokDeng({ rounds, rng: SimulationRng.fromSeed({ serverSeed }) });

describe("Pok Deng simulator", () => {
  const exact = analyzePokDeng();
  const simulated = simulate(60_000, "5eed");

  it("agrees with the exact analyzer within 4 standard errors on both bets", () => {
    for (const id of ["seat", "seatPair"] as const) {
      const { rtp, stdErr } = simulated.bets[id];
      expect(Math.abs(rtp - fractionToNumber(exact.rtp[id]))).toBeLessThan(4 * stdErr);
    }
  });

  it("sees each outcome about as often as the analyzer says", () => {
    for (const outcome of SEAT_OUTCOMES) {
      const p = fractionToNumber(exact.outcomes[outcome]);
      const stdErr = Math.sqrt((p * (1 - p)) / (5 * 60_000));
      // Seats of one round share the Banker: allow a wider band than independent hands would.
      expect(Math.abs(simulated.outcomes[outcome] - p)).toBeLessThan(8 * stdErr);
    }
  });

  it("plays whole shoes, cut card and all (about 29 rounds each)", () => {
    expect(simulated.shoes).toBeGreaterThan(60_000 / 32);
    expect(simulated.shoes).toBeLessThan(60_000 / 25);
  });

  it("gives the same report for the same seed", () => {
    expect(simulate(2_000, "ab")).toEqual(simulate(2_000, "ab"));
    expect(simulate(2_000, "ab")).not.toEqual(simulate(2_000, "cd"));
  });

  it("refuses a round count that is not a positive integer", () => {
    expect(() => simulate(0, "ab")).toThrow(/positive integer/);
  });
});
