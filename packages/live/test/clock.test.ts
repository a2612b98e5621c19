/** The test clock the dealer's tests move on (test/clock.ts): what `advance` wakes, and when. */
import { describe, expect, it } from "vitest";

import { testClock } from "./fixtures";

describe("the test clock", () => {
  it("wakes a loop once time reaches its sleep, not before, with now() moved on by the time skipped", async () => {
    const clock = testClock();
    const stop = new AbortController();
    const start = clock.now();
    let steps = 0;
    const loop = (async () => {
      while (!stop.signal.aborted) {
        await clock.sleep(60_000, stop.signal);
        steps++;
      }
    })();
    await clock.asleep(1);
    await clock.advance(59_000);
    expect(steps).toBe(0);
    expect(clock.now() - start).toBeGreaterThanOrEqual(59_000);
    await clock.advance(1_000);
    expect(steps).toBe(1);
    expect(clock.now() - start).toBeGreaterThanOrEqual(60_000);
    stop.abort();
    await loop;
  });

  it("steps a loop at each of its times within the advance, waiting for each step", async () => {
    const clock = testClock();
    const stop = new AbortController();
    const steps: number[] = [];
    const start = clock.now();
    const loop = (async () => {
      while (!stop.signal.aborted) {
        // A step that takes real time, as a dealer step reads the database.
        await new Promise((resolve) => setTimeout(resolve, 5));
        steps.push(clock.now() - start);
        await clock.sleep(1_000, stop.signal);
      }
    })();
    await clock.asleep(1);
    await clock.advance(3_500);
    expect(steps).toHaveLength(4);
    // Each step ran at its own time, a second after the one before (give or take real time).
    steps.slice(1).forEach((at, k) => {
      expect(at - steps[k]!).toBeGreaterThanOrEqual(1_000);
      expect(at - steps[k]!).toBeLessThan(1_500);
    });
    stop.abort();
    await loop;
    expect(clock.sleepers()).toBe(0);
  });
});
