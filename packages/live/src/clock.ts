/**
 * The dealer's time: when a betting window closes, when a turn times out, how long a step waits.
 * Handed to the dealer (`DealerOptions.clock`) so a test can move time on instead of sleeping
 * through it (`testClock` in `@fuda/live/testing`); production runs on `systemClock`.
 */
export interface Clock {
  /** Milliseconds since the epoch, like `Date.now()`: the times written (closesAt, actsBy). */
  now(): number;
  /** Resolves after `ms`, or as soon as `signal` aborts; never rejects. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  // Not `timers/promises`: its abort rejects with an AbortError and its stack trace, and a
  // seated table's runner is woken early by most of its events (a twentieth of its CPU).
  sleep: (ms, signal) =>
    new Promise<void>((resolve) => {
      if (signal?.aborted === true) {
        resolve();
        return;
      }
      const done = (): void => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal?.addEventListener("abort", done, { once: true });
    }),
};
