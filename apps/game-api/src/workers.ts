import cluster from "node:cluster";
import type { Worker } from "node:cluster";
import { availableParallelism } from "node:os";

/** `GAME_API_WORKERS`: a number of processes, or "auto" for one per CPU. */
export type WorkersSetting = number | "auto";

export function workerCount(setting: WorkersSetting): number {
  return setting === "auto" ? availableParallelism() : setting;
}

/** A worker that dies sooner than this after its start doubles the wait before the next. */
const STEADY_MS = 10_000;
const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 8_000;
/** How long the primary waits for its workers' own shutdown before killing them. */
const STOP_GRACE_MS = 5_000;

/**
 * The primary of a game API run as several processes (node:cluster): the workers share the
 * port, each with its own database pool and live runtime (the bet desk's correctness rests on
 * the round's locks in PostgreSQL, and a table's dealer on its advisory lock, so several
 * processes are safe by design). It serves nothing itself: it keeps `count` workers alive,
 * restarting one that dies after a short backoff, and on SIGTERM or SIGINT stops them all.
 */
export function superviseWorkers({
  count,
  log,
}: {
  count: number;
  log: (line: string) => void;
}): void {
  let stopping = false;
  let backoffMs = FIRST_BACKOFF_MS;
  const startedAt = new Map<Worker, number>();

  const start = (): void => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
    log(`worker ${worker.process.pid ?? "?"} started`);
  };

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    // A worker that keeps dying at start (a bad configuration, the port taken) is retried
    // more and more slowly instead of in a tight loop.
    backoffMs = lived < STEADY_MS ? Math.min(backoffMs * 2, MAX_BACKOFF_MS) : FIRST_BACKOFF_MS;
    const wait = lived < STEADY_MS ? backoffMs : FIRST_BACKOFF_MS;
    // Typed as strings, but node gives a null signal for an exit and a null code for a kill.
    const how = (signal as string | null) ?? `exit ${String(code)}`;
    log(`worker ${worker.process.pid ?? "?"} died (${how}); another in ${wait} ms`);
    setTimeout(() => {
      if (!stopping) start();
    }, wait);
  });

  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    if (startedAt.size === 0) process.exit(0);
    for (const worker of startedAt.keys()) worker.process.kill(signal);
    setTimeout(() => {
      for (const worker of startedAt.keys()) worker.process.kill("SIGKILL");
      process.exit(0);
    }, STOP_GRACE_MS).unref();
  };
  process.once("SIGTERM", () => {
    stop("SIGTERM");
  });
  process.once("SIGINT", () => {
    stop("SIGINT");
  });

  for (let i = 0; i < count; i++) start();
}
