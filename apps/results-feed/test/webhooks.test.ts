import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createWebhookEndpoint } from "@fuda/api";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { silentLog, startLive } from "@fuda/live";
import type { Live } from "@fuda/live";
import { freshBundle } from "@fuda/env/bundle";
import { freePort, until } from "@fuda/testkit";

const appDir = dirname(dirname(fileURLToPath(import.meta.url)));

let database: TestDatabase;
let live: Live | undefined;
let feed: ChildProcess | undefined;
let receiver: Server | undefined;
let receiverPort = 0;
let secret: string;
let endpointId: string;

interface Received {
  id: string;
  type: string;
  status: number;
  signatureOk: boolean;
  body: { id: string; type: string; createdAt: string; data: Record<string, unknown> };
}
/** Every request the receiver got, in order, with what it answered. */
const received: Received[] = [];

/** docs/feed.md, Verifying a delivery: the scheme as a partner would check it, not our signer. */
function verifies(headers: Record<string, unknown>, body: string): boolean {
  const timestamp = String(headers["fuda-webhook-timestamp"]);
  const signature = String(headers["fuda-webhook-signature"]);
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const expected = Buffer.from(
    `v1=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`,
  );
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A partner's endpoint that fails its first 3 requests (500), then acknowledges each one. */
async function startReceiver(): Promise<void> {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const body = JSON.parse(text) as Received["body"];
      const status = received.length < 3 ? 500 : 204;
      received.push({
        id: String(req.headers["fuda-webhook-id"]),
        type: String(req.headers["fuda-webhook-type"]),
        status,
        signatureOk: verifies(req.headers, text),
        body,
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver!.listen(receiverPort, "127.0.0.1", resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
}

async function stopReceiver(): Promise<void> {
  receiver!.closeAllConnections();
  await new Promise((resolve) => receiver!.close(resolve));
}

/** The feed process as it runs in production (its bundle), retrying after 50 ms, doubling up
 * to 400 ms. */
async function startFeed(): Promise<void> {
  const child = spawn(process.execPath, [await freshBundle(appDir)], {
    cwd: appDir,
    env: {
      ...process.env,
      // Its "listening" line is at info.
      LOG_LEVEL: "info",
      DATABASE_URL: database.url,
      PORT: String(await freePort()),
      FEED_WEBHOOK_BACKOFF_MS: "50",
      FEED_WEBHOOK_MAX_BACKOFF_MS: "400",
      FEED_WEBHOOK_POLL_MS: "50",
      FEED_WEBHOOK_TIMEOUT_MS: "2000",
      // The receiver is on 127.0.0.1.
      WEBHOOK_PRIVATE_TARGETS: "allow",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  feed = child;
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("listening")) resolve();
    });
    child.once("exit", (code) => {
      reject(new Error(`the feed exited (${code})`));
    });
  });
}

async function stopFeed(): Promise<void> {
  const child = feed!;
  feed = undefined;
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

const deliveries = (status: "pending" | "delivered" | "failed") =>
  database.db.webhookDelivery.count({ where: { endpointId, status } });

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  // One table deals, so the events stay few enough to follow one by one.
  await database.db.table.updateMany({
    where: { slug: { not: "baccarat-a" } },
    data: { status: "CLOSED" },
  });
  const operator = await database.db.user.create({
    data: { id: `op-${randomUUID()}`, name: "Op", email: `${randomUUID()}@x.io`, role: "operator" },
  });
  await startReceiver();
  const created = await createWebhookEndpoint({
    db: database.db,
    actorId: operator.id,
    partnerId: "acme-stats",
    url: `http://127.0.0.1:${receiverPort}/hooks`,
    events: ["round.settled", "shoe.revealed"],
    privateTargets: "allow",
  });
  secret = created.secret;
  endpointId = created.endpoint.id;
});

afterAll(async () => {
  await live?.stop();
  if (feed) await stopFeed();
  if (receiver?.listening) await stopReceiver();
  await database.drop();
});

describe("partners' webhooks", () => {
  it(
    "to a receiver that fails its first 3 attempts and is down across a feed restart: every " +
      "event arrives, signatures verify, none is acknowledged twice",
    async () => {
      await startFeed();
      live = startLive({
        db: database.db,
        connectionString: database.url,
        timing: { dealDelayMs: 0, resultPauseMs: 0, bettingWindowMs: () => 20 },
        log: silentLog,
      });
      await until(
        "rounds acknowledged",
        async () => (await deliveries("delivered")) >= 3 || undefined,
      );
      // The operator's new shoe: the shoe in play ends and its reveal goes out.
      await database.db.$executeRaw`
        UPDATE tables SET settings = settings || '{"newShoe": true}' WHERE slug = 'baccarat-a'`;
      await until(
        "a shoe revealed",
        async () =>
          (await database.db.webhookEvent.count({ where: { type: "shoe.revealed" } })) > 0 ||
          undefined,
      );

      // The receiver goes down; the feed stops and starts again while rounds keep settling.
      await stopReceiver();
      await until(
        "an attempt refused",
        async () =>
          (await database.db.webhookAttempt.count({ where: { statusCode: null } })) > 0 ||
          undefined,
      );
      await stopFeed();
      const refusedBefore = await database.db.webhookAttempt.count({ where: { statusCode: null } });
      const settledWhileDown = await database.db.round.count({ where: { phase: "settled" } });
      await until(
        "rounds settled while the feed was down",
        async () =>
          (await database.db.round.count({ where: { phase: "settled" } })) > settledWhileDown + 2 ||
          undefined,
      );
      await startFeed();
      await until("more attempts refused after the restart", async () => {
        const refused = await database.db.webhookAttempt.count({ where: { statusCode: null } });
        return refused > refusedBefore || undefined;
      });
      await live.stop();
      live = undefined;
      await startReceiver();
      await until(
        "every delivery acknowledged",
        async () => (await deliveries("pending")) === 0 || undefined,
      );
      await stopFeed();

      const events = await database.db.webhookEvent.findMany({ orderBy: { createdAt: "asc" } });
      const rounds = await database.db.round.findMany({
        where: { phase: "settled" },
        include: { table: true },
      });
      // The outbox holds one round.settled for every settled round, and it reached the receiver.
      expect(events.filter((event) => event.type === "round.settled")).toHaveLength(rounds.length);
      expect(await deliveries("delivered")).toBe(events.length);
      expect(await deliveries("failed")).toBe(0);

      const acknowledged = received.filter((request) => request.status < 300);
      const ackedIds = acknowledged.map((request) => request.id);
      expect(new Set(ackedIds).size).toBe(ackedIds.length);
      expect(new Set(ackedIds)).toEqual(new Set(events.map((event) => event.id)));
      expect(received.every((request) => request.signatureOk)).toBe(true);
      expect(received.slice(0, 3).map((request) => request.status)).toEqual([500, 500, 500]);

      // The bodies: the envelope's id is the header's, the data the round's or the shoe's.
      for (const request of acknowledged) {
        expect(request.body.id).toBe(request.id);
        expect(request.body.type).toBe(request.type);
      }
      const byRound = new Map(rounds.map((round) => [round.id, round]));
      for (const { body } of acknowledged.filter((request) => request.type === "round.settled")) {
        const round = byRound.get(String(body.data.roundId))!;
        expect(body.data).toMatchObject({
          table: "baccarat-a",
          game: "baccarat",
          shoeId: round.shoeId,
          number: round.number,
          outcome: round.outcome,
        });
        expect((body.data.bets as { bet: string }[]).map((bet) => bet.bet)).toContain("banker");
      }
      const shoes = acknowledged.filter((request) => request.type === "shoe.revealed");
      expect(shoes.length).toBeGreaterThan(0);
      for (const { body } of shoes) {
        const shoe = await database.db.shoe.findUniqueOrThrow({
          where: { id: String(body.data.shoeId) },
        });
        expect(body.data).toMatchObject({
          commitment: shoe.commitment,
          reveal: shoe.reveal,
          verifies: true,
        });
      }

      // The delivery log: every attempt recorded, the failed ones with why.
      const logged = await database.db.webhookDelivery.findMany({
        where: { endpointId },
        include: { attemptLog: true },
      });
      for (const delivery of logged) {
        expect(delivery.attemptLog).toHaveLength(delivery.attempts);
        expect(delivery.deliveredAt).not.toBeNull();
        expect(delivery.nextAttemptAt).toBeNull();
      }
      const attempts = logged.flatMap((delivery) => delivery.attemptLog);
      expect(attempts.filter((attempt) => attempt.statusCode === 500)).toHaveLength(3);
      expect(attempts.filter((attempt) => attempt.error === "ECONNREFUSED").length).toBeGreaterThan(
        1,
      );
      expect(attempts).toHaveLength(
        received.length + attempts.filter((a) => a.statusCode === null).length,
      );
    },
    180_000,
  );
});
