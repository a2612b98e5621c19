/**
 * Full 7-seat joker blackjack rounds per second on one core:
 * `pnpm exec tsx bench/joker-blackjack-simulate.ts [rounds]`. Prints CPU-time rates (on a
 * shared machine the one-core figure) and wall-clock rates, shuffling with the HMAC-SHA256 DRBG
 * itself and with the DRBG-seeded xoshiro128** the CLI uses (shuffles nearly free).
 */
import { SimulationRng } from "@fuda/shoe";

import { jokerBlackjack } from "../src/index";

const rounds = Number(process.argv[2] ?? 100_000);
jokerBlackjack.simulate({ rounds: 20_000, seed: "01" }); // warm-up (JIT)
for (const [name, makeRng] of [
  ["HMAC-SHA256 DRBG", () => undefined],
  ["xoshiro128** (as the CLI)", (seed: string) => SimulationRng.fromSeed({ serverSeed: seed })],
] as const) {
  for (let run = 1; run <= 3; run++) {
    const wall = performance.now();
    const cpu = process.cpuUsage();
    const report = jokerBlackjack.simulate({ rounds, seed: `0${run}`, rng: makeRng(`0${run}`) });
    const used = process.cpuUsage(cpu);
    const rate = (seconds: number) => Math.round(rounds / seconds).toLocaleString("en");
    console.log(
      `${name} run ${run}: ${rounds} rounds, ${rate((used.user + used.system) / 1e6)} rounds/s ` +
        `of CPU time (${rate((performance.now() - wall) / 1000)} wall); ` +
        `RTP ${(100 * report.rtp).toFixed(3)}% ± ${(100 * report.stdErr).toFixed(3)}`,
    );
  }
}
