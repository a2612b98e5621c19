import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import { silentLog, writeWebhookEvent } from "@fuda/live";
import { freePort, until } from "@fuda/testkit";

import type { Actor } from "../src";
import {
  appRouter,
  createCallerFactory,
  createWebhookEndpoint,
  signWebhook,
  startWebhookDeliverer,
} from "../src";
import type { WebhookDelivererOptions } from "../src";
import { recordingLog, sample } from "./telemetry";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let receiver: Server;
let receiverUrl: string;
/** What the receiver answers next, and the requests it got. */
let answer = 200;
const requests: { headers: Record<string, unknown>; body: string }[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seed(db);
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      requests.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
      res.writeHead(answer, answer === 302 ? { Location: "/elsewhere" } : {}).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
  await database.drop();
});

const caller = () =>
  createCallerFactory(appRouter)({
    db,
    actor: {
      kind: "operator",
      userId: "operator-1",
      role: "operator",
      signedInAt: Date.now(),
    } as Actor,
    // The receivers here are on 127.0.0.1 (the refusal is apps/game-api/test/webhooks.test.ts).
    webhookPrivateTargets: "allow",
  });

const tableId = () => db.table.findFirstOrThrow().then((table) => ({ id: table.id }));

/** The endpoint's newest delivery, as its delivery log shows it. */
const newestDelivery = async (endpointId: string) =>
  (await caller().admin.webhooks.deliveries({ endpointId })).deliveries[0]!;

/** Runs a deliverer until the endpoint's newest delivery is `done`, then stops it. */
async function deliverUntil(
  endpointId: string,
  what: string,
  done: (delivery: Awaited<ReturnType<typeof newestDelivery>>) => boolean,
  options: Omit<WebhookDelivererOptions, "db">,
): Promise<void> {
  const deliverer = startWebhookDeliverer({ db, pollMs: 20, log: silentLog, ...options });
  try {
    await until(what, async () => done(await newestDelivery(endpointId)) || undefined);
  } finally {
    await deliverer.stop();
  }
}

describe("admin.webhooks: registering partners' endpoints", () => {
  it.each([
    [{ url: "ftp://hooks.example.com/x" }, /url: must be an http or https URL/],
    [{ url: "not a url" }, /url: must be an http or https URL/],
    [{ url: "https://user:pass@hooks.example.com/x" }, /url: must not carry a user name/],
    [{ events: [] }, /events: at least one/],
    [
      { events: ["round.opened"] },
      /events: each one of round.settled, round.voided, shoe.revealed/,
    ],
    [{ partnerId: "Acme Stats" }, /partnerId: /],
    // tRPC's message for a refused input lists the schema's issues, each naming its field.
  ])("refuses %o with BAD_REQUEST naming the field, writing nothing", async (bad, message) => {
    const before = await db.auditEntry.count();
    const refused = caller().admin.webhooks.create({
      partnerId: "acme-stats",
      url: "https://hooks.example.com/fuda",
      events: ["round.settled"],
      ...bad,
    } as never);
    await expect(refused).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(refused).rejects.toThrow(message);
    expect(await db.webhookEndpoint.count({ where: { partnerId: "acme-stats" } })).toBe(0);
    expect(await db.auditEntry.count()).toBe(before);
  });

  it("creates with a secret shown once, lists without it, revokes; each change audited without the secret", async () => {
    const { secret, endpoint } = await caller().admin.webhooks.create({
      partnerId: "acme-stats",
      url: "https://hooks.example.com/fuda",
      events: ["round.settled", "shoe.revealed", "round.settled"],
    });
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    expect(endpoint).toMatchObject({
      partnerId: "acme-stats",
      events: ["round.settled", "shoe.revealed"],
      createdBy: "operator-1",
      revokedAt: null,
    });
    const { endpoints } = await caller().admin.webhooks.list({ partnerId: "acme-stats" });
    expect(endpoints).toEqual([endpoint]);
    expect(JSON.stringify(endpoints)).not.toContain(secret);

    await db.$transaction((tx) =>
      tableId().then((table) => writeWebhookEvent(tx, table, "round.settled", { roundId: "r" })),
    );
    const revoked = await caller().admin.webhooks.revoke({ id: endpoint.id });
    expect(revoked.revokedAt).not.toBeNull();
    // Its pending delivery fails at once: nothing more goes to a revoked endpoint.
    const log = await caller().admin.webhooks.deliveries({ endpointId: endpoint.id });
    expect(log.deliveries.map((delivery) => delivery.status)).toEqual(["failed"]);

    const entries = await db.auditEntry.findMany({
      where: { targetType: "webhook", targetId: endpoint.id },
      orderBy: { id: "asc" },
    });
    expect(entries.map(({ actorId, action }) => ({ actorId, action }))).toEqual([
      { actorId: "operator-1", action: "webhooks.create" },
      { actorId: "operator-1", action: "webhooks.revoke" },
    ]);
    expect(entries[1]!.before).toMatchObject({ revokedAt: null });
    expect(entries[1]!.after).toMatchObject({ revokedAt: revoked.revokedAt });
    expect(JSON.stringify(entries.map(({ before, after }) => [before, after]))).not.toContain(
      secret,
    );
  });

  it("an unknown endpoint is NOT_FOUND naming the field", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    const revoke = caller().admin.webhooks.revoke({ id });
    await expect(revoke).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(revoke).rejects.toThrow(/^id: no webhook endpoint/);
    const log = caller().admin.webhooks.deliveries({ endpointId: id });
    await expect(log).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(log).rejects.toThrow(/^endpointId: no webhook endpoint/);
  });
});

describe("the webhook deliverer", () => {
  it("signs each POST, backs off doubling while refused (a redirect is no acknowledgement), stops at the first 2xx, and logs every attempt", async () => {
    const { secret, endpoint } = await caller().admin.webhooks.create({
      partnerId: "backoff",
      url: receiverUrl,
      events: ["shoe.revealed"],
    });
    await db.$transaction(async (tx) =>
      writeWebhookEvent(tx, await tableId(), "shoe.revealed", { shoeId: "s" }),
    );
    requests.length = 0;
    const before = {
      delivered: await sample("fuda_webhook_deliveries_total", { outcome: "delivered" }),
      failed: await sample("fuda_webhook_deliveries_total", { outcome: "failed" }),
    };
    const { log: logger, lines } = recordingLog();
    const deliverer = startWebhookDeliverer({
      db,
      backoffMs: 200,
      pollMs: 20,
      privateTargets: "allow",
      log: logger,
    });
    try {
      answer = 503;
      await until("2 requests", () => Promise.resolve(requests.length >= 2 || undefined));
      answer = 302;
      await until("3 requests", () => Promise.resolve(requests.length >= 3 || undefined));
      answer = 204;
      await until("4 requests", () => Promise.resolve(requests.length >= 4 || undefined));
      await new Promise((resolve) => setTimeout(resolve, 500));
      await deliverer.drain();
    } finally {
      await deliverer.stop();
    }
    expect(requests).toHaveLength(4);
    for (const { headers, body } of requests) {
      const timestamp = String(headers["fuda-webhook-timestamp"]);
      expect(headers["fuda-webhook-signature"]).toBe(signWebhook(secret, timestamp, body));
      expect(JSON.parse(body)).toMatchObject({ type: "shoe.revealed", data: { shoeId: "s" } });
    }
    const log = await caller().admin.webhooks.deliveries({ endpointId: endpoint.id });
    const [delivery] = log.deliveries;
    expect(delivery).toMatchObject({ status: "delivered", attempts: 4, nextAttemptAt: null });
    expect(delivery!.attemptLog.map((attempt) => attempt.statusCode)).toEqual([503, 503, 302, 204]);
    // 200 ms, then 400, then 800 ms between the attempts (each at least, give or take a poll).
    const at = delivery!.attemptLog.map((attempt) => Date.parse(attempt.at));
    const gaps = at.slice(1).map((time, index) => time - at[index]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(190);
    expect(gaps[1]).toBeGreaterThanOrEqual(390);
    expect(gaps[2]).toBeGreaterThanOrEqual(790);

    // Each attempt counted by outcome; each failed one a warn line naming the host only.
    expect(
      (await sample("fuda_webhook_deliveries_total", { outcome: "delivered" })) - before.delivered,
    ).toBe(1);
    expect(
      (await sample("fuda_webhook_deliveries_total", { outcome: "failed" })) - before.failed,
    ).toBe(3);
    expect(lines.map(({ level, message, fields }) => [level, message, fields.status])).toEqual([
      ["warn", "webhook delivery failed", 503],
      ["warn", "webhook delivery failed", 503],
      ["warn", "webhook delivery failed", 302],
    ]);
    for (const { fields } of lines) {
      expect(fields).toMatchObject({ host: new URL(receiverUrl).host, type: "shoe.revealed" });
      const text = JSON.stringify(fields);
      expect(text).not.toContain(secret);
      expect(text).not.toContain("/hooks");
      expect(text).not.toContain("v1=");
    }
  });

  it("marks a delivery failed once its next attempt would fall past the retry period", async () => {
    const RETRY_FOR_MS = 2_000;
    const { endpoint } = await caller().admin.webhooks.create({
      partnerId: "gives-up",
      url: `http://127.0.0.1:${await freePort()}/refused`,
      events: ["round.settled"],
    });
    await db.$transaction(async (tx) =>
      writeWebhookEvent(tx, await tableId(), "round.settled", { roundId: "r" }),
    );
    await deliverUntil(endpoint.id, "the delivery failed", (d) => d.status === "failed", {
      backoffMs: 100,
      // Long enough for a retry even when a loaded machine starts the first attempt late.
      retryForMs: RETRY_FOR_MS,
      privateTargets: "allow",
    });
    const { deliveries } = await caller().admin.webhooks.deliveries({ endpointId: endpoint.id });
    expect(deliveries[0]).toMatchObject({ status: "failed", nextAttemptAt: null });
    const [delivery] = deliveries;
    const log = delivery!.attemptLog;
    expect(log.length).toBeGreaterThanOrEqual(2);
    expect(log.every((attempt) => attempt.error === "ECONNREFUSED")).toBe(true);
    // Attempt n waits 100 ms × 2^(n-1) before the next: given up at the first attempt whose
    // next would start past the retry period after the event, not before.
    const deadline = Date.parse(delivery!.eventAt) + RETRY_FOR_MS;
    const nextAfter = (n: number) => Date.parse(log[n - 1]!.at) + 100 * 2 ** (n - 1);
    expect(nextAfter(log.length)).toBeGreaterThan(deadline);
    expect(nextAfter(log.length - 1)).toBeLessThanOrEqual(deadline + 20);
  });

  it.each([
    ["a literal address", () => receiverUrl, "127.0.0.1"],
    // Resolved when the connection is made: a name that points inside (DNS rebinding) is refused.
    ["a name resolving to loopback", () => receiverUrl.replace("127.0.0.1", "localhost"), null],
  ])(
    "to %s: refused unless private targets are allowed; the attempt says why",
    async (_, url, address) => {
      const { endpoint } = await createWebhookEndpoint({
        db,
        actorId: "operator-1",
        partnerId: "inside",
        url: url(),
        events: ["round.voided"],
        // Registered while allowed (or resolving elsewhere then): the deliverer checks again.
        privateTargets: "allow",
      });
      await db.$transaction(async (tx) =>
        writeWebhookEvent(tx, await tableId(), "round.voided", { roundId: "v" }),
      );
      requests.length = 0;
      answer = 204;
      await deliverUntil(endpoint.id, "an attempt", (d) => d.attempts > 0, {
        backoffMs: 60_000,
        privateTargets: "refuse",
      });
      expect(requests).toEqual([]);
      const refused = await newestDelivery(endpoint.id);
      expect(refused).toMatchObject({ status: "pending", attempts: 1 });
      // localhost may resolve to ::1 before 127.0.0.1.
      expect(refused.attemptLog[0]).toMatchObject({
        statusCode: null,
        error: expect.stringMatching(
          new RegExp(`^target address ${address ?? "(127\\.0\\.0\\.1|::1)"} is not public$`),
        ) as unknown,
      });

      // The same delivery, retried now with private targets allowed, arrives.
      await db.webhookDelivery.updateMany({
        where: { endpointId: endpoint.id },
        data: { nextAttemptAt: new Date() },
      });
      await deliverUntil(endpoint.id, "delivered", (d) => d.status === "delivered", {
        privateTargets: "allow",
      });
      expect(requests).toHaveLength(1);
      expect(JSON.parse(requests[0]!.body)).toMatchObject({ type: "round.voided" });
      await caller().admin.webhooks.revoke({ id: endpoint.id });
    },
  );

  it("gives a receiver timeoutMs to answer, then records the attempt as unanswered", async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { endpoint } = await caller().admin.webhooks.create({
      partnerId: "silent",
      url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hooks`,
      events: ["round.voided"],
    });
    await db.$transaction(async (tx) =>
      writeWebhookEvent(tx, await tableId(), "round.voided", { roundId: "t" }),
    );
    try {
      await deliverUntil(endpoint.id, "an attempt", (d) => d.attempts > 0, {
        backoffMs: 60_000,
        timeoutMs: 200,
        privateTargets: "allow",
      });
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
    const [attempt] = (await newestDelivery(endpoint.id)).attemptLog;
    expect(attempt).toMatchObject({ statusCode: null, error: "no answer within 200 ms" });
    expect(attempt!.durationMs).toBeGreaterThanOrEqual(190);
    await caller().admin.webhooks.revoke({ id: endpoint.id });
  });
});
