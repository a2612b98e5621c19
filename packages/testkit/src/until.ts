import { setTimeout as sleep } from "node:timers/promises";

/**
 * Polls `probe` every 50 ms until it gives a value, and returns it; fails naming `what` after
 * `ms`. A probe that throws counts as "not yet" (a service still starting, a database away).
 */
export async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  ms = 60_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
