/**
 * Per-key rate limiting: a token bucket per partner key. A key may spend `burst` requests at
 * once, then `perSecond` a second. The buckets are the pacer's (@fuda/limits): on Redis with
 * REDIS_URL, so a key's limit holds whichever feed process it reaches; else this process's own.
 */
import type { Pacer, Rate } from "@fuda/limits";
import { createMemoryPacer } from "@fuda/limits";

/** Requests a partner key may make: sustained a second, and at once after a quiet spell. */
export type RateLimit = Rate;

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Spends one of `key`'s tokens if it has one; else how long until it will. */
  take(key: string): Promise<RateDecision>;
}

export function createRateLimiter(
  rate: RateLimit,
  pacer: Pacer = createMemoryPacer(),
): RateLimiter {
  return {
    async take(key) {
      const wait = await pacer.take(`feed:${key}`, rate);
      if (wait === 0) return { allowed: true };
      // Whole seconds, at least one, as Retry-After takes them (RFC 9110, 10.2.3).
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1_000)) };
    },
  };
}
