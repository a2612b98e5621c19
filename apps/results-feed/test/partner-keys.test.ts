import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { revokePartnerKey } from "@fuda/auth";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";

import { createFeedServer } from "../src/server";
import { newPartnerKey } from "./partner";

let database: TestDatabase;
let server: ReturnType<typeof createFeedServer>;
let baseUrl: string;

/** Small enough to spend in a test; the bucket refills one request in 60 s, long after it. */
const rateLimit = { perSecond: 1 / 60, burst: 3 };

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  server = createFeedServer({ db: database.db, rateLimit });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.drop();
});

const get = (path: string, authorization?: string) =>
  fetch(`${baseUrl}${path}`, {
    headers: authorization === undefined ? {} : { authorization },
  });

async function expectProblem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  const body = (await response.json()) as Record<string, unknown>;
  expect(body).toMatchObject({ type: "about:blank", status, code });
  expect(typeof body.title).toBe("string");
  expect(typeof body.detail).toBe("string");
  return body;
}

describe("partner keys on the results feed", () => {
  it("a live key is accepted as a Bearer token and its use is recorded", async () => {
    const { key, partnerKey } = await newPartnerKey(database.db);
    expect(partnerKey.lastUsedAt).toBeNull();
    const response = await get("/v1/tables", `Bearer ${key}`);
    expect(response.status).toBe(200);
    const row = await database.db.partnerKey.findUniqueOrThrow({ where: { id: partnerKey.id } });
    expect(row.lastUsedAt).not.toBeNull();
  });

  it("every /v1 route needs a key: without one, 401 problem+json with a Bearer challenge", async () => {
    for (const path of ["/v1/tables", "/v1/health", "/v1/nope", "/v1"]) {
      const response = await get(path);
      expect(response.headers.get("www-authenticate"), path).toBe('Bearer realm="feed"');
      const body = await expectProblem(response, 401, "UNAUTHORIZED");
      expect(body.detail, path).toMatch(/Authorization: Bearer/);
    }
  });

  it("a revoked, unknown or malformed key gets 401 problem+json", async () => {
    const { key, partnerKey } = await newPartnerKey(database.db);
    await revokePartnerKey({ db: database.db, id: partnerKey.id });
    for (const authorization of [
      `Bearer ${key}`,
      `Bearer fuda_pk_${"A".repeat(43)}`,
      "Bearer",
      `Basic ${Buffer.from("a:b").toString("base64")}`,
    ]) {
      const response = await get("/v1/tables", authorization);
      expect(response.headers.get("www-authenticate"), authorization).toMatch(/invalid_token/);
      const body = await expectProblem(response, 401, "UNAUTHORIZED");
      expect(body.reason, authorization).toBe("UNAUTHENTICATED");
    }
  });

  it("a key revoked while in use is refused within a second (the feed keeps live keys half a second)", async () => {
    const { key, partnerKey } = await newPartnerKey(database.db);
    expect((await get("/v1/tables", `Bearer ${key}`)).status).toBe(200);
    await revokePartnerKey({ db: database.db, id: partnerKey.id });
    const revokedAt = Date.now();
    while ((await get("/v1/tables", `Bearer ${key}`)).status !== 401) {
      expect(Date.now() - revokedAt).toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });

  it("over its rate a key gets 429 problem+json with Retry-After; other keys are not slowed", async () => {
    const first = await newPartnerKey(database.db);
    for (let i = 0; i < rateLimit.burst; i++) {
      expect((await get("/v1/tables", `Bearer ${first.key}`)).status).toBe(200);
    }
    const refused = await get("/v1/tables", `Bearer ${first.key}`);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    await expectProblem(refused, 429, "TOO_MANY_REQUESTS");
    const second = await newPartnerKey(database.db, "other-partner");
    expect((await get("/v1/tables", `Bearer ${second.key}`)).status).toBe(200);
  });

  it("refusals spend no tokens: a refused key does not drain another's bucket", async () => {
    const { key } = await newPartnerKey(database.db);
    for (let i = 0; i < rateLimit.burst + 2; i++) {
      expect((await get("/v1/tables", "Bearer fuda_pk_unknown")).status).toBe(401);
    }
    expect((await get("/v1/tables", `Bearer ${key}`)).status).toBe(200);
  });
});
