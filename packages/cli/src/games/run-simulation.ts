import { SimulationRng } from "@fuda/shoe";

import type { SimulateOptions } from "../commands/simulate";

/**
 * Runs one game's simulator on the fast generator its hex seed keys (the HMAC DRBG seeds
 * SimulationRng), and gives the head every `fuda simulate` report starts with.
 */
export function runSimulation<Result>(
  { game, rounds, seed }: SimulateOptions,
  variant: string,
  simulate: (rng: SimulationRng) => Result,
) {
  const rng = SimulationRng.fromSeed({ serverSeed: seed });
  const started = performance.now();
  const result = simulate(rng);
  const seconds = (performance.now() - started) / 1000;
  const roundsPerSecond = Math.round(rounds / seconds);
  return { head: { game, variant, rounds, seed, roundsPerSecond }, result };
}
