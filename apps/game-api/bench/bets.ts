/**
 * Bet placements per second through the game API's HTTP, at 1, 16 and 64 concurrent players,
 * each beside pgbench's TPC-B tps on the same server in the same run. The real game API runs in
 * this process (accounts, ledger hooks, the live runtime's bet desk; no dealer, so the rounds
 * this bench opens stay betting for the whole run). Each player is a guest signed in over
 * HTTP, calling `bets.place` with one bet per slip, back to back, on a keep-alive connection,
 * from a second process (bench/callers.ts). pgbench runs right before each of our windows, on
 * its own database (BENCH_TRIALS alternations per configuration, default 3). Each call reads its session row, as in production.
 * BENCH_WORKERS=2 runs the real game API process instead (`startGameApi`, GAME_API_WORKERS=2,
 * DEALER=off), its CPU summed over its processes from /proc (Linux).
 * Latency is per call, from the request to its answer. Each configuration first runs its callers
 * unmeasured for BENCH_WARMUP_SECONDS (default 2): connections open and code warms up, as a
 * serving game API's would have (a cold first second put its slowest calls in the 99th
 * percentile), and pgbench's tps leaves out its connections' set-up too. The books are checked
 * and the bet rows counted against every placement afterwards.
 * `pnpm --filter @fuda/game-api bench`; BENCH_SECONDS (default 8) measured per configuration;
 * DATABASE_URL names the server. It creates and drops its own databases. Numbers on a shared
 * 2-core machine are noisy: compare the columns of one run. CPU per operation is printed beside
 * it, read from /proc: the whole machine's during our run and during pgbench's (both load the
 * same cores), then the game API's and PostgreSQL's shares of ours. When the machine's cores are
 * the limit, the ratio of throughputs is the inverse ratio of those CPU costs.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { Agent } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

import { ledgerHooks } from "@fuda/api";
import { createAuth } from "@fuda/auth";
import { createDb, seed, setupDatabase } from "@fuda/db";
import { checkBooks, grantRequest, transferMany } from "@fuda/ledger";
import { startLive } from "@fuda/live";
import { openRound } from "@fuda/live/testing";
import { createLogger } from "@fuda/telemetry";
import {
  benchServerUrl,
  benchTable,
  cpuSince,
  createThrowawayDatabase,
  machineBusyMs,
  openPgbench,
  percentile,
  PGBENCH_SCALE,
  postgresCpuMs,
  spawnedCpuMs,
  startGameApi,
  type PgbenchRun,
} from "@fuda/testkit";

import { createGameApiServer } from "../src/server";
import { call, MEASURING, WEB_ORIGIN } from "./callers";
import type { CallersResult, CallersTask } from "./callers";

/** The bench's players send as fast as they are answered: no player's pace may stop them. */
const UNPACED = { perSecond: 1_000_000, burst: 1_000_000 };
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
/** Unmeasured calls before each configuration's window: connections opened, code warm. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
/** BENCH_CALLERS="64" runs one configuration (profiling); by default 1, 16 and 64. */
const CALLERS = (process.env.BENCH_CALLERS ?? "1,16,64").split(",").map(Number);
/**
 * Trials per configuration, each a pgbench run and then ours, one after the other: on a shared
 * machine the host's pace drifts by ±30% within minutes, and alternating puts both sides through
 * the same spells. The configuration's figures are over all its trials' windows together.
 */
const TRIALS = Number(process.env.BENCH_TRIALS ?? 3);
/** The players bet at both baccarat tables, one long round each. */
const TABLES = ["baccarat-a", "baccarat-b"];
/** 10 points: the tables' minimum. */
const STAKE = 1_000;
/** 1: the game API in this process; more: the real game API process with that many workers. */
const WORKERS = Number(process.env.BENCH_WORKERS ?? 1);
/** BENCH_DIRECT_BETS=off leaves bets.place to tRPC's adapter (the server's `directBets`), to compare. */
const DIRECT_BETS = process.env.BENCH_DIRECT_BETS !== "off";

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
  /** Measured placements. */
  placements: number;
  /** Each measured call's latency, ascending, in ms. */
  latencies: number[];
  /** The measured window, in seconds. */
  elapsed: number;
  /** Placed during the warm-up, unmeasured. */
  warmupPlacements: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** The game API's CPU time per placement, in ms (the callers run in a process of their own). */
  cpuPerPlacement: number;
  /** PostgreSQL's CPU time per placement, in ms (all its processes: backends, WAL writer…). */
  postgresPerPlacement: number;
  /** The whole machine's: the game API, PostgreSQL and the callers together, in ms. */
  machinePerPlacement: number;
}

/**
 * Runs `players` as callers in a process of their own (bench/callers.ts), so the game API's
 * thread serves requests only, as it would with players on other machines.
 */
async function measure(
  port: number,
  players: readonly Player[],
  rounds: readonly string[],
  cpuMs: () => number,
): Promise<Run> {
  const child = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(new URL("./callers.ts", import.meta.url))],
    { stdio: ["pipe", "pipe", "inherit"] },
  );
  const task: CallersTask = {
    port,
    warmupSeconds: WARMUP_SECONDS,
    seconds: SECONDS,
    stake: STAKE,
    callers: players.map((player, caller) => ({
      cookie: player.cookie,
      roundId: rounds[caller % rounds.length]!,
    })),
  };
  child.stdin.end(JSON.stringify(task));
  // CPU is counted from the measured window's start, which the callers announce.
  let before: { cpu: number; postgres: Map<string, number>; machine: number } | undefined;
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    if (before === undefined && output.startsWith(MEASURING)) {
      before = { cpu: cpuMs(), postgres: postgresCpuMs(), machine: machineBusyMs() };
    }
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0 || before === undefined) {
    const when = before === undefined ? " before its measured window" : "";
    throw new Error(`the callers' process exited with ${code}${when}`);
  }
  const { latencies, elapsed, warmupPlacements } = JSON.parse(
    output.slice(MEASURING.length),
  ) as CallersResult;
  const cpu = cpuMs() - before.cpu;
  const postgres = cpuSince(before.postgres, postgresCpuMs());
  const machine = machineBusyMs() - before.machine;
  latencies.sort((a, b) => a - b);
  return {
    cpuPerPlacement: cpu / latencies.length,
    postgresPerPlacement: postgres / latencies.length,
    machinePerPlacement: machine / latencies.length,
    placements: latencies.length,
    latencies,
    elapsed,
    warmupPlacements,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

interface BenchedGameApi {
  port: number;
  /** The game API's CPU time so far, in ms. */
  cpuMs: () => number;
  stop: () => Promise<void>;
}

/** The game API in this process: one thread, measured with process.cpuUsage(). */
async function inProcessGameApi(
  db: ReturnType<typeof createDb>,
  url: string,
): Promise<BenchedGameApi> {
  const auth = createAuth({
    db,
    secret: randomUUID() + randomUUID(),
    baseURL: "http://127.0.0.1",
    trustedOrigins: [WEB_ORIGIN],
    ...ledgerHooks({ db }),
  });
  // Faults only, as bench:seated's runtime logs: two lines a placement written synchronously to
  // the bench's stdout measured the pipe (under turbo's, half the placements went).
  const log = createLogger("game-api", { level: "warn" });
  const live = startLive({ db, connectionString: url, deal: false, betPace: UNPACED, log });
  const server = createGameApiServer({ db, auth, live, directBets: DIRECT_BETS, log });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    cpuMs: () => {
      const { user, system } = process.cpuUsage();
      return (user + system) / 1000;
    },
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      await live.stop();
    },
  };
}

/** The real game API process with WORKERS workers, no dealer. */
async function spawnedGameApi(url: string): Promise<BenchedGameApi> {
  const marker = `FUDA_BENCH_RUN=${randomUUID()}`;
  const app = await startGameApi({
    databaseUrl: url,
    env: {
      GAME_API_WORKERS: String(WORKERS),
      DEALER: "off",
      BET_PACE: `${UNPACED.perSecond}/${UNPACED.burst}`,
      BETTER_AUTH_SECRET: randomUUID() + randomUUID(),
      AUTH_TRUSTED_ORIGINS: WEB_ORIGIN,
      FUDA_BENCH_RUN: marker.slice(marker.indexOf("=") + 1),
    },
  });
  // Every worker listening before the players sign in.
  const deadline = Date.now() + 30_000;
  while ((app.output().match(/game-api listening on/g) ?? []).length < WORKERS) {
    if (Date.now() > deadline)
      throw new Error(`the game API's workers did not start:\n${app.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port: Number(new URL(app.url).port),
    cpuMs: () => spawnedCpuMs(marker),
    stop: () => app.stop(),
  };
}

/** The largest stake a player may have on Banker, and on Player, at the bench's tables. */
const BENCH_BET_MAX = 1_000_000_000;

/**
 * The demo limits stop a player at 10,000 points on a bet in a round: 1,000 slips of the
 * bench's 10 points on Banker, which a caller alone reaches when the game API answers it more
 * than 200 times a second. The bench's tables take up to 10,000,000 points on Banker and on
 * Player instead; every slip is still judged against them. The exposure cap (the same limit)
 * rises with them, and the callers' alternating Banker and Player keep far inside it.
 */
async function raiseBetMaximums(db: ReturnType<typeof createDb>): Promise<void> {
  await seed(db);
  await db.$executeRaw`
    UPDATE tables
    SET limits = jsonb_set(jsonb_set(limits, '{banker,max}', to_jsonb(${BENCH_BET_MAX}::bigint)),
                           '{player,max}', to_jsonb(${BENCH_BET_MAX}::bigint))
    WHERE slug = ANY (${TABLES}::text[])`;
}

/**
 * A configuration's trials as one run: its throughput over all its windows, its percentiles over
 * every call of them (a slow trial's tail counts in full), CPU per operation weighted by count.
 * Every pgbench run lasts SECONDS, so its tps over the trials is their mean.
 */
function overTrials(trials: readonly { ours: Run; theirs: PgbenchRun }[]): {
  ours: Run;
  theirs: PgbenchRun;
} {
  const total = (pick: (run: Run) => number) =>
    trials.reduce((sum, { ours }) => sum + pick(ours), 0);
  const placements = total((run) => run.placements);
  const latencies = trials.flatMap(({ ours }) => ours.latencies).sort((a, b) => a - b);
  const perPlacement = (pick: (run: Run) => number) =>
    total((run) => pick(run) * run.placements) / placements;
  const transactions = trials.map(({ theirs }) => theirs.tps * SECONDS);
  const allTransactions = transactions.reduce((a, b) => a + b, 0);
  return {
    ours: {
      placements,
      latencies,
      elapsed: total((run) => run.elapsed),
      warmupPlacements: total((run) => run.warmupPlacements),
      perSecond: placements / total((run) => run.elapsed),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      cpuPerPlacement: perPlacement((run) => run.cpuPerPlacement),
      postgresPerPlacement: perPlacement((run) => run.postgresPerPlacement),
      machinePerPlacement: perPlacement((run) => run.machinePerPlacement),
    },
    theirs: {
      tps: allTransactions / (SECONDS * trials.length),
      cpuMsPerTransaction:
        trials.reduce(
          (sum, { theirs }, i) => sum + theirs.cpuMsPerTransaction * transactions[i]!,
          0,
        ) / allTransactions,
    },
  };
}

async function main(): Promise<void> {
  const serverUrl = benchServerUrl();
  console.log(
    `bets.place over HTTP vs pgbench TPC-B (scale ${PGBENCH_SCALE}), same server; ${TRIALS} trial(s) per configuration, each pgbench for ${SECONDS} s and then ours for ${SECONDS} s after ${WARMUP_SECONDS} s of warm-up; 'all' is over every trial's window; game API: ${WORKERS > 1 ? `${WORKERS} worker processes` : "in process"}, bets.place ${DIRECT_BETS ? "direct" : "through tRPC's adapter"}`,
  );
  const pgbench = await openPgbench(serverUrl);
  const database = await createThrowawayDatabase(serverUrl, "fuda_bench_bets");
  await setupDatabase({ url: database.url });
  const db = createDb(database.url);
  const gameApi =
    WORKERS > 1 ? await spawnedGameApi(database.url) : await inProcessGameApi(db, database.url);
  const { port } = gameApi;
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

    // The last four columns are CPU ms per operation: the whole machine's, then its parts.
    const columns: [string, number][] = [
      ["callers", 8],
      ["trial", 7],
      ["placements/s", 14],
      ["p50 ms", 9],
      ["p99 ms", 9],
      ["pgbench tps", 13],
      ["ratio", 8],
      ["cpu/bet", 9],
      ["cpu/pgbench tx", 16],
      ["game API/bet", 14],
      ["PostgreSQL/bet", 16],
    ];
    const { header, row } = benchTable(columns);
    console.log(header);
    const print = (callers: number, trial: string, ours: Run, theirs: PgbenchRun) => {
      console.log(
        row([
          String(callers),
          trial,
          ours.perSecond.toFixed(0),
          ours.p50.toFixed(1),
          ours.p99.toFixed(1),
          theirs.tps.toFixed(0),
          `${(ours.perSecond / theirs.tps).toFixed(2)}×`,
          ours.machinePerPlacement.toFixed(2),
          theirs.cpuMsPerTransaction.toFixed(2),
          ours.cpuPerPlacement.toFixed(2),
          ours.postgresPerPlacement.toFixed(2),
        ]),
      );
    };
    let placed = 0;
    await raiseBetMaximums(db);
    for (const callers of CALLERS) {
      // Fresh rounds per configuration: each caller's own totals start from nothing.
      const rounds: string[] = [];
      for (const slug of TABLES) {
        rounds.push((await openRound(db, slug, { closesIn: 3_600_000 })).roundId);
      }
      const trials: { ours: Run; theirs: PgbenchRun }[] = [];
      for (let trial = 1; trial <= TRIALS; trial++) {
        const theirs = pgbench.run(callers, SECONDS);
        const ours = await measure(port, players.slice(0, callers), rounds, gameApi.cpuMs);
        placed += ours.warmupPlacements + ours.placements;
        trials.push({ ours, theirs });
        if (TRIALS > 1) print(callers, String(trial), ours, theirs);
      }
      const { ours, theirs } = overTrials(trials);
      print(callers, TRIALS > 1 ? "all" : "1", ours, theirs);
    }
    const [{ rows }] = await db.$queryRaw<[{ rows: bigint }]>`SELECT count(*) AS rows FROM bets`;
    const books = await checkBooks(db);
    console.log(
      `bet rows: ${rows} for ${placed} placements (${Number(rows) === placed ? "equal" : "DIFFERENT"}); books: ${books.clean ? "clean" : JSON.stringify(books)}`,
    );
    if (Number(rows) !== placed || !books.clean) process.exitCode = 1;
  } finally {
    agent.destroy();
    await gameApi.stop();
    await db.$disconnect();
    await database.drop();
    await pgbench.drop();
  }
}

await main();
