import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createPartnerKey, revokePartnerKey } from "@fuda/auth";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";

import { createFeedServer } from "../src/server";

let database: TestDatabase;
let server: ReturnType<typeof createFeedServer>;
let baseUrl: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  server = createFeedServer({ db: database.db });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.drop();
});

const getTables = (authorization?: string) =>
  fetch(`${baseUrl}/v1/tables`, {
    headers: authorization === undefined ? {} : { authorization },
  });

async function newKey() {
  const admin = await database.db.user.create({
    data: {
      id: `admin-${Math.random()}`,
      name: "Admin",
      email: `${Math.random()}@x.io`,
      role: "admin",
    },
  });
  return createPartnerKey({
    db: database.db,
    partnerId: "acme-stats",
    name: "feed",
    scopes: ["feed:read"],
    createdBy: admin.id,
  });
}

describe("partner keys on the results feed", () => {
  it("a live key is accepted as a Bearer token and its use is recorded", async () => {
    const { key, partnerKey } = await newKey();
    expect(partnerKey.lastUsedAt).toBeNull();
    const response = await getTables(`Bearer ${key}`);
    expect(response.status).toBe(200);
    const row = await database.db.partnerKey.findUniqueOrThrow({ where: { id: partnerKey.id } });
    expect(row.lastUsedAt).not.toBeNull();
  });

  it("/v1 still answers without a key (keys become required with the partners' feed)", async () => {
    expect((await getTables()).status).toBe(200);
  });

  it("a revoked, unknown or malformed key gets 401 in the feed's error shape", async () => {
    const { key, partnerKey } = await newKey();
    await revokePartnerKey({ db: database.db, id: partnerKey.id });
    for (const authorization of [
      `Bearer ${key}`,
      `Bearer fuda_pk_${"A".repeat(43)}`,
      "Bearer",
      `Basic ${Buffer.from("a:b").toString("base64")}`,
    ]) {
      const response = await getTables(authorization);
      expect({ authorization, status: response.status }).toEqual({ authorization, status: 401 });
      expect(await response.json()).toMatchObject({ code: "UNAUTHORIZED" });
    }
  });
});
