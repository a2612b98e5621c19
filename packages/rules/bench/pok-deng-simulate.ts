// Pok Deng simulator speed on one core: rounds per second, six hands and ten bets per round,
// whole 8-deck shoes on the shoe's own procedures. Prints wall-clock and CPU-time rates: on a
// shared machine the CPU-time figure is the one less disturbed by other processes.
import { SimulationRng } from "@fuda/shoe";

import { simulatePokDeng } from "../src/pok-deng";

const rounds = Number(process.argv[2] ?? 3_000_000);
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const perSecond = (seconds: number) => Math.round(rounds / seconds).toLocaleString("en-US");

for (let run = 1; run <= 3; run++) {
  const rng = SimulationRng.fromSeed({ serverSeed: "00", nonce: run });
  const [wall, cpu] = [performance.now(), cpuSeconds()];
  const result = simulatePokDeng({ rounds, rng });
  const wallSeconds = (performance.now() - wall) / 1000;
  const cpuUsed = cpuSeconds() - cpu;
  console.log(
    `run ${run}: ${rounds.toLocaleString("en-US")} rounds, ${result.shoes} shoes: ` +
      `${perSecond(wallSeconds)} rounds/s wall, ${perSecond(cpuUsed)} rounds/s CPU ` +
      `(Player N RTP ${result.bets.seat.rtp.toFixed(5)} ± ${result.bets.seat.stdErr.toFixed(5)}, ` +
      `Pair RTP ${result.bets.seatPair.rtp.toFixed(5)} ± ${result.bets.seatPair.stdErr.toFixed(5)})`,
  );
}
