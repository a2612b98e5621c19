// Baccarat simulator speed on one core: rounds per second with all eight bets settled, whole
// 8-deck shoes on the shoe's own procedures (shuffle, cut card, first-card burn). Prints wall
// and CPU-time rates: on a shared machine the CPU figure is the less disturbed one.
// Usage: pnpm exec tsx bench/baccarat-simulate.ts [rounds] [variant]
import { DEFAULT_CUT_CARD, newShoe, reshuffle, SimulationRng, standardDecks } from "@fuda/shoe";

import type { Variant } from "../src/baccarat";
import { simulate, VARIANTS } from "../src/baccarat";

const rounds = Number(process.argv[2] ?? 5_000_000);
const only = process.argv[3] as Variant | undefined;
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const perSecond = (seconds: number) => Math.round(rounds / seconds).toLocaleString("en-US");

for (const variant of VARIANTS.filter((v) => only === undefined || v === only)) {
  for (let run = 1; run <= 3; run++) {
    const rng = SimulationRng.fromSeed({ serverSeed: "00", nonce: run });
    const [wall, cpu] = [performance.now(), cpuSeconds()];
    const result = simulate({ variant, rounds, rng });
    const wallSeconds = (performance.now() - wall) / 1000;
    const cpuUsed = cpuSeconds() - cpu;
    const banker = result.bets.banker!;
    console.log(
      `${variant} run ${run}: ${rounds.toLocaleString("en-US")} rounds, ${result.shoes} shoes: ` +
        `${perSecond(wallSeconds)} rounds/s wall, ${perSecond(cpuUsed)} rounds/s CPU ` +
        `(Banker RTP ${banker.rtp.toFixed(5)} ± ${banker.stdErr.toFixed(5)})`,
    );
  }
}

// Where the time goes: the shoe's reshuffle per shoe (Fisher–Yates, cut card, salt), and a
// bare generator step to calibrate this machine against others.
{
  const rng = SimulationRng.fromSeed({ serverSeed: "01" });
  const shoe = newShoe({ cards: standardDecks(8), rng, cutCard: DEFAULT_CUT_CARD });
  const shoes = 20_000;
  let cpu = cpuSeconds();
  for (let k = 0; k < shoes; k++) reshuffle(shoe, rng);
  const reshuffleMicros = ((cpuSeconds() - cpu) / shoes) * 1e6;
  const steps = 50_000_000;
  let word = 0;
  cpu = cpuSeconds();
  for (let k = 0; k < steps; k++) word ^= rng.nextUint32();
  const stepNanos = ((cpuSeconds() - cpu) / steps) * 1e9;
  console.log(
    `reshuffle of 416 cards: ${reshuffleMicros.toFixed(1)} µs CPU per shoe ` +
      `(≈ ${(reshuffleMicros / 75).toFixed(3)} µs per round at ~75 rounds a shoe); ` +
      `one generator step: ${stepNanos.toFixed(2)} ns CPU (check ${word & 1})`,
  );
}
