/*
 * 8-deck shuffles per second for each RNG, plus raw draws per second from a shoe.
 * `pnpm bench` in packages/shoe. Numbers are wall-clock on a shared machine: expect noise.
 */
import {
  CryptoRng,
  HmacDrbg,
  SimulationRng,
  draw,
  newShoe,
  reshuffle,
  shuffle,
  standardDecks,
} from "../src/index";
import type { Rng } from "../src/index";

/**
 * Best of three runs, as a rate per wall-clock second and per second of this process's CPU time
 * (the second is steadier when other processes share the cores).
 */
function perSecond(label: string, unit: string, run: () => number): void {
  run(); // warm-up
  let wall = 0;
  let cpu = 0;
  for (let trial = 0; trial < 3; trial++) {
    const start = process.hrtime.bigint();
    const cpuStart = process.cpuUsage();
    const count = run();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const usage = process.cpuUsage(cpuStart);
    wall = Math.max(wall, count / seconds);
    cpu = Math.max(cpu, count / ((usage.user + usage.system) / 1e6));
  }
  const rate = (value: number) => Math.round(value).toLocaleString("en").padStart(12);
  process.stdout.write(`${label.padEnd(46)} ${rate(wall)} ${unit}/s ${rate(cpu)} ${unit}/cpu-s\n`);
}

function shuffles(rng: Rng, count: number): () => number {
  const cards = standardDecks(8);
  return () => {
    for (let i = 0; i < count; i++) shuffle(cards, rng);
    return count;
  };
}

perSecond("8-deck shuffle, CryptoRng (CSPRNG)", "shuffles", shuffles(new CryptoRng(), 20_000));
perSecond(
  "8-deck shuffle, HmacDrbg (HMAC-SHA256)",
  "shuffles",
  shuffles(new HmacDrbg({ serverSeed: "00", clientSeed: "bench" }), 5_000),
);

perSecond(
  "8-deck shuffle, SimulationRng (simulations only)",
  "shuffles",
  shuffles(SimulationRng.fromSeed({ serverSeed: "00", clientSeed: "bench" }), 200_000),
);

const rng = new HmacDrbg({ serverSeed: "01" });
const shoe = newShoe({ cards: standardDecks(8), rng, cutCard: null });
perSecond("draw from an 8-deck shoe (no reshuffle)", "cards", () => {
  let total = 0;
  for (let i = 0; i < 20_000; i++) {
    shoe.position = 0;
    for (let k = 0; k < 416; k++) total += draw(shoe);
  }
  return total > 0 ? 20_000 * 416 : 0;
});
perSecond("new shoe in place: reshuffle + salt, HmacDrbg", "shoes", () => {
  for (let i = 0; i < 5_000; i++) reshuffle(shoe, rng);
  return 5_000;
});
