/**
 * The game API's CPU per `bets.place` call between the parsed body and the bet desk, and back:
 * through tRPC's procedure (its middleware chain: error cleaning, the player check, the input
 * and output schemas, the call) and through `runPlayerCall` (the same parts, called in turn),
 * which the game API's direct path uses (src/bets-direct.ts). The desk here answers at once
 * with a fixed placement: what is measured is the path, not the desk.
 * `pnpm --filter @fuda/game-api bench`; BENCH_CALLS (default 50,000) per path and round.
 */
import { appRouter, betCalls, runPlayerCall } from "@fuda/api";
import type { Context } from "@fuda/api";
import { createDb } from "@fuda/db";
import type { BetDesk, EventHub, Placement } from "@fuda/live";
import { benchTable } from "@fuda/testkit";

const CALLS = Number(process.env.BENCH_CALLS ?? 50_000);
const ROUNDS = 3;

const placement: Placement = {
  roundId: "6f1c1a8e-1f0e-4f3e-9b7a-2d3c4b5a6e7f",
  slipId: "0c2d9c1e-5b7a-4e3f-8a1b-9d8c7b6a5f4e",
  bets: [
    {
      id: "3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7",
      bet: "banker",
      seat: null,
      amount: 1_000,
      reserved: 1_000,
    },
  ],
  replayed: false,
  balance: 999_000,
};
const benchOnly = () => new Error("the bench calls bets.place only");
const desk: BetDesk = {
  place: () => Promise.resolve(placement),
  undo: () => Promise.reject(benchOnly()),
  close: () => Promise.resolve(),
};
const hub: EventHub = {
  subscribe: () => {
    throw benchOnly();
  },
  listen: () => () => undefined,
  lastId: () => "0",
  connected: () => true,
  close: () => Promise.resolve(),
};
const ctx: Context = {
  // Never queried (the desk answers at once): its pool never connects.
  db: createDb("postgresql://bench@127.0.0.1:1/bench"),
  actor: { kind: "player", userId: "bench-player" },
  live: { desk, hub },
};
const input = {
  roundId: placement.roundId,
  bets: [{ bet: "banker", amount: 1_000 }],
  requestId: "0b8a4f5e-7c1d-4e2a-9f3b-6c5d4e3f2a1b",
};

// The router's own procedure, by its typed path: a renamed `bets.place` fails here.
const procedure = appRouter.bets.place;

const paths: [string, () => Promise<unknown>][] = [
  [
    "tRPC's procedure",
    () =>
      procedure({
        path: "bets.place",
        getRawInput: () => Promise.resolve(input),
        ctx,
        type: "mutation",
        signal: undefined,
        batchIndex: 0,
      }),
  ],
  ["runPlayerCall", () => runPlayerCall(betCalls.place, ctx, input)],
];

/** CPU µs per call of `call`, after as many calls unmeasured to warm it up. */
async function cpuPerCall(call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < CALLS; i++) await call();
  const before = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) await call();
  const { user, system } = process.cpuUsage(before);
  return (user + system) / CALLS;
}

console.log(`bets.place between the body and the desk: CPU per call, ${CALLS} calls a round`);
const { header, row } = benchTable([
  ["path", 18],
  ...Array.from({ length: ROUNDS }, (_, i): [string, number] => [`round ${i + 1} µs`, 12]),
]);
console.log(header);
const results = new Map(paths.map(([name]) => [name, [] as number[]]));
// Alternating, so a slower spell of a shared machine falls on both paths.
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, call] of paths) results.get(name)!.push(await cpuPerCall(call));
}
for (const [name, times] of results) console.log(row([name, ...times.map((t) => t.toFixed(1))]));
