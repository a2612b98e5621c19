/**
 * Event fan-out benchmark (issue 11, Benchmarks): 1,000 and 10,000 SSE subscribers to one
 * table's `tables.events` on one game-API process (in-process `createGameApiServer` with an
 * event hub, on a throwaway database). The dealer's write is simulated: one event appended per
 * transaction; the delay is from the moment the transaction's commit returned to each client's
 * receipt. Baseline, same run: a bare node `http` SSE broadcaster that writes one prepared
 * payload to N responses when told (at the same "commit returned" moment).
 *
 * Run: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres pnpm --filter @fuda/game-api bench:fanout
 * Each side holds N sockets in each process: the fd limit (`ulimit -n`) must exceed 10,000.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

import { createDb, migrate, seed } from "@fuda/db";
import { appendEvents, createEventHub, silentLog } from "@fuda/live";
import { benchServerUrl, createThrowawayDatabase } from "@fuda/testkit";
import type { ThrowawayDatabase } from "@fuda/testkit";
import { createLogger } from "@fuda/telemetry";

import { createGameApiServer } from "../src/server";
import { startClients, summarize } from "./subscribers";

const now = (): number => performance.timeOrigin + performance.now();
const SIZES = (process.env.FANOUT_SIZES ?? "1000,10000").split(",").map(Number);
const EVENTS = Number(process.env.FANOUT_EVENTS ?? 30);
/** The round the bench's `bets.totals` name; their `number` is the bench's sequence number. */
const BENCH_ROUND = "00000000-0000-4000-8000-000000000001";

/** The bench's throwaway database, dropped at the end or when interrupted. */
let database: ThrowawayDatabase | undefined;

/** Time to let one event reach every client before the next (fan-outs never overlap). */
const spacing = (count: number): number => Math.max(150, count / 20);

async function runOurs(count: number, slug: string, connectionString: string) {
  const db = createDb(connectionString);
  const hub = createEventHub({ db, connectionString, log: silentLog });
  const desk = {
    place: () => Promise.reject(new Error("no bets in this bench")),
    undo: () => Promise.reject(new Error("no bets in this bench")),
    close: () => Promise.resolve(),
  };
  // Warnings only: a request line per viewer's stream was 10,000 lines of the bench's output.
  const quiet = createLogger("game-api", { level: "warn" });
  const server = createGameApiServer({
    db,
    live: { desk, hub },
    log: quiet,
    logError: () => undefined,
  });
  server.maxConnections = 50_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", 4_096, resolve));
  const table = await db.table.findUniqueOrThrow({ where: { slug } });
  const input = encodeURIComponent(JSON.stringify({ slug }));
  const port = (server.address() as AddressInfo).port;
  const clients = startClients(`http://127.0.0.1:${port}/trpc/tables.events?input=${input}`, count);
  await clients.connected;
  await sleep(500);
  const sent: number[] = [];
  for (let seq = 0; seq < EVENTS; seq += 1) {
    await db.$transaction((tx) =>
      appendEvents(tx, [
        {
          tableId: table.id,
          type: "bets.totals",
          payload: { roundId: BENCH_ROUND, number: seq, stakes: {}, bettors: 0 },
        },
      ]),
    );
    sent.push(now());
    await sleep(spacing(count));
  }
  await sleep(1_000);
  const result = summarize(sent, await clients.collect(), count);
  await hub.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await db.$disconnect();
  return result;
}

async function runBaseline(count: number) {
  const responses = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    res.write("event: hello\ndata: {}\n\n");
    responses.add(res);
    req.on("close", () => responses.delete(res));
  });
  server.maxConnections = 50_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", 4_096, resolve));
  const port = (server.address() as AddressInfo).port;
  const clients = startClients(`http://127.0.0.1:${port}/sse`, count);
  await clients.connected;
  await sleep(500);
  const sent: number[] = [];
  for (let seq = 0; seq < EVENTS; seq += 1) {
    const event = {
      id: String(seq + 1),
      tableId: "00000000-0000-4000-8000-000000000000",
      roundId: null,
      playerId: null,
      type: "bets.totals",
      payload: { roundId: BENCH_ROUND, number: seq, stakes: {}, bettors: 0 },
      at: new Date().toISOString(),
    };
    sent.push(now());
    // Serialized once, written to every response.
    const chunk = `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;
    for (const res of responses) res.write(chunk);
    await sleep(spacing(count));
  }
  await sleep(1_000);
  const result = summarize(sent, await clients.collect(), count);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  return result;
}

const ms = (value: number): string => value.toFixed(1).padStart(8);

async function main(): Promise<void> {
  database = await createThrowawayDatabase(benchServerUrl(), "fuda_fanout");
  try {
    const url = database.url;
    await migrate(url);
    const db = createDb(url);
    await seed(db);
    await db.$disconnect();
    console.log(`fan-out: ${EVENTS} events per run, delay from commit to each client (ms)`);
    console.log("subscribers |  ours p50 |  ours p99 | base p50 | base p99 | p99 ratio | missed");
    for (const count of SIZES) {
      const baseline = await runBaseline(count);
      const ours = await runOurs(count, "baccarat-a", url);
      console.log(
        `${String(count).padStart(11)} | ${ms(ours.p50)}  | ${ms(ours.p99)}  |${ms(baseline.p50)}  |` +
          `${ms(baseline.p99)}  | ${(ours.p99 / baseline.p99).toFixed(2).padStart(8)}  | ` +
          `${ours.missing}/${baseline.missing}`,
      );
    }
  } finally {
    await database.drop();
  }
}

// Interrupted: the throwaway database goes too.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void (database?.drop() ?? Promise.resolve()).finally(() => process.exit(1));
  });
}
await main();
