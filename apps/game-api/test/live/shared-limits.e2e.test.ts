/**
 * Limits and changes across nodes (issue 39; docs/scaling.md, Shared limits): two game API nodes
 * and two results-feed processes on one database and one Redis. A player's bet pace and a
 * partner key's rate are one bucket whichever node is asked; a key revoked and a player banned
 * through one node are refused by every other within a second.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { checkBooks } from "@fuda/ledger";
import { signInStaff, startGameApi, startRedisServer, startResultsFeed } from "@fuda/testkit";
import type { RedisServer, SpawnedApp } from "@fuda/testkit";

import { authPost, Browser } from "../http";
import { guest } from "./bots";

const PASSWORD = "correct horse battery";

let database: TestDatabase;
let nodes: SpawnedApp[] = [];
let feeds: SpawnedApp[] = [];
let admin: Browser;
let redis: RedisServer;

/** An admin as the portal makes one: an account given the role, enrolled in two-factor sign-in. */
async function signedInAdmin(baseUrl: string): Promise<Browser> {
  const browser = new Browser(baseUrl);
  const address = `admin-${randomUUID()}@fuda.test`;
  await browser.auth("sign-up/email", { email: address, password: PASSWORD, name: "Admin" });
  const user = await database.db.user.update({
    where: { email: address },
    data: { role: "admin" },
  });
  await database.db.session.deleteMany({ where: { userId: user.id } });
  browser.cookies.clear();
  await signInStaff(authPost(browser), { email: address, password: PASSWORD });
  return browser;
}

/** A round of baccarat-a taking bets, and the least a Player bet may be there. */
async function openRound(): Promise<{ roundId: string; amount: number }> {
  for (;;) {
    const round = await database.db.round.findFirst({
      where: { phase: "betting", table: { slug: "baccarat-a" } },
      include: { table: true },
    });
    if (round !== null) {
      const limits = round.table.limits as Record<string, { min: number }>;
      return { roundId: round.id, amount: limits.player!.min };
    }
    await sleep(50);
  }
}

const feedGet = (feed: SpawnedApp, key: string) =>
  fetch(`${feed.url}/v1/rounds?limit=1`, { headers: { authorization: `Bearer ${key}` } });

async function partnerKey(): Promise<{ id: string; key: string }> {
  const reply = await admin.trpc("mutation", "admin.partnerKeys.create", {
    partnerId: "acme-stats",
    name: `feed ${randomUUID()}`,
    scopes: ["feed:read"],
  });
  expect(reply.status).toBe(200);
  const { key, partnerKey: created } = reply.data as { key: string; partnerKey: { id: string } };
  return { id: created.id, key };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  redis = await startRedisServer();
  const shared = { REDIS_URL: redis.url };
  // A long window: the bets below all go into one round.
  // One slip every 10 s after three at once: no token comes back while the test runs, however
  // slow the machine.
  const pace = { ...shared, BET_PACE: "0.1/3", BETTING_WINDOW_MS: "60000" };
  const first = await startGameApi({ databaseUrl: database.url, env: pace });
  nodes = [
    first,
    await startGameApi({ databaseUrl: database.url, env: { ...pace, DEALER: "off" } }),
  ];
  const limit = { ...shared, FEED_RATE_LIMIT: "1", FEED_RATE_BURST: "3" };
  const feed = await startResultsFeed({ databaseUrl: database.url, env: limit });
  feeds = [feed, await startResultsFeed({ databaseUrl: database.url, env: limit })];
  admin = await signedInAdmin(first.url);
}, 120_000);

afterAll(async () => {
  await Promise.all([...nodes, ...feeds].map((app) => app.stop()));
  await redis.close();
  await database.drop();
});

describe("limits and changes shared by every node", () => {
  it("a player who spent their bet pace on one node is refused on the other, with the wait", async () => {
    const [one, two] = nodes;
    const player = await guest(one!.url);
    const { roundId, amount } = await openRound();
    const slip = (n: number) => ({
      roundId,
      bets: [{ bet: "player", amount }],
      requestId: `pace-${n}`,
    });
    for (let n = 0; n < 3; n += 1) {
      const placed = await player.trpc("mutation", "bets.place", slip(n));
      expect(placed.status).toBe(200);
    }
    // The same cookie on the other node: the same player, the same bucket.
    const elsewhere = new Browser(two!.url);
    for (const [name, value] of player.cookies) elsewhere.cookies.set(name, value);
    const refused = await elsewhere.trpc("mutation", "bets.place", slip(3));
    expect(refused.status).toBe(429);
    expect(refused.code).toBe("TOO_MANY_REQUESTS");
    expect(refused.message).toMatch(/^bets: at most 0\.1 slips a second \(3 at once\): wait \d/);
    // Nothing was taken for it.
    expect(await database.db.bet.count({ where: { roundId } })).toBe(3);
    expect((await checkBooks(database.db)).clean).toBe(true);
  });

  it("a partner key that spent its burst on one feed process gets 429 from the other", async () => {
    const { key } = await partnerKey();
    const [one, two] = feeds;
    for (let n = 0; n < 3; n += 1) expect((await feedGet(one!, key)).status).toBe(200);
    const refused = await feedGet(two!, key);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });

  it("a key revoked through one game API node stops working on every feed process within a second", async () => {
    const { id, key } = await partnerKey();
    for (const feed of feeds) expect((await feedGet(feed, key)).status).toBe(200);
    // Revoked through the node the admin did not sign in at.
    const other = new Browser(nodes[1]!.url);
    for (const [name, value] of admin.cookies) other.cookies.set(name, value);
    const revoked = await other.trpc("mutation", "admin.partnerKeys.revoke", { id });
    expect(revoked.status).toBe(200);
    const at = Date.now();
    for (const feed of feeds) {
      for (;;) {
        if ((await feedGet(feed, key)).status === 401) break;
        expect(Date.now() - at).toBeLessThan(1_000);
        await sleep(50);
      }
    }
    expect(Date.now() - at).toBeLessThan(1_000);
  });

  it("a player banned through one node cannot bet through the other a second later", async () => {
    const [one, two] = nodes;
    const player = await guest(two!.url);
    // The guest is the newest account.
    const { id: userId } = await database.db.user.findFirstOrThrow({
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    // A round taking bets first: waiting for the next one is no part of the second allowed.
    const { roundId, amount } = await openRound();
    const operator = new Browser(one!.url);
    for (const [name, value] of admin.cookies) operator.cookies.set(name, value);
    const banned = await operator.trpc("mutation", "admin.players.ban", {
      userId,
      reason: "test of a ban across nodes",
    });
    expect(banned).toMatchObject({ status: 200 });
    const at = Date.now();
    for (;;) {
      const reply = await player.trpc("mutation", "bets.place", {
        roundId,
        bets: [{ bet: "player", amount }],
        requestId: `banned-${Date.now()}`,
      });
      if (reply.status === 401) break;
      expect(Date.now() - at).toBeLessThan(1_000);
      await sleep(50);
    }
    expect(Date.now() - at).toBeLessThan(1_000);
  });
});
