// Pok Deng simulator speed: rounds per second on one core, six hands and ten bets per round.
import { HmacDrbg } from "@fuda/shoe";

import { Xoshiro128, simulatePokDeng } from "../src/pok-deng";

const rounds = Number(process.argv[2] ?? 3_000_000);
const repeats = 3;
for (let run = 1; run <= repeats; run++) {
  const rng = new Xoshiro128(new HmacDrbg({ serverSeed: "00", nonce: run }));
  const started = performance.now();
  const result = simulatePokDeng({ rounds, rng });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `run ${run}: ${rounds.toLocaleString("en-US")} rounds in ${seconds.toFixed(3)} s = ` +
      `${Math.round(rounds / seconds).toLocaleString("en-US")} rounds/s ` +
      `(seat RTP ${result.bets.seat.rtp.toFixed(5)}, pair RTP ${result.bets.seatPair.rtp.toFixed(5)})`,
  );
}
