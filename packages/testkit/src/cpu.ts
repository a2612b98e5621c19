/**
 * CPU time of the benches' processes, read from /proc (Linux): a spawned app's by a marker in
 * its environment, PostgreSQL's by its process name.
 */
import { readdirSync, readFileSync } from "node:fs";

/** /proc/<pid>/stat counts CPU in clock ticks; 100 a second on Linux. */
const TICK_MS = 10;

/** CPU ms so far (user + system) of every process `matches` picks by pid and `stat` line, by pid. */
export function processesCpuMs(
  matches: (pid: string, stat: string) => boolean,
): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (!matches(pid, stat)) continue;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // Gone, or not ours to read.
    }
  }
  return byPid;
}

/**
 * CPU ms the processes of `after` used since `before`. Per process: one that ended in between
 * (a PostgreSQL backend, an autovacuum worker) takes its time with it, and subtracting totals
 * would count that against the others.
 */
export function cpuSince(before: Map<string, number>, after: Map<string, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}

export const sum = (byPid: Map<string, number>): number =>
  [...byPid.values()].reduce((a, b) => a + b, 0);

/** Every process whose environment names `marker` (the spawned game API's). */
export const spawnedCpuMs = (marker: string): number =>
  sum(processesCpuMs((pid) => readFileSync(`/proc/${pid}/environ`, "utf8").includes(marker)));

/** The PostgreSQL server's processes (the bench's server is local). */
export const postgresCpuMs = (): Map<string, number> =>
  processesCpuMs((_, stat) => stat.includes("(postgres)"));
