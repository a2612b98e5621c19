/**
 * Bet placements per second through the game API's HTTP, at 1, 16 and 64 concurrent players,
 * each beside pgbench's TPC-B tps on the same server in the same run. The real game API runs in
 * this process (accounts, ledger hooks, the live runtime's bet desk; no dealer, so the rounds
 * this bench opens stay betting for the whole run). Each player is a guest signed in over
 * HTTP, calling `bets.place` with one bet per slip, back to back, on a keep-alive connection,
 * from a second process (bench/callers.ts). Sessions are served from the cookie cache
 * (`sessionCacheSeconds` 60; BENCH_SESSION_CACHE=0 reads the session row on every call).
 * Latency is per call, from the request to its answer. The books are checked and the bet rows
 * counted against the placements afterwards. `pnpm --filter @fuda/game-api bench`;
 * BENCH_SECONDS (default 8) per configuration; DATABASE_URL names the server. It creates and
 * drops its own databases. Numbers on a shared 2-core machine are noisy: compare the columns of
 * one run.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { Agent } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

import { ledgerHooks } from "@fuda/api";
import { createAuth } from "@fuda/auth";
import { createDb, setupDatabase } from "@fuda/db";
import { checkBooks, grantRequest, transferMany } from "@fuda/ledger";
import { startLive } from "@fuda/live";
import { openRound } from "@fuda/live/testing";
import {
  benchServerUrl,
  createThrowawayDatabase,
  percentile,
  pgbenchTps,
  PGBENCH_SCALE,
} from "@fuda/testkit";

import { createGameApiServer } from "../src/server";
import { call, WEB_ORIGIN } from "./callers";
import type { CallersResult, CallersTask } from "./callers";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** BENCH_CALLERS="64" runs one configuration (profiling); by default 1, 16 and 64. */
const CALLERS = (process.env.BENCH_CALLERS ?? "1,16,64").split(",").map(Number);
/** The players bet at both baccarat tables, one long round each. */
const TABLES = ["baccarat-a", "baccarat-b"];
/** 10 points: the tables' minimum. */
const STAKE = 1_000;
/** BENCH_SESSION_CACHE=0: every call reads its session row (the game API's default). */
const SESSION_CACHE_SECONDS = Number(process.env.BENCH_SESSION_CACHE ?? 60);

interface Player {
  id: string;
  cookie: string;
}

/** A guest signed in over HTTP: its user id and the cookie that carries its session. */
async function signInGuest(agent: Agent, port: number): Promise<Player> {
  const reply = await call(agent, port, "/api/auth/sign-in/anonymous", {}, "{}");
  if (reply.status !== 200) throw new Error(`guest sign-in: ${reply.status} ${reply.body}`);
  const cookies = (reply.headers["set-cookie"] ?? []) as string[];
  const cookie = cookies.map((line) => line.split(";")[0]).join("; ");
  const { user } = JSON.parse(reply.body) as { user: { id: string } };
  return { id: user.id, cookie };
}

interface Run {
  placements: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** The game API's CPU time per placement, in ms (the callers run in a process of their own). */
  cpuPerPlacement: number;
}

/**
 * Runs `players` as callers in a process of their own (bench/callers.ts), so the game API's
 * thread serves requests only, as it would with players on other machines.
 */
async function measure(
  port: number,
  players: readonly Player[],
  rounds: readonly string[],
): Promise<Run> {
  const cpu = process.cpuUsage();
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL("./callers.ts", import.meta.url))],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const task: CallersTask = {
    port,
    seconds: SECONDS,
    stake: STAKE,
    callers: players.map((player, caller) => ({
      cookie: player.cookie,
      roundId: rounds[caller % rounds.length]!,
    })),
  };
  child.stdin.end(JSON.stringify(task));
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`the callers' process exited with ${code}`);
  const { latencies, elapsed } = JSON.parse(output) as CallersResult;
  const { user, system } = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  return {
    cpuPerPlacement: (user + system) / 1000 / latencies.length,
    placements: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function main(): Promise<void> {
  const serverUrl = benchServerUrl();
  console.log(
    `bets.place over HTTP vs pgbench TPC-B (scale ${PGBENCH_SCALE}), ${SECONDS} s per configuration, same server`,
  );
  const tps = await pgbenchTps(serverUrl, { clients: CALLERS, seconds: SECONDS });
  const database = await createThrowawayDatabase(serverUrl, "fuda_bench_bets");
  await setupDatabase({ url: database.url });
  const db = createDb(database.url);
  const auth = createAuth({
    db,
    secret: randomUUID() + randomUUID(),
    baseURL: "http://127.0.0.1",
    trustedOrigins: [WEB_ORIGIN],
    sessionCacheSeconds: SESSION_CACHE_SECONDS,
    ...ledgerHooks({ db }),
  });
  const live = startLive({ db, connectionString: database.url, deal: false });
  const server = createGameApiServer({ db, auth, live });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: Math.max(...CALLERS) });
  try {
    const players: Player[] = [];
    for (let i = 0; i < Math.max(...CALLERS); i++) players.push(await signInGuest(agent, port));
    // The starting grant is 10,000 points; enough for every run either way, but a bench should
    // never stop for a wallet.
    for (const outcome of await transferMany(
      db,
      players.map((player) =>
        grantRequest({ playerId: player.id, amount: 1_000_000_000, grantId: "bench" }),
      ),
    )) {
      if (!outcome.ok) throw outcome.error;
    }

    console.log(
      `${"path".padEnd(18)}${"callers".padStart(8)}${"placements/s".padStart(14)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}${"pgbench tps".padStart(13)}${"ratio".padStart(8)}${"cpu ms/bet".padStart(12)}`,
    );
    let placed = 0;
    for (const callers of CALLERS) {
      // Fresh rounds per configuration: a player's own Banker total stays under its maximum.
      const rounds: string[] = [];
      for (const slug of TABLES) {
        rounds.push((await openRound(db, slug, { closesIn: 3_600_000 })).roundId);
      }
      const result = await measure(port, players.slice(0, callers), rounds);
      placed += result.placements;
      const baseline = tps.get(callers)!;
      console.log(
        `${"HTTP bets.place".padEnd(18)}${String(callers).padStart(8)}${result.perSecond.toFixed(0).padStart(14)}${result.p50.toFixed(1).padStart(9)}${result.p99.toFixed(1).padStart(9)}${baseline.toFixed(0).padStart(13)}${(result.perSecond / baseline).toFixed(2).padStart(7)}×${result.cpuPerPlacement.toFixed(2).padStart(12)}`,
      );
    }
    const [{ rows }] = await db.$queryRaw<[{ rows: bigint }]>`SELECT count(*) AS rows FROM bets`;
    const books = await checkBooks(db);
    console.log(
      `bet rows: ${rows} for ${placed} placements (${Number(rows) === placed ? "equal" : "DIFFERENT"}); books: ${books.clean ? "clean" : JSON.stringify(books)}`,
    );
    if (Number(rows) !== placed || !books.clean) process.exitCode = 1;
  } finally {
    agent.destroy();
    await new Promise((resolve) => server.close(resolve));
    await live.stop();
    await db.$disconnect();
    await database.drop();
  }
}

await main();
