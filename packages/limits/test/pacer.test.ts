import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { RedisServer } from "@fuda/testkit";
import { startRedisServer } from "@fuda/testkit";

import type { Pacer } from "../src";
import { createMemoryPacer, createRedisPacer } from "../src";

let redisServer: RedisServer;
let REDIS_URL: string;
const pacers: Pacer[] = [];
beforeAll(async () => {
  redisServer = await startRedisServer();
  REDIS_URL = redisServer.url;
});
afterAll(async () => {
  await Promise.all(pacers.map((pacer) => pacer.close()));
  await redisServer.close();
});

/** A Redis pacer with a prefix of its own: tests share the machine's Redis. */
function redisPacer(prefix = `test:${randomUUID()}:`): Pacer {
  const pacer = createRedisPacer({ url: REDIS_URL, prefix });
  pacers.push(pacer);
  return pacer;
}

const RATE = { perSecond: 10, burst: 3 };

describe.each([
  ["this process's memory", () => createMemoryPacer()],
  ["Redis", () => redisPacer()],
])("a pacer in %s", (_, make) => {
  it("lets a burst through, then refuses with the wait until the next token, then refills", async () => {
    const pacer = make();
    expect([
      await pacer.take("k", RATE),
      await pacer.take("k", RATE),
      await pacer.take("k", RATE),
    ]).toEqual([0, 0, 0]);
    const wait = await pacer.take("k", RATE);
    // A token every 100 ms: the wait is at most that, and more than nothing.
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(100);
    await sleep(wait + 20);
    expect(await pacer.take("k", RATE)).toBe(0);
    // Another key has its own bucket.
    expect(await pacer.take("other", RATE)).toBe(0);
  });
});

describe("a pacer on Redis", () => {
  it("is one bucket for every node: what one node spent, another cannot", async () => {
    const prefix = `test:${randomUUID()}:`;
    const [one, two] = [redisPacer(prefix), redisPacer(prefix)];
    const rate = { perSecond: 0.5, burst: 4 };
    const taken = await Promise.all([
      one.take("player", rate),
      two.take("player", rate),
      one.take("player", rate),
      two.take("player", rate),
    ]);
    expect(taken).toEqual([0, 0, 0, 0]);
    expect(await one.take("player", rate)).toBeGreaterThan(1_000);
    expect(await two.take("player", rate)).toBeGreaterThan(1_000);
  });

  it("keeps a bucket only until it would be full again", async () => {
    const prefix = `test:${randomUUID()}:`;
    const pacer = redisPacer(prefix);
    await pacer.take("k", { perSecond: 10, burst: 2 });
    const redis = new Redis(REDIS_URL);
    try {
      const ttl = await redis.pttl(`${prefix}k`);
      // One token to refill at 10 a second (100 ms) plus a second's margin.
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(1_100);
    } finally {
      redis.disconnect();
    }
  });

  it("answers from the node's own buckets when Redis is unreachable, at once, and says so", async () => {
    const lines: string[] = [];
    const pacer = createRedisPacer({
      url: "redis://127.0.0.1:1",
      log: (_, message) => lines.push(message),
    });
    pacers.push(pacer);
    const started = performance.now();
    expect(await pacer.take("k", { perSecond: 1, burst: 1 })).toBe(0);
    expect(await pacer.take("k", { perSecond: 1, burst: 1 })).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(lines).toEqual(["limits: Redis unreachable: this node paces callers on its own"]);
  });
});
