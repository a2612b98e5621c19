/**
 * What every bench needs to print its figures beside pgbench's on the same server: throwaway
 * databases, pgbench TPC-B tps, and percentiles. The server is DATABASE_URL's (default the
 * machine's PostgreSQL); numbers on a shared machine are noisy, so a bench compares the
 * columns of one run.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";

import pg from "pg";

/** The server a bench runs on: DATABASE_URL, or the machine's PostgreSQL. */
export function benchServerUrl(source: Record<string, string | undefined> = process.env): string {
  return source.DATABASE_URL?.trim()
    ? source.DATABASE_URL
    : "postgresql://postgres@127.0.0.1:5432/postgres";
}

/** `serverUrl` with its database replaced by `database`. */
export function databaseUrlOf(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs one statement on the server's own database (CREATE/DROP DATABASE cannot run in ours). */
async function admin(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** Drops it, closing whatever connections are still open on it. */
  drop(): Promise<void>;
}

/** A new empty database `<prefix>_<random>` on the server; the caller drops it. */
export async function createThrowawayDatabase(
  serverUrl: string,
  prefix: string,
): Promise<ThrowawayDatabase> {
  const name = `${prefix}_${randomBytes(3).toString("hex")}`;
  await admin(serverUrl, `CREATE DATABASE ${name}`);
  return {
    name,
    url: databaseUrlOf(serverUrl, name),
    drop: () => admin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The server's own pgbench when it is installed where Debian puts it, else the one on PATH. */
const pgbenchPath = ["/usr/lib/postgresql/15/bin/pgbench"].find(existsSync) ?? "pgbench";

function pgbench(databaseUrl: string, args: string[]): string {
  const url = new URL(databaseUrl);
  return execFileSync(
    pgbenchPath,
    [
      "-h",
      url.hostname,
      "-p",
      url.port || "5432",
      "-U",
      decodeURIComponent(url.username) || "postgres",
      ...args,
      url.pathname.slice(1),
    ],
    {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, PGPASSWORD: decodeURIComponent(url.password) },
    },
  );
}

/** pgbench's scale: 16 branches, 1.6 million accounts. */
export const PGBENCH_SCALE = 16;

/** The tps pgbench printed for a run. */
export function parseTps(output: string): number {
  const match = /tps = ([0-9.]+)/.exec(output);
  if (!match) throw new Error(`pgbench printed no tps:\n${output}`);
  return Number(match[1]);
}

/** The transactions pgbench printed for a run. */
const parseTransactions = (output: string): number =>
  Number(/number of transactions actually processed: (\d+)/.exec(output)?.[1] ?? NaN);

/**
 * CPU time the whole machine has spent busy so far, in ms (Linux /proc/stat: every core, every
 * process; NaN elsewhere). The difference over a run is what the run cost, whoever spent it.
 */
export function machineBusyMs(): number {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
    const [user, nice, system, , , irq, softirq, steal] = fields.slice(1).map(Number);
    return (user! + nice! + system! + irq! + softirq! + (steal ?? 0)) * 10;
  } catch {
    return NaN;
  }
}

export interface PgbenchRun {
  tps: number;
  /** The machine's CPU per transaction, in ms: pgbench and the server together. */
  cpuMsPerTransaction: number;
}

/**
 * One timed pgbench run of `clients` clients (`-j 2`) for `seconds`, `extra` arguments first:
 * its tps and the machine's CPU per transaction over the run.
 */
function measuredRun(
  databaseUrl: string,
  extra: readonly string[],
  clients: number,
  seconds: number,
): PgbenchRun {
  const busyBefore = machineBusyMs();
  const output = pgbench(databaseUrl, [
    ...extra,
    "-c",
    String(clients),
    "-j",
    String(Math.min(clients, 2)),
    "-T",
    String(seconds),
  ]);
  return {
    tps: parseTps(output),
    cpuMsPerTransaction: (machineBusyMs() - busyBefore) / parseTransactions(output),
  };
}

/** pgbench's TPC-B database, made once and measured as often as a bench needs. */
export interface Pgbench {
  /** One timed TPC-B run of `clients` clients for `seconds`. */
  run(clients: number, seconds: number): PgbenchRun;
  drop(): Promise<void>;
}

/**
 * A fresh database of its own, initialised for TPC-B (scale 16): a bench that alternates its own
 * runs with pgbench's measures both through the same spells of a shared machine.
 */
export async function openPgbench(serverUrl: string): Promise<Pgbench> {
  const database = await createThrowawayDatabase(serverUrl, "fuda_bench_pgbench");
  try {
    pgbench(database.url, ["-i", "-q", "-s", String(PGBENCH_SCALE)]);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return {
    run: (clients, seconds) => measuredRun(database.url, [], clients, seconds),
    drop: () => database.drop(),
  };
}

/**
 * pgbench TPC-B tps (scale 16, `-j 2`) at each number of clients for `seconds` each, on a
 * fresh database of its own, dropped afterwards.
 */
export async function pgbenchTps(
  serverUrl: string,
  { clients, seconds }: { clients: readonly number[]; seconds: number },
): Promise<Map<number, PgbenchRun>> {
  const bench = await openPgbench(serverUrl);
  const tps = new Map<number, PgbenchRun>();
  try {
    for (const count of clients) tps.set(count, bench.run(count, seconds));
  } finally {
    await bench.drop();
  }
  return tps;
}

/** The p-th percentile (0–100) of ascending `sorted`, NaN when empty. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/**
 * A bench's table of figures, right-aligned: each column `[header, width]`. Returns the line of
 * headers and a function that lays out a row of cells the same way.
 */
export function benchTable(columns: readonly (readonly [string, number])[]): {
  header: string;
  row: (cells: readonly string[]) => string;
} {
  const row = (cells: readonly string[]): string =>
    cells.map((cell, i) => cell.padStart(columns[i]![1])).join("");
  return { header: row(columns.map(([name]) => name)), row };
}

/**
 * pgbench running a script of ours (`-f`, prepared statements, `-j 2`) with `clients` clients
 * for `seconds`, on a fresh database that `setupSql` prepares, dropped afterwards: what
 * PostgreSQL alone does with a workload when the client costs next to nothing.
 */
export async function pgbenchScript(
  serverUrl: string,
  {
    setupSql,
    scriptPath,
    clients,
    seconds,
  }: {
    setupSql: string;
    scriptPath: string;
    clients: number;
    seconds: number;
  },
): Promise<PgbenchRun> {
  const database = await createThrowawayDatabase(serverUrl, "fuda_bench_script");
  try {
    await admin(database.url, setupSql);
    return measuredRun(database.url, ["-n", "-M", "prepared", "-f", scriptPath], clients, seconds);
  } finally {
    await database.drop();
  }
}
