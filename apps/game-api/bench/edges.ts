/**
 * Stream edges benchmark (issue 39; docs/scaling.md): 10,000 viewers of one table spread over 1,
 * 2 and 4 game API processes with only the `stream` role, the events carried to them by NATS
 * JetStream (and a node with the `api` role running the outbox relay), then by LISTEN/NOTIFY,
 * in the same run. The dealer's write is simulated as in bench/fanout.ts: one event appended per
 * transaction.
 *
 * Printed per case: the delay from the moment the event's transaction committed to each
 * viewer's receipt (p50, p99, paced: an event every half second), the deliveries per second of a
 * burst (events appended back to back), and the edges' CPU per event delivered (from /proc).
 * Every viewer must receive every event once, in order; else the bench says so and exits 1.
 *
 * Run: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres NATS_URL=nats://127.0.0.1:4222 \
 *   pnpm --filter @fuda/game-api bench:edges
 * The clients hold 10,000 sockets: the fd limit (`ulimit -n`) must exceed that.
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

import { createDb, migrate, seed } from "@fuda/db";
import { appendEvents, connectEventStream } from "@fuda/live";
import { benchServerUrl, createThrowawayDatabase, spawnedCpuMs, startGameApi } from "@fuda/testkit";
import type { SpawnedApp, ThrowawayDatabase } from "@fuda/testkit";

import { startClients, summarize } from "./subscribers";

const now = (): number => performance.timeOrigin + performance.now();
const VIEWERS = Number(process.env.EDGES_VIEWERS ?? 10_000);
const EDGES = (process.env.EDGES ?? "1,2,4").split(",").map(Number);
const PACED = Number(process.env.EDGES_PACED ?? 20);
const BURST = Number(process.env.EDGES_BURST ?? 50);
const NATS_URL = process.env.NATS_URL ?? "nats://127.0.0.1:4222";
const BENCH_ROUND = "00000000-0000-4000-8000-000000000001";

let database: ThrowawayDatabase | undefined;
const started: SpawnedApp[] = [];

type Transport = "NATS" | "LISTEN/NOTIFY";

interface Case {
  transport: Transport;
  edges: number;
  p50: number;
  p99: number;
  /** Deliveries a second during the burst: events × viewers over first commit to last receipt. */
  perSecond: number;
  /** CPU of every edge over the whole case, per event delivered, in µs. */
  cpuUs: number;
  missing: number;
  outOfOrder: number;
}

/** A game API process with `env`, its CPU readable by its marker. */
async function node(url: string, env: Record<string, string>) {
  const marker = randomUUID();
  const app = await startGameApi({
    databaseUrl: url,
    env: { ...env, LOG_LEVEL: "warn", FUDA_BENCH_RUN: marker },
  });
  started.push(app);
  return { app, cpuMs: () => spawnedCpuMs(marker) };
}

async function runCase(url: string, transport: Transport, edges: number): Promise<Case> {
  const stream = `BENCH_${randomUUID().slice(0, 8)}`;
  const nats: Record<string, string> =
    transport === "NATS" ? { NATS_URL, NATS_STREAM: stream } : {};
  // Nobody deals: the bench's events are the only ones.
  const relay = transport === "NATS" ? await node(url, { ...nats, ROLES: "api" }) : undefined;
  const servers = await Promise.all(
    Array.from({ length: edges }, () => node(url, { ...nats, ROLES: "stream" })),
  );
  const db = createDb(url);
  const table = await db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } });
  const input = encodeURIComponent(JSON.stringify({ slug: "baccarat-a" }));
  const each = Math.floor(VIEWERS / edges);
  const clients = servers.map(({ app }) =>
    startClients(`${app.url}/trpc/tables.events?input=${input}`, each),
  );
  await Promise.all(clients.map((c) => c.connected));
  await sleep(1_000);
  const cpuBefore = servers.map((server) => server.cpuMs());

  const append = (seq: number) =>
    db.$transaction((tx) =>
      appendEvents(tx, [
        {
          tableId: table.id,
          type: "bets.totals",
          payload: { roundId: BENCH_ROUND, number: seq, stakes: {}, bettors: 0 },
        },
      ]),
    );
  const sent: number[] = [];
  // Paced: one event every half second, each fan-out done before the next.
  for (let seq = 0; seq < PACED; seq += 1) {
    await append(seq);
    sent.push(now());
    await sleep(500);
  }
  // The burst: back to back, as fast as transactions commit.
  for (let seq = PACED; seq < PACED + BURST; seq += 1) {
    await append(seq);
    sent.push(now());
  }
  await sleep(3_000);
  const cpuMs = servers.reduce((total, server, i) => total + server.cpuMs() - cpuBefore[i]!, 0);
  const received: number[][] = [];
  for (const part of await Promise.all(clients.map((c) => c.collect()))) {
    part.forEach((times, seq) => {
      const all = (received[seq] ??= []);
      for (const at of times) all.push(at);
    });
  }
  const viewers = each * edges;
  const paced = summarize(sent.slice(0, PACED), received, viewers);
  const burst = summarize(sent, received, viewers);
  let lastReceipt = 0;
  for (const times of received.slice(PACED)) {
    for (const at of times) lastReceipt = Math.max(lastReceipt, at);
  }
  const delivered = received.reduce((n, times) => n + times.length, 0);
  // Every viewer's receipts in send order: a later event never arrives before an earlier one.
  let outOfOrder = 0;
  for (let seq = 1; seq < sent.length; seq += 1) {
    const before = [...(received[seq - 1] ?? [])].sort((a, b) => a - b);
    const after = [...(received[seq] ?? [])].sort((a, b) => a - b);
    for (let i = 0; i < Math.min(before.length, after.length); i += 1) {
      if (after[i]! < before[i]!) outOfOrder += 1;
    }
  }
  for (const server of [...servers, ...(relay === undefined ? [] : [relay])]) {
    await server.app.stop();
  }
  await db.$disconnect();
  if (transport === "NATS") {
    const events = await connectEventStream({ url: NATS_URL, stream });
    await events.jsm.streams.delete(stream).catch(() => undefined);
    await events.close();
  }
  return {
    transport,
    edges,
    p50: paced.p50,
    p99: paced.p99,
    perSecond: (BURST * viewers) / ((lastReceipt - sent[PACED]!) / 1_000),
    cpuUs: (cpuMs * 1_000) / delivered,
    missing: burst.missing,
    outOfOrder,
  };
}

const ms = (value: number): string => value.toFixed(1).padStart(8);

async function main(): Promise<void> {
  database = await createThrowawayDatabase(benchServerUrl(), "fuda_edges");
  const url = database.url;
  await migrate(url);
  const db = createDb(url);
  await seed(db);
  await db.table.updateMany({ data: { status: "PAUSED" } });
  await db.$disconnect();
  console.log(
    `stream edges: ${VIEWERS} viewers of one table spread over the edges; ${PACED} events paced ` +
      `(one every 500 ms) for the delay from commit to viewer, then ${BURST} back to back`,
  );
  console.log(
    "transport     | edges | p50 ms   | p99 ms   | burst deliveries/s | edge CPU µs/delivery | missed | out of order",
  );
  let failed = false;
  for (const transport of ["NATS", "LISTEN/NOTIFY"] as const) {
    for (const edges of EDGES) {
      const result = await runCase(url, transport, edges);
      failed ||= result.missing > 0 || result.outOfOrder > 0;
      console.log(
        `${transport.padEnd(13)} | ${String(edges).padStart(5)} | ${ms(result.p50)} | ${ms(result.p99)} | ` +
          `${Math.round(result.perSecond).toLocaleString("en").padStart(18)} | ` +
          `${result.cpuUs.toFixed(1).padStart(20)} | ${String(result.missing).padStart(6)} | ` +
          `${result.outOfOrder}`,
      );
    }
  }
  if (failed) {
    console.error("edges: some viewer missed an event or got one out of order");
    process.exitCode = 1;
  }
}

async function cleanUp(): Promise<void> {
  await Promise.all(started.map((app) => app.stop().catch(() => undefined)));
  await database?.drop();
}

// Interrupted: the processes and the throwaway database go too.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void cleanUp().finally(() => process.exit(1));
  });
}
try {
  await main();
} finally {
  await cleanUp();
}
