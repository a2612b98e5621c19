/**
 * Per-key rate limiting: a token bucket per partner key, in this process's memory. A key may
 * spend `burst` requests at once, then `perSecond` a second. Replicas each keep their own
 * buckets, so behind N replicas a key's effective limit is up to N times this one.
 */
export interface RateLimit {
  /** Sustained requests a second, per key. */
  perSecond: number;
  /** Requests a key may make at once after a quiet spell (the bucket's size). */
  burst: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Spends one of `key`'s tokens if it has one; else how long until it will. */
  take(key: string): RateDecision;
}

interface Bucket {
  tokens: number;
  at: number;
}

export function createRateLimiter(
  { perSecond, burst }: RateLimit,
  now: () => number = () => performance.now(),
): RateLimiter {
  // Only verified keys get a bucket, so the map holds at most one entry per live key.
  const buckets = new Map<string, Bucket>();
  return {
    take(key) {
      const time = now();
      const bucket = buckets.get(key) ?? { tokens: burst, at: time };
      bucket.tokens = Math.min(burst, bucket.tokens + ((time - bucket.at) / 1000) * perSecond);
      bucket.at = time;
      buckets.set(key, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { allowed: true };
      }
      // Whole seconds, at least one, as Retry-After takes them (RFC 9110, 10.2.3).
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond)),
      };
    },
  };
}
