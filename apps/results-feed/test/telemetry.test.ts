/**
 * The results feed as an operator watches it (docs/observability.md): its bundle run as in
 * production, with metrics behind a bearer and request ids in every problem it answers.
 */
import { afterAll, beforeAll, expect, it } from "vitest";

import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { startPgProxy, startResultsFeed, until } from "@fuda/testkit";
import type { PgProxy, SpawnedApp } from "@fuda/testkit";

import { newPartnerKey } from "./partner";

const METRICS_TOKEN = "feed-metrics-token-0001";

let database: TestDatabase;
let proxy: PgProxy;
let feed: SpawnedApp;
let key: Awaited<ReturnType<typeof newPartnerKey>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  key = await newPartnerKey(database.db);
  proxy = await startPgProxy(database.url);
  feed = await startResultsFeed({
    databaseUrl: proxy.url,
    env: { METRICS_TOKEN, LOG_FORMAT: "json" },
  });
}, 60_000);

afterAll(async () => {
  await feed.stop();
  await proxy.close();
  await database.drop();
});

const metricsText = async (): Promise<string> => {
  const response = await fetch(`${feed.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  return response.text();
};

/** The value of the one sample of `name` whose labels include all of `labels` (0 if none). */
const sample = (text: string, name: string, labels: string[]): number => {
  const line = text
    .split("\n")
    .find((row) => row.startsWith(`${name}{`) && labels.every((label) => row.includes(label)));
  return line === undefined ? 0 : Number(line.slice(line.lastIndexOf(" ") + 1));
};

it("a problem carries the request's id, the caller's or a new one, as its X-Request-Id and log line do", async () => {
  const refused = await fetch(`${feed.url}/v1/tables`, {
    headers: { "x-request-id": "partner-42" },
  });
  expect(refused.status).toBe(401);
  expect(refused.headers.get("x-request-id")).toBe("partner-42");
  expect(await refused.json()).toMatchObject({ code: "UNAUTHORIZED", requestId: "partner-42" });

  const bad = await fetch(`${feed.url}/v1/rounds?limit=100000`, {
    headers: { authorization: `Bearer ${key.key}` },
  });
  expect(bad.status).toBe(400);
  const id = bad.headers.get("x-request-id");
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  expect(((await bad.json()) as { requestId: string }).requestId).toBe(id);
  await until("the request's log line", () =>
    Promise.resolve(
      feed
        .output()
        .split("\n")
        .some((line) => line.includes(`"requestId":"${id}"`) && line.includes('"status":400'))
        ? true
        : undefined,
    ),
  );
  // The key's text is in no line.
  expect(feed.output()).not.toContain(key.key);
});

it("/metrics: 401 without the bearer; feed requests counted by key id, route and status", async () => {
  expect((await fetch(`${feed.url}/metrics`)).status).toBe(401);
  const labels = [`key="${key.partnerKey.id}"`, 'route="/v1/tables"', 'status="200"'];
  const before = sample(await metricsText(), "fuda_feed_requests_total", labels);
  for (let i = 0; i < 3; i++) {
    const response = await fetch(`${feed.url}/v1/tables`, {
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(response.status).toBe(200);
  }
  const after = await metricsText();
  expect(sample(after, "fuda_feed_requests_total", labels) - before).toBe(3);
  expect(after).not.toContain(key.key);
});

it("/readyz is 503 while the database is away and 200 once it is back; /livez stays 200", async () => {
  expect((await fetch(`${feed.url}/readyz`)).status).toBe(200);
  await proxy.stop();
  try {
    await until("/readyz to refuse", async () =>
      (await fetch(`${feed.url}/readyz`)).status === 503 ? true : undefined,
    );
    expect((await fetch(`${feed.url}/livez`)).status).toBe(200);
  } finally {
    await proxy.start();
  }
  await until("/readyz to answer 200", async () =>
    (await fetch(`${feed.url}/readyz`)).status === 200 ? true : undefined,
  );
});
