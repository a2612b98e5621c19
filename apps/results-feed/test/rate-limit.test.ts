import { describe, expect, it } from "vitest";

import { createMemoryPacer } from "@fuda/limits";

import { createRateLimiter } from "../src/rate-limit";

/** A limiter on a bucket of this process, its clock the test's. */
const limiterAt = (rate: { perSecond: number; burst: number }, now: () => number) =>
  createRateLimiter(rate, createMemoryPacer(now));

describe("a partner key's token bucket", () => {
  it("allows a burst, then refuses with the seconds until the next token", async () => {
    let now = 0;
    const limiter = limiterAt({ perSecond: 2, burst: 3 }, () => now);
    expect(
      [await limiter.take("k"), await limiter.take("k"), await limiter.take("k")].map(
        (d) => d.allowed,
      ),
    ).toEqual([true, true, true]);
    expect(await limiter.take("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = 499;
    expect((await limiter.take("k")).allowed).toBe(false);
    now = 500;
    expect((await limiter.take("k")).allowed).toBe(true);
    expect((await limiter.take("k")).allowed).toBe(false);
  });

  it("refills at the sustained rate up to the burst, never beyond", async () => {
    let now = 0;
    const limiter = limiterAt({ perSecond: 1, burst: 2 }, () => now);
    await limiter.take("k");
    await limiter.take("k");
    now = 60_000;
    expect(
      [await limiter.take("k"), await limiter.take("k"), await limiter.take("k")].map(
        (d) => d.allowed,
      ),
    ).toEqual([true, true, false]);
  });

  it("says how long a slow rate makes a key wait, in whole seconds", async () => {
    const limiter = limiterAt({ perSecond: 0.1, burst: 1 }, () => 0);
    await limiter.take("k");
    expect(await limiter.take("k")).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  it("keeps one bucket per key", async () => {
    const limiter = limiterAt({ perSecond: 1, burst: 1 }, () => 0);
    expect((await limiter.take("a")).allowed).toBe(true);
    expect((await limiter.take("a")).allowed).toBe(false);
    expect((await limiter.take("b")).allowed).toBe(true);
  });
});
