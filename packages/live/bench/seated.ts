/**
 * Seated rounds per second through the live runtime (issue 12, Benchmark): joker blackjack tables
 * dealt by the real dealer loop (`startLive`, no deal or result delays) on a throwaway PostgreSQL
 * database, three bot players per table at pace 0 — each bets through the bet desk the moment the
 * hub shows a round open, and acts through `act` the moment the hub shows its turn. One table's
 * rounds follow one another, so the process's capacity is shown by dealing several tables at
 * once: BENCH_TABLES="1,16,64" (default) runs each count in turn, each on a database of its own,
 * measured for BENCH_SECONDS (default 10) after BENCH_SETTLE_SECONDS (default 10) unmeasured.
 * Before a game's runs, the process warms up dealing its largest count for BENCH_WARMUP_SECONDS
 * (default 60), unmeasured but audited. The betting window is BENCH_WINDOW_MS (default 250: the
 * bots' bets must land in it under load). BENCH_GAMES="joker-blackjack,baccarat" (default) runs baccarat
 * tables the same way too, three bots betting Player or Banker each round: a round's cost per
 * game, seated and shared.
 *
 * Printed per run: seated rounds (the bots' bets in) settled per second, and the rounds that
 * settled empty because the bets came too late (a sign the process is saturated); PostgreSQL's
 * commits per round (every transaction of the process: dealer steps and its reads between them,
 * bets, actions, the hub's reads); the transactions that appended events, per round and per
 * second (they take the events lock one after another, so their rate has a ceiling: beside it,
 * pgbench's TPC-B tps with one client); p50/p99 of a seated round from open to settled, and the
 * p50 from close to settled; CPU ms per round of this process (and its kernel time apart) and of
 * the whole machine (PostgreSQL included, and whatever else runs). The audit and the books are
 * checked after each run.
 *
 * `DATABASE_URL=postgresql://postgres@127.0.0.1:5432/postgres pnpm --filter @fuda/live bench:seated`
 * runs it bundled and under plain node, as the game API runs in production, on production's Node
 * (packages/env/scripts/run-bundled.ts).
 * Beside them, the floor: PostgreSQL alone doing one seated round's writes (seated-floor.sql,
 * driven by pgbench, nothing of ours running), in rounds/s and machine ms per round.
 * (BENCH_PGBENCH_SECONDS=0 skips pgbench and the floor). Where the time goes:
 * BENCH_CPU_PROFILE=<folder> writes a CPU profile of each measured window there.
 */
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { fileURLToPath } from "node:url";
import { setTimeout as sleep } from "node:timers/promises";

import type { Db } from "@fuda/db";
import { createDb, setupDatabase } from "@fuda/db";
import { checkBooks } from "@fuda/ledger";
import { createLogger } from "@fuda/telemetry";
import {
  benchServerUrl,
  benchTable,
  createThrowawayDatabase,
  machineBusyMs,
  percentile,
  PGBENCH_SCALE,
  pgbenchScript,
  pgbenchTps,
} from "@fuda/testkit";

import { act, auditLiveTables, sit, startLive } from "../src";
import type { TableEvent } from "../src";
import { newPlayer } from "../test/fixtures";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Dealt before a game's runs, not counted: a long-running runtime's rounds are measured. V8 goes on
 * compiling the hot paths for most of a process's first minute, and a round's CPU falls by about a
 * quarter meanwhile (a joker blackjack round at 16 tables, in 10 s windows from the first deal:
 * 11.0, 9.4, 8.7, 8.3, 8.4, 8.1, 7.5 ms). V8 optimizes a function after it has run often enough,
 * not after a time, so the warm-up deals the game's largest table count: a lone table's minute is
 * about 230 rounds, too few to optimize what runs once a round (its round then cost 40% more
 * CPU at joker blackjack and a fifth more at baccarat than after the 16-table run, in one process),
 * which a runtime dealing for hours has long done.
 */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 60);
/** Each run's own tables dealt unmeasured before its window: connections opened, rounds going. */
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 10);
const TABLES = (process.env.BENCH_TABLES ?? "1,16,64").split(",").map(Number);
/** The games run, each at every table count: a seated game and a shared one. */
const GAMES = (process.env.BENCH_GAMES ?? "joker-blackjack,baccarat").split(",") as BenchGame[];
type BenchGame = "joker-blackjack" | "baccarat";
/** Each game's seeded table the others copy. */
const SEEDED: Record<BenchGame, string> = {
  "joker-blackjack": "joker-blackjack",
  baccarat: "baccarat-a",
};
const WINDOW_MS = Number(process.env.BENCH_WINDOW_MS ?? 250);
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 5);
/**
 * A folder for a CPU profile of each run's measured window (its warm-up left out), named by game
 * and tables: where a round's time goes (`node --cpu-prof` would take in the set-up and warm-up).
 */
const PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
const PLAYERS_PER_TABLE = 3;
/** pgbench clients for the floor: one per table of the middle run. */
const FLOOR_CLIENTS = 16;
/** 10 points, the table's minimum. */
const STAKE = 1_000;

interface Bot {
  playerId: string;
  seat: number;
}

/** A bot's move from the legal ones: insurance declined, then stand, hit or double at random. */
function choose(actions: readonly string[]): string {
  if (actions.includes("declineInsurance")) return "declineInsurance";
  const roll = Math.random();
  if (roll < 0.1 && actions.includes("double")) return "double";
  if (roll < 0.55 && actions.includes("hit")) return "hit";
  return actions.includes("stand") ? "stand" : actions[0]!;
}

/**
 * `count` tables of `game` (the seeded one and copies), each with its bots: seated at joker
 * blackjack, at a baccarat table simply there to bet.
 */
async function benchTables(db: Db, game: BenchGame, count: number): Promise<Map<string, Bot[]>> {
  const seeded = await db.table.findUniqueOrThrow({ where: { slug: SEEDED[game] } });
  const seated = game === "joker-blackjack";
  // Only this game deals; a decision left alone times out soon rather than stalling.
  await db.table.updateMany({ where: { id: { not: seeded.id } }, data: { status: "CLOSED" } });
  const settings = seated ? { seats: 7, actionSeconds: 5 } : (seeded.settings ?? {});
  await db.table.update({ where: { id: seeded.id }, data: { settings } });
  const ids = [seeded.id];
  for (let i = 1; i < count; i++) {
    const copy = await db.table.create({
      data: {
        slug: `${seeded.slug}-${i}`,
        game: seeded.game,
        variant: seeded.variant,
        name: `${seeded.name} ${i}`,
        limits: seeded.limits ?? {},
        countdownSeconds: seeded.countdownSeconds,
        settings,
      },
    });
    ids.push(copy.id);
  }
  const tables = new Map<string, Bot[]>();
  for (const tableId of ids) {
    const bots: Bot[] = [];
    for (let seat = 1; seat <= PLAYERS_PER_TABLE; seat++) {
      const playerId = await newPlayer(db, 1_000_000_000);
      if (seated) await sit(db, { playerId, tableId, seat });
      bots.push({ playerId, seat });
    }
    tables.set(tableId, bots);
  }
  return tables;
}

interface RunResult {
  rounds: number;
  /** Rounds that settled with no bet: the bots' bets came after the window closed. */
  empty: number;
  perSecond: number;
  commitsPerRound: number;
  eventTxPerRound: number;
  eventTxPerSecond: number;
  p50: number;
  p99: number;
  dealP50: number;
  cpuPerRound: number;
  /** Of it, the kernel's (system) time: socket reads and writes mostly. */
  systemPerRound: number;
  machinePerRound: number;
  refused: Record<string, number>;
  problems: string[];
}

const commits = async (db: Db): Promise<number> => {
  const [row] = await db.$queryRaw<{ n: bigint }[]>`
    SELECT xact_commit AS n FROM pg_stat_database WHERE datname = current_database()`;
  return Number(row!.n);
};

/** PostgreSQL publishes a backend's counters at most once a second, and when it ends. */
const STATS_FLUSH_MS = 1_100;

/**
 * `tableCount` tables of `game` dealt for `settleSeconds`, then a window measured unless
 * `measure` is false (the game's warm-up: dealt, audited, not printed).
 */
async function run(
  serverUrl: string,
  game: BenchGame,
  tableCount: number,
  { settleSeconds, measure }: { settleSeconds: number; measure: boolean },
): Promise<RunResult> {
  const database = await createThrowawayDatabase(serverUrl, "fuda_bench_seated");
  try {
    await setupDatabase({ url: database.url });
    const setup = createDb(database.url);
    const tables = await benchTables(setup, game, tableCount);
    await setup.$disconnect();

    const db = createDb(database.url);
    const refused: Record<string, number> = {};
    const inFlight = new Set<Promise<unknown>>();
    const track = (work: Promise<unknown>, what: string) => {
      const settled = work.catch((error: unknown) => {
        const code = (error as { code?: string }).code ?? (error as Error).message;
        refused[`${what} ${code}`] = (refused[`${what} ${code}`] ?? 0) + 1;
      });
      inFlight.add(settled);
      void settled.finally(() => inFlight.delete(settled));
    };
    await sleep(STATS_FLUSH_MS);
    const commitsBefore = await commits(db);

    const live = startLive({
      db,
      connectionString: database.url,
      timing: { dealDelayMs: 0, resultPauseMs: 0, bettingWindowMs: () => WINDOW_MS },
      // Bots at pace 0 bet every round, faster than a person's pace allows.
      betPace: { perSecond: 1_000_000, burst: 1_000_000 },
      // Faults only: a round cancelled, a step failed, the database away.
      log: createLogger("seated-bench", { level: "warn", format: "pretty" }),
    });
    // The bots: everything they do is what the hub shows them, the moment it shows it.
    const stopListening = live.hub.listen(
      {},
      {
        event(event: TableEvent) {
          const bots = tables.get(event.tableId);
          const payload = event.payload as { roundId?: string; seat?: number; actions?: string[] };
          if (bots === undefined || payload.roundId === undefined) return;
          const roundId = payload.roundId;
          if (event.type === "round.opened") {
            for (const bot of bots) {
              const bets =
                game === "joker-blackjack"
                  ? [{ bet: "main", seat: bot.seat, amount: STAKE }]
                  : [{ bet: Math.random() < 0.5 ? "player" : "banker", amount: STAKE }];
              const requestId = randomUUID();
              track(live.desk.place({ playerId: bot.playerId, roundId, bets, requestId }), "bet");
            }
          } else if (event.type === "turn.started") {
            const bot = bots.find((each) => each.seat === payload.seat);
            if (bot === undefined) return;
            const action = choose(payload.actions ?? []);
            const input = { ...bot, roundId, action, requestId: randomUUID() };
            track(act(db, input), "act");
          }
        },
        end: () => undefined,
      },
    );

    await sleep(settleSeconds * 1_000);
    const profiler = PROFILE_DIR === undefined || !measure ? null : new Session();
    if (profiler !== null) {
      profiler.connect();
      await profiler.post("Profiler.enable");
      await profiler.post("Profiler.start");
    }
    const cpuBefore = process.cpuUsage();
    const busyBefore = machineBusyMs();
    const started = new Date();
    if (measure) await sleep(SECONDS * 1_000);
    const ended = new Date();
    const cpu = process.cpuUsage(cpuBefore);
    const busy = machineBusyMs() - busyBefore;
    if (profiler !== null) {
      const { profile } = await profiler.post("Profiler.stop");
      writeFileSync(
        `${PROFILE_DIR}/seated-${game}-${tableCount}.cpuprofile`,
        JSON.stringify(profile),
      );
      profiler.disconnect();
    }
    await live.stop();
    stopListening();
    await Promise.all(inFlight);

    const rounds = await db.$queryRaw<{ ms: number; dealing: number; bets: number }[]>`
      SELECT extract(epoch FROM settled_at - opened_at) * 1000 AS ms,
             extract(epoch FROM settled_at - closed_at) * 1000 AS dealing,
             (SELECT count(*)::int FROM bets b WHERE b.round_id = r.id) AS bets
      FROM rounds r
      WHERE phase = 'settled' AND settled_at >= ${started} AND settled_at < ${ended}`;
    // The transactions that appended events: they take the events lock one after another.
    const [eventTx] = await db.$queryRaw<{ n: number }[]>`
      SELECT count(DISTINCT xmin::text)::int AS n FROM table_events
      WHERE created_at >= ${started} AND created_at < ${ended}`;
    const [all] = await db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM rounds WHERE phase = 'settled'`;
    const problems = await auditLiveTables(db);
    const books = await checkBooks(db);
    if (!books.clean) problems.push(`books: ${JSON.stringify(books)}`);
    await db.$disconnect();
    // Every backend of the run has ended, so its commits are counted; the rounds counted with
    // them are every round settled, not only those of the measured window.
    await sleep(STATS_FLUSH_MS);
    const counter = createDb(database.url);
    const commitsAfter = await commits(counter);
    await counter.$disconnect();

    const sorted = (values: number[]) => values.map(Number).sort((a, b) => a - b);
    // Rounds with the bots seated are the ones measured; a round nobody bet in deals no card.
    const seated = rounds.filter((round) => round.bets > 0);
    const durations = sorted(seated.map((round) => round.ms));
    const seconds = (ended.getTime() - started.getTime()) / 1_000;
    return {
      rounds: seated.length,
      empty: rounds.length - seated.length,
      perSecond: seated.length / seconds,
      commitsPerRound: (commitsAfter - commitsBefore) / all!.n,
      eventTxPerRound: eventTx!.n / rounds.length,
      eventTxPerSecond: eventTx!.n / seconds,
      p50: percentile(durations, 50),
      p99: percentile(durations, 99),
      dealP50: percentile(sorted(seated.map((round) => round.dealing)), 50),
      cpuPerRound: (cpu.user + cpu.system) / 1_000 / rounds.length,
      systemPerRound: cpu.system / 1_000 / rounds.length,
      machinePerRound: busy / rounds.length,
      refused,
      problems,
    };
  } finally {
    await database.drop();
  }
}

async function main(): Promise<void> {
  const serverUrl = benchServerUrl();
  console.log(
    `rounds with bets through startLive (${GAMES.join(", ")}) on Node ${process.version}, ${PLAYERS_PER_TABLE} bots per table at pace 0, ` +
      `betting window ${WINDOW_MS} ms, no deal or result delays, ${SECONDS} s per run; ` +
      `cpu ms/round: this process's CPU time (runtime, hub and bots) over the rounds settled`,
  );
  if (PGBENCH_SECONDS > 0) {
    const tps = await pgbenchTps(serverUrl, { clients: [1], seconds: PGBENCH_SECONDS });
    console.log(
      `pgbench TPC-B (scale ${PGBENCH_SCALE}), 1 client, same server: ${tps.get(1)!.tps.toFixed(0)} tps`,
    );
    // The floor: a seated round's writes with no runtime at all (bench/seated-floor.sql).
    const floor = await pgbenchScript(serverUrl, {
      setupSql: readFileSync(new URL("./seated-floor.sql", import.meta.url), "utf8"),
      scriptPath: fileURLToPath(new URL("./seated-floor.pgbench", import.meta.url)),
      clients: FLOOR_CLIENTS,
      seconds: PGBENCH_SECONDS,
    });
    console.log(
      `PostgreSQL alone, a seated round's writes as 8 one-statement transactions (pgbench, ${FLOOR_CLIENTS} clients, seated-floor.sql): ` +
        `${floor.tps.toFixed(0)} rounds/s, machine ${floor.cpuMsPerTransaction.toFixed(1)} ms/round`,
    );
  }
  const columns: [string, number][] = [
    ["game", 16],
    ["tables", 7],
    ["rounds/s", 10],
    ["rounds", 8],
    ["empty", 7],
    ["commits/round", 15],
    ["event tx/round", 16],
    ["event tx/s", 12],
    ["p50 ms", 9],
    ["p99 ms", 9],
    ["deal p50", 10],
    ["cpu ms/round", 14],
    ["of it sys", 11],
    ["machine ms/round", 18],
  ];
  const { header, row } = benchTable(columns);
  console.log(header);
  let failed = false;
  for (const game of GAMES) {
    // The process warms up first, at the game's largest table count (WARMUP_SECONDS).
    const warmUp = await run(serverUrl, game, Math.max(...TABLES), {
      settleSeconds: WARMUP_SECONDS,
      measure: false,
    });
    if (warmUp.problems.length > 0) {
      failed = true;
      console.log(
        `  warm-up audit: ${warmUp.problems.length} problems, first: ${warmUp.problems[0]}`,
      );
    }
    for (const count of TABLES) {
      const result = await run(serverUrl, game, count, {
        settleSeconds: SETTLE_SECONDS,
        measure: true,
      });
      console.log(
        row([
          game,
          String(count),
          result.perSecond.toFixed(1),
          String(result.rounds),
          String(result.empty),
          result.commitsPerRound.toFixed(1),
          result.eventTxPerRound.toFixed(1),
          result.eventTxPerSecond.toFixed(0),
          result.p50.toFixed(0),
          result.p99.toFixed(0),
          result.dealP50.toFixed(0),
          result.cpuPerRound.toFixed(1),
          result.systemPerRound.toFixed(1),
          result.machinePerRound.toFixed(1),
        ]),
      );
      if (Object.keys(result.refused).length > 0) {
        console.log(`  refused: ${JSON.stringify(result.refused)}`);
      }
      if (result.problems.length > 0) {
        failed = true;
        console.log(`  audit: ${result.problems.length} problems, first: ${result.problems[0]}`);
      }
    }
  }
  if (failed) process.exitCode = 1;
}

await main();
