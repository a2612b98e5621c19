import type { TableDetail } from "~/game-api";
import { answered, relayApi } from "~/relay-api";

/** Waits between resync attempts while the game API is away (ms), the last one repeated. */
const RESYNC_BACKOFF_MS = [500, 1_000, 2_000, 4_000];

/** `tables.get` through the same-origin relay; null when it cannot be read now. */
export async function readTable(slug: string, signal?: AbortSignal): Promise<TableDetail | null> {
  const table = await answered(relayApi.tables.get.query({ slug }, { signal }));
  return table.ok ? table.data : null;
}

/**
 * `read` again and again, RESYNC_BACKOFF_MS apart, until it answers (not null); undefined once
 * `signal` aborts (the page left or the stream started again).
 */
export async function readUntilAnswered<T>(
  read: () => Promise<T | null>,
  signal: AbortSignal,
): Promise<T | undefined> {
  // A function, not the flag itself: the signal may abort while a wait or a read is pending.
  const stopped = (): boolean => signal.aborted;
  for (let attempt = 0; !stopped(); attempt++) {
    const wait = RESYNC_BACKOFF_MS[Math.min(attempt, RESYNC_BACKOFF_MS.length - 1)]!;
    await new Promise((resolve) => setTimeout(resolve, wait));
    if (stopped()) return undefined;
    const answer = await read();
    if (answer !== null && !stopped()) return answer;
  }
  return undefined;
}
