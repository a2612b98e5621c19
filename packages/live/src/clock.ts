/**
 * The dealer's time: when a betting window closes, when a turn times out, how long a step waits.
 * Handed to the dealer (`DealerOptions.clock`) so a test can move time on instead of sleeping
 * through it (`testClock` in `@fuda/live/testing`); production runs on `systemClock`.
 */
import { setTimeout as sleep } from "node:timers/promises";

export interface Clock {
  /** Milliseconds since the epoch, like `Date.now()`: the times written (closesAt, actsBy). */
  now(): number;
  /** Resolves after `ms`, or as soon as `signal` aborts; never rejects. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }).catch(() => undefined),
};
