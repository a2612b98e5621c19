/**
 * Reservations per second through the ledger on the local PostgreSQL, at 1, 16 and 64
 * concurrent callers, each beside pgbench's TPC-B tps measured on the same server in the same
 * run. Two paths: one reservation per transaction, and batched: the callers' reservations are
 * group-committed (whatever is waiting when a transaction starts, up to MAX_BATCH, is posted by
 * one `transferMany` in one transaction; up to COMMITTERS transactions at once), as the table
 * runtime does with bets. Each transaction is the one statement `transferMany` sends (no
 * interactive transaction around it: that would add BEGIN and COMMIT round trips, which the
 * table runtime pays once for its bet rows and their stakes together). Latency is per
 * reservation, from the call to its outcome. `pnpm --filter @fuda/ledger bench`; DATABASE_URL names the server
 * (default postgresql://postgres@127.0.0.1:5432/postgres). It creates and drops its own
 * databases. Numbers on a shared 2-core machine are noisy: compare the columns of one run.
 */
import { createDb, migrate } from "@fuda/db";
import type { Db } from "@fuda/db";
import {
  benchServerUrl,
  createThrowawayDatabase,
  percentile,
  pgbenchTps,
  PGBENCH_SCALE,
} from "@fuda/testkit";

import { checkBooks, grantRequest, reserveRequest, transferMany } from "../src";
import type { TransferOutcome, TransferRequest } from "../src";

const SECONDS = Number(process.env.LEDGER_BENCH_SECONDS ?? 8);
const CALLERS = [1, 16, 64];
const MAX_BATCH = 256;
/** Transactions in flight at once: about one per core of a small server. */
const COMMITTERS = Number(process.env.LEDGER_BENCH_COMMITTERS ?? 2);
const PLAYERS_PER_CALLER = 8;

const serverUrl = benchServerUrl();

const playerOf = (caller: number, n: number) => `player-${caller}-${n % PLAYERS_PER_CALLER}`;

/** Every caller's players, each with more points than a run can spend. */
async function fundPlayers(db: Db): Promise<void> {
  const requests = [];
  for (let caller = 0; caller < Math.max(...CALLERS); caller++) {
    for (let n = 0; n < PLAYERS_PER_CALLER; n++) {
      requests.push(grantRequest({ playerId: playerOf(caller, n), amount: 1_000_000_000_000 }));
    }
  }
  for (const outcome of await transferMany(db, requests)) {
    if (!outcome.ok) throw outcome.error;
  }
}

interface Run {
  reservationsPerSecond: number;
  p50: number;
  p99: number;
}

interface Waiting {
  request: TransferRequest;
  done: (outcome: TransferOutcome) => void;
  failed: (error: unknown) => void;
}

/** Posts what callers submit in shared transactions: each starts with whatever is waiting. */
function groupCommit(db: Db): (request: TransferRequest) => Promise<TransferOutcome> {
  const waiting: Waiting[] = [];
  let running = 0;
  const pump = () => {
    while (running < COMMITTERS && waiting.length > 0) {
      const batch = waiting.splice(0, MAX_BATCH);
      running++;
      transferMany(
        db,
        batch.map((w) => w.request),
      )
        .then(
          (outcomes) => {
            batch.forEach((w, i) => {
              w.done(outcomes[i]!);
            });
          },
          (error: unknown) => {
            for (const w of batch) w.failed(error);
          },
        )
        .finally(() => {
          running--;
          pump();
        });
    }
  };
  return (request) =>
    new Promise((done, failed) => {
      waiting.push({ request, done, failed });
      pump();
    });
}

/** `callers` loops, each reserving one bet after another for SECONDS. */
async function measure(
  db: Db,
  run: string,
  callers: number,
  post: (request: TransferRequest) => Promise<TransferOutcome>,
): Promise<Run> {
  const deadline = performance.now() + SECONDS * 1000;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: callers }, async (_, caller) => {
      for (let n = 0; performance.now() < deadline; n++) {
        const request = reserveRequest({
          playerId: playerOf(caller, n),
          roundId: `${run}-${Math.floor(n / 1000)}`,
          betId: `${caller}-${n}`,
          amount: 100,
        });
        const begun = performance.now();
        const outcome = await post(request);
        if (!outcome.ok) throw outcome.error;
        latencies.push(performance.now() - begun);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    reservationsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function main(): Promise<void> {
  console.log(
    `ledger reservations vs pgbench TPC-B (scale ${PGBENCH_SCALE}), ${SECONDS} s per configuration, same server`,
  );
  const tps = await pgbenchTps(serverUrl, { clients: CALLERS, seconds: SECONDS });
  const database = await createThrowawayDatabase(serverUrl, "fuda_bench_ledger");
  const db = createDb(database.url, { poolSize: Math.max(...CALLERS) });
  try {
    await migrate(database.url);
    await fundPlayers(db);
    console.log(
      `${"path".padEnd(34)}${"callers".padStart(8)}${"reserv./s".padStart(11)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"pgbench tps".padStart(13)}${"ratio".padStart(8)}`,
    );
    const paths = [
      [
        "one reservation per transaction",
        (request: TransferRequest) => transferMany(db, [request]).then(([outcome]) => outcome!),
      ],
      ["batched (group commit)", groupCommit(db)],
    ] as const;
    for (const [path, post] of paths) {
      for (const callers of CALLERS) {
        const result = await measure(db, `${path}-${callers}`, callers, post);
        const baseline = tps.get(callers)!.tps;
        console.log(
          `${path.padEnd(34)}${String(callers).padStart(8)}${result.reservationsPerSecond.toFixed(0).padStart(11)}${result.p50.toFixed(1).padStart(9)}${result.p99.toFixed(1).padStart(9)}${baseline.toFixed(0).padStart(13)}${(result.reservationsPerSecond / baseline).toFixed(2).padStart(7)}×`,
        );
      }
    }
    const books = await checkBooks(db);
    console.log(`books after the run: ${books.clean ? "clean" : JSON.stringify(books)}`);
  } finally {
    await db.$disconnect();
    await database.drop();
  }
}

await main();
