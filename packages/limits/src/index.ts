/**
 * Paces for callers (docs/scaling.md, Shared limits): token buckets by key — a partner key's
 * requests, a player's bet slips, a chat writer's lines. A bucket holds at most `burst` tokens
 * and refills at `perSecond`; each call takes one or says how long until one is there.
 *
 * With REDIS_URL every node takes from the same bucket, so a caller's limit holds whichever node
 * it reaches: one Lua script per call (one round trip, ~0.1 ms here), the clock Redis's own (the
 * nodes' clocks differ), and each bucket expires once it would be full again. Redis rather than
 * PostgreSQL: a feed request or a bet must not add a write to the primary's hottest path. Redis
 * away (or slow past `timeoutMs`), a node answers from its own buckets and says so at warn: the
 * limits then hold per node, and nobody is refused for an outage of the limiter itself.
 *
 * Without REDIS_URL the buckets are the process's own (one machine).
 */
import { Redis } from "ioredis";

export interface Rate {
  /** Tokens added a second. */
  perSecond: number;
  /** Tokens a bucket holds at most: what a caller may spend at once after a quiet spell. */
  burst: number;
}

export interface Pacer {
  /** Takes one of `key`'s tokens under `rate`: 0 when taken, else the ms until one is there. */
  take(key: string, rate: Rate): Promise<number>;
  close(): Promise<void>;
}

/** What the pacer says when Redis fails it (a warn line, at most every 10 s). */
export type PacerLog = (fields: { reason: string }, message: string) => void;

/** The buckets of one process: a full bucket is forgotten, so the map holds recent keys only. */
export function createMemoryPacer(now: () => number = Date.now): Pacer {
  const buckets = new Map<string, { tokens: number; at: number; rate: Rate }>();
  const forgetFull = (time: number): void => {
    for (const [key, { tokens, at, rate }] of buckets) {
      if (tokens + ((time - at) / 1_000) * rate.perSecond >= rate.burst) buckets.delete(key);
    }
  };
  return {
    take(key, rate) {
      const time = now();
      const bucket = buckets.get(key);
      const tokens =
        bucket === undefined
          ? rate.burst
          : Math.min(rate.burst, bucket.tokens + ((time - bucket.at) / 1_000) * rate.perSecond);
      if (tokens < 1) return Promise.resolve(Math.ceil(((1 - tokens) / rate.perSecond) * 1_000));
      buckets.set(key, { tokens: tokens - 1, at: time, rate });
      if (buckets.size > 10_000) forgetFull(time);
      return Promise.resolve(0);
    },
    close: () => Promise.resolve(),
  };
}

/**
 * The token bucket in one step on Redis: refill since the last call by Redis's clock, take a
 * token if there is one, keep the bucket until it would be full again. Returns the wait in ms.
 */
const TAKE = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(bucket[1])
local at = tonumber(bucket[2])
if tokens == nil or at == nil then
  tokens = burst
else
  tokens = math.min(burst, tokens + math.max(0, now - at) / 1000 * rate)
end
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
else
  wait = math.ceil((1 - tokens) / rate * 1000)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
return wait`;

type Taking = Redis & {
  takeToken(key: string, perSecond: number, burst: number): Promise<number>;
};

export interface RedisPacerOptions {
  url: string;
  /** Put before every key: one Redis may serve several deployments (and tests). */
  prefix?: string;
  /** The longest a call waits for Redis before the node answers from its own buckets. */
  timeoutMs?: number;
  log?: PacerLog;
}

export function createRedisPacer({
  url,
  prefix = "fuda:pace:",
  timeoutMs = 250,
  log,
}: RedisPacerOptions): Pacer {
  const redis = new Redis(url, {
    // A refusal waits for nothing: no queue while disconnected, no retry of a timed-out call.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: timeoutMs,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
    lazyConnect: false,
  }) as Taking;
  redis.defineCommand("takeToken", { numberOfKeys: 1, lua: TAKE });
  // ioredis reports a lost connection as an "error" event; the calls below report their own.
  redis.on("error", () => undefined);
  const local = createMemoryPacer();
  let lastWarned = 0;
  // The first connection is waited for (up to the timeout); after it, a node whose Redis is
  // away answers from its own buckets at once.
  const connected = new Promise<void>((resolve) => {
    redis.once("ready", resolve);
    setTimeout(resolve, timeoutMs).unref();
  });
  return {
    async take(key, rate) {
      try {
        await connected;
        return await redis.takeToken(`${prefix}${key}`, rate.perSecond, rate.burst);
      } catch (error) {
        if (Date.now() - lastWarned > 10_000) {
          lastWarned = Date.now();
          const reason = error instanceof Error ? error.message : String(error);
          log?.({ reason }, "limits: Redis unreachable: this node paces callers on its own");
        }
        return local.take(key, rate);
      }
    },
    async close() {
      redis.disconnect();
      await local.close();
    },
  };
}

/** Shared buckets on Redis when `redisUrl` is set, else this process's own. */
export function createPacer(
  redisUrl: string | undefined,
  options: Omit<RedisPacerOptions, "url"> = {},
): Pacer {
  return redisUrl === undefined
    ? createMemoryPacer()
    : createRedisPacer({ url: redisUrl, ...options });
}

/** A wait in ms as seconds with one decimal, for refusals ("wait 0.4 s"). */
export const secondsOf = (ms: number): string => `${(ms / 1_000).toFixed(1)} s`;
