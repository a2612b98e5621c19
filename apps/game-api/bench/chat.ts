/**
 * Chat benchmark (issue 36; docs/performance.md, Table chat): 1,000 players chatting at their own pace
 * (a line a second each) on one table while 10,000 viewers watch its `tables.events` stream, on
 * one game API process (in-process `createGameApiServer` with an event hub and the chat desk, on
 * a throwaway database). The players call `chat.send` in this process (tRPC's caller: schema,
 * pace, writer checks and the group-committed write; sign-in is not what is measured). The delay
 * is from a line's write (its `at`, the database's clock as its transaction began: `chat.send`'s
 * answer comes after the viewers' copies when the fan-out is busy) to each viewer's receipt.
 *
 * The table's own pace (the default, 20 lines a second); with `CHAT_UNPACED=1` a second run
 * without it (every player's line posted), to show what the pace buys (minutes, and gigabytes of
 * unsent buffers). Baseline, same run, same clients: a bare
 * `node:http` SSE broadcaster (the fan-out bench's) that writes each line, serialized once, to
 * every response at the moment the run's line was accepted.
 *
 * Run: DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres pnpm --filter @fuda/game-api bench:chat
 * `CHAT_VIEWERS` (10000), `CHAT_PLAYERS` (1000), `CHAT_SECONDS` (10) change the run; every
 * viewer's socket is held on both sides, so `ulimit -n` must exceed the viewers.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

import { appRouter, createCallerFactory } from "@fuda/api";
import { createDb, migrate, seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createBetDesk, createChatDesk, createEventHub, silentLog } from "@fuda/live";
import type { ChatPaces } from "@fuda/live";
import { benchServerUrl, createThrowawayDatabase } from "@fuda/testkit";
import type { ThrowawayDatabase } from "@fuda/testkit";
import { createLogger } from "@fuda/telemetry";

import { createGameApiServer } from "../src/server";
import { startClients, summarize } from "./subscribers";

const now = (): number => performance.timeOrigin + performance.now();
const VIEWERS = Number(process.env.CHAT_VIEWERS ?? 10_000);
const PLAYERS = Number(process.env.CHAT_PLAYERS ?? 1_000);
const SECONDS = Number(process.env.CHAT_SECONDS ?? 10);
/** Viewers whose receipts are kept: enough for the percentiles, small enough for one message. */
const RECORDED = 200;
const SAMPLE = Math.max(1, Math.floor(VIEWERS / RECORDED));
/** A line's seq, as the viewers find it in the stream. */
const PATTERN = '"text":"line (\\d+) ';
const SLUG = "baccarat-a";

let database: ThrowawayDatabase | undefined;

/** The players, signed up straight in the database (sign-in is not what is measured). */
async function createPlayers(db: Db): Promise<string[]> {
  const ids = Array.from({ length: PLAYERS }, (_, n) => `chat-bench-${n}-${randomUUID()}`);
  await db.user.createMany({
    data: ids.map((id, n) => ({ id, name: `Player ${n + 1}`, email: `${id}@bench.fuda` })),
  });
  return ids;
}

interface Run {
  /** Send time of each accepted line, by seq; undefined where the line was refused. */
  sent: (number | undefined)[];
  /** Offsets from the run's start of the accepted lines, for the baseline to replay. */
  schedule: { seq: number; at: number }[];
  refused: number;
  p50: number;
  p99: number;
  missing: number;
}

/** One run of ours: every player sends a line a second, spread evenly, for SECONDS. */
async function runOurs(url: string, players: string[], paces: Partial<ChatPaces>): Promise<Run> {
  const db = createDb(url);
  const hub = createEventHub({ db, connectionString: url, log: silentLog });
  // Chat bets as fast as the bench sends them: no player's pace in the way.
  const desk = createBetDesk({ db, pace: { perSecond: 1_000_000, burst: 1_000_000 } });
  const chat = createChatDesk({ db, paces, sweepEveryMs: 0 });
  const live = { desk, hub, chat };
  // Warnings only: a request line per viewer's stream was 10,000 lines of the bench's output.
  const quiet = createLogger("game-api", { level: "warn" });
  const server = createGameApiServer({ db, live, log: quiet, logError: () => undefined });
  server.maxConnections = 50_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", 4_096, resolve));
  const { id: tableId } = await db.table.findUniqueOrThrow({ where: { slug: SLUG } });
  const input = encodeURIComponent(JSON.stringify({ slug: SLUG }));
  const port = (server.address() as AddressInfo).port;
  const clients = startClients(
    `http://127.0.0.1:${port}/trpc/tables.events?input=${input}`,
    VIEWERS,
    { pattern: PATTERN, sample: SAMPLE },
  );
  await clients.connected;
  await sleep(500);

  const caller = createCallerFactory(appRouter);
  const callers = players.map((userId) => caller({ db, actor: { kind: "player", userId }, live }));
  const sent: (number | undefined)[] = [];
  const schedule: { seq: number; at: number }[] = [];
  let refused = 0;
  const sends: Promise<void>[] = [];
  const total = PLAYERS * SECONDS;
  const gapMs = 1_000 / PLAYERS;
  const start = now();
  for (let seq = 0; seq < total; seq += 1) {
    const due = start + seq * gapMs;
    const wait = due - now();
    if (wait >= 1) await sleep(wait);
    sends.push(
      callers[seq % PLAYERS]!.chat.send({
        tableId,
        text: `line ${seq} from the bench, a line of ordinary length`,
        requestId: randomUUID(),
      }).then(
        (result) => {
          // The line's write as the database stamped it: under load the answer to the sender
          // comes after the fan-out has written the line to the viewers.
          const at = result.kind === "message" ? Date.parse(result.line.at) : now();
          sent[seq] = at;
          schedule.push({ seq, at: at - start });
        },
        () => {
          refused += 1;
        },
      ),
    );
  }
  await Promise.all(sends);
  await sleep(2_000);
  const result = summarize(sent, await clients.collect(), Math.ceil(VIEWERS / SAMPLE));
  await chat.close();
  await desk.close();
  await hub.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await db.$disconnect();
  return { sent, schedule, refused, ...result };
}

/** The bare broadcaster: each accepted line of `run`, at its moment, to every response. */
async function runBaseline(run: Run) {
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
  const clients = startClients(`http://127.0.0.1:${port}/sse`, VIEWERS, {
    pattern: PATTERN,
    sample: SAMPLE,
  });
  await clients.connected;
  await sleep(500);
  const sent: (number | undefined)[] = [];
  const start = now();
  const ordered = [...run.schedule].sort((a, b) => a.at - b.at);
  for (const [n, { seq, at }] of ordered.entries()) {
    const wait = start + at - now();
    if (wait >= 1) await sleep(wait);
    const event = {
      id: String(n + 1),
      tableId: "00000000-0000-4000-8000-000000000000",
      roundId: null,
      playerId: null,
      type: "chat.message",
      payload: {
        messageId: String(n + 1),
        userId: "bench",
        name: "Player 1",
        role: "player",
        text: `line ${seq} from the bench, a line of ordinary length`,
      },
      at: new Date().toISOString(),
    };
    sent[seq] = now();
    const chunk = `id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`;
    for (const res of responses) res.write(chunk);
  }
  await sleep(2_000);
  const result = summarize(sent, await clients.collect(), Math.ceil(VIEWERS / SAMPLE));
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  return result;
}

const ms = (value: number): string => value.toFixed(1).padStart(8);

async function main(): Promise<void> {
  database = await createThrowawayDatabase(benchServerUrl(), "fuda_chat");
  try {
    const url = database.url;
    await migrate(url);
    const db = createDb(url);
    await seed(db);
    const players = await createPlayers(db);
    await db.$disconnect();
    console.log(
      `chat: ${PLAYERS} players × 1 line/s for ${SECONDS} s on one table, ${VIEWERS} viewers ` +
        `(receipts of every ${SAMPLE}th); delay from the line's write to each viewer (ms)`,
    );
    console.log(
      "table pace        | lines | refused | ours p50 | ours p99 | base p50 | base p99 | p99 ratio | missed",
    );
    const runs: [string, Partial<ChatPaces>][] = [["20/s (default)", {}]];
    if (process.env.CHAT_UNPACED === "1") {
      runs.push(["none", { table: { perSecond: 1_000_000, burst: 1_000_000 } }]);
    }
    for (const [label, paces] of runs) {
      const ours = await runOurs(url, players, paces);
      const baseline = await runBaseline(ours);
      console.log(
        `${label.padEnd(17)} | ${String(ours.schedule.length).padStart(5)} | ` +
          `${String(ours.refused).padStart(7)} |${ms(ours.p50)}  |${ms(ours.p99)}  |` +
          `${ms(baseline.p50)}  |${ms(baseline.p99)}  | ` +
          `${(ours.p99 / baseline.p99).toFixed(2).padStart(8)}  | ${ours.missing}/${baseline.missing}`,
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
