/**
 * A clock a test moves on (`Clock`, src/clock.ts). Its time runs with the system's, so a dealer
 * handed it deals as it would on `systemClock`; `advance(ms)` skips `ms` at once, waking each
 * sleeper as its time comes and waiting for the woken loops to take their step and sleep again,
 * so a test proves "nothing happened for three betting windows" without waiting them out.
 */
import { setTimeout as sleep } from "node:timers/promises";

import type { Clock } from "../src/clock";

export interface TestClock extends Clock {
  /**
   * Moves time on by `ms`: every sleeper due by then wakes at its own time, earliest first, and
   * the clock waits for as many loops to sleep again before going on.
   */
  advance(ms: number): Promise<void>;
  /** The loops asleep on this clock now. */
  sleepers(): number;
  /**
   * Resolves once `count` loops sleep on this clock: each has finished the step in progress, so
   * an `advance` after it sees every one of them wake.
   */
  asleep(count: number): Promise<void>;
}

interface Sleeper {
  due: number;
  wake: () => void;
  timer: NodeJS.Timeout | null;
}

/** How long `advance` waits for a woken loop to sleep again (its step reads the database). */
const RESLEEP_TIMEOUT_MS = 10_000;

export function testClock(): TestClock {
  let skipped = 0;
  const sleeping = new Set<Sleeper>();
  const now = () => Date.now() + skipped;

  /** Sets the sleeper's real timer to what is left of its time. */
  function schedule(sleeper: Sleeper): void {
    if (sleeper.timer !== null) clearTimeout(sleeper.timer);
    sleeper.timer = setTimeout(sleeper.wake, Math.max(0, sleeper.due - now()));
  }

  async function untilAsleep(count: number): Promise<void> {
    const giveUp = Date.now() + RESLEEP_TIMEOUT_MS;
    while (sleeping.size < count) {
      if (Date.now() > giveUp) {
        throw new Error(`testClock: ${count - sleeping.size} woken loops did not sleep again`);
      }
      await sleep(2);
    }
  }

  return {
    now,
    sleepers: () => sleeping.size,
    asleep: untilAsleep,
    sleep(ms, signal) {
      if (signal?.aborted === true) return Promise.resolve();
      return new Promise((resolve) => {
        const sleeper: Sleeper = {
          due: now() + ms,
          timer: null,
          wake: () => {
            if (!sleeping.delete(sleeper)) return;
            if (sleeper.timer !== null) clearTimeout(sleeper.timer);
            signal?.removeEventListener("abort", sleeper.wake);
            resolve();
          },
        };
        sleeping.add(sleeper);
        signal?.addEventListener("abort", sleeper.wake, { once: true });
        schedule(sleeper);
      });
    },
    async advance(ms) {
      const until = now() + ms;
      for (;;) {
        const due = [...sleeping].filter((sleeper) => sleeper.due <= until);
        if (due.length === 0) break;
        const first = Math.min(...due.map((sleeper) => sleeper.due));
        skipped += Math.max(0, first - now());
        const asleep = sleeping.size;
        const woken = [...sleeping].filter((sleeper) => sleeper.due <= now());
        for (const sleeper of woken) sleeper.wake();
        for (const sleeper of sleeping) schedule(sleeper);
        await untilAsleep(asleep);
      }
      skipped += Math.max(0, until - now());
      for (const sleeper of sleeping) schedule(sleeper);
    },
  };
}
