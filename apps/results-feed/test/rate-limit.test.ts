import { describe, expect, it } from "vitest";

import { createRateLimiter } from "../src/rate-limit";

describe("a partner key's token bucket", () => {
  it("allows a burst, then refuses with the seconds until the next token", () => {
    let now = 0;
    const limiter = createRateLimiter({ perSecond: 2, burst: 3 }, () => now);
    expect([1, 2, 3].map(() => limiter.take("k").allowed)).toEqual([true, true, true]);
    expect(limiter.take("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = 499;
    expect(limiter.take("k").allowed).toBe(false);
    now = 500;
    expect(limiter.take("k").allowed).toBe(true);
    expect(limiter.take("k").allowed).toBe(false);
  });

  it("refills at the sustained rate up to the burst, never beyond", () => {
    let now = 0;
    const limiter = createRateLimiter({ perSecond: 1, burst: 2 }, () => now);
    limiter.take("k");
    limiter.take("k");
    now = 60_000;
    expect([1, 2, 3].map(() => limiter.take("k").allowed)).toEqual([true, true, false]);
  });

  it("says how long a slow rate makes a key wait, in whole seconds", () => {
    const limiter = createRateLimiter({ perSecond: 0.1, burst: 1 }, () => 0);
    limiter.take("k");
    expect(limiter.take("k")).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });

  it("keeps one bucket per key", () => {
    const limiter = createRateLimiter({ perSecond: 1, burst: 1 }, () => 0);
    expect(limiter.take("a").allowed).toBe(true);
    expect(limiter.take("a").allowed).toBe(false);
    expect(limiter.take("b").allowed).toBe(true);
  });
});
