/**
 * DATABASE_READ_URL (docs/feed.md): the pages read from a replica while keys, which the feed
 * writes (their last use), stay on the primary. Two databases stand in for the two: a table
 * renamed only in the "replica" shows where a page was read.
 */
import { afterAll, beforeAll, expect, it } from "vitest";

import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { startResultsFeed } from "@fuda/testkit";
import type { SpawnedApp } from "@fuda/testkit";

import { newPartnerKey } from "./partner";

let primary: TestDatabase;
let replica: TestDatabase;
let feed: SpawnedApp;

beforeAll(async () => {
  [primary, replica] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  await Promise.all([seed(primary.db), seed(replica.db)]);
  await replica.db.table.updateMany({
    where: { slug: "baccarat-a" },
    data: { name: "On the replica" },
  });
  feed = await startResultsFeed({
    databaseUrl: primary.url,
    env: { DATABASE_READ_URL: replica.url },
  });
}, 60_000);

afterAll(async () => {
  await feed.stop();
  await Promise.all([primary.drop(), replica.drop()]);
});

it("pages come from DATABASE_READ_URL; the key is checked, and its last use written, on DATABASE_URL", async () => {
  const { key, partnerKey } = await newPartnerKey(primary.db);
  const response = await fetch(`${feed.url}/v1/tables/baccarat-a`, {
    headers: { authorization: `Bearer ${key}` },
  });
  expect(response.status).toBe(200);
  expect(((await response.json()) as { table: { name: string } }).table.name).toBe(
    "On the replica",
  );
  const used = await primary.db.partnerKey.findUniqueOrThrow({ where: { id: partnerKey.id } });
  expect(used.lastUsedAt).not.toBeNull();
  // /readyz checks both.
  expect(await (await fetch(`${feed.url}/readyz`)).json()).toMatchObject({
    checks: { database: "ok", replica: "ok" },
  });
});
