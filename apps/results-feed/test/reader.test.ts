import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDb, seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";

import { FEED_READER_ROLE, readerUrl } from "../src/reader";
import { createFeedServer } from "../src/server";
import { newPartnerKey } from "./partner";

let database: TestDatabase;
let reader: Db;
let server: ReturnType<typeof createFeedServer>;
let baseUrl: string;
let keyId: string;
let authorization: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  const key = await newPartnerKey(database.db);
  keyId = key.partnerKey.id;
  authorization = `Bearer ${key.key}`;
  // The feed as main.ts starts it: on the reader role's connections.
  reader = createDb(readerUrl(database.url));
  server = createFeedServer({ db: reader, rateLimit: { perSecond: 10_000, burst: 10_000 } });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await reader.$disconnect();
  await database.drop();
});

describe("the feed's read-only database role", () => {
  it("works as fuda_feed_reader on every connection", async () => {
    const rows = await reader.$queryRaw<{ role: string }[]>`SELECT current_user::text AS role`;
    expect(rows).toEqual([{ role: FEED_READER_ROLE }]);
  });

  it("refuses an INSERT, an UPDATE and a DELETE through the feed's connection", async () => {
    await expect(
      reader.$executeRaw`INSERT INTO tables (id, slug, name, game, variant)
                         VALUES (${randomUUID()}::uuid, 'forged', 'Forged', 'BACCARAT', 'x')`,
    ).rejects.toThrow(/permission denied/);
    await expect(reader.$executeRaw`UPDATE tables SET name = 'Forged'`).rejects.toThrow(
      /permission denied/,
    );
    await expect(reader.$executeRaw`DELETE FROM partner_keys`).rejects.toThrow(/permission denied/);
    // Of a partner key, only its last use may be written, nothing else.
    await expect(
      reader.$executeRaw`UPDATE partner_keys SET revoked_at = now() WHERE id = ${keyId}::uuid`,
    ).rejects.toThrow(/permission denied/);
    expect(await database.db.table.count({ where: { slug: "forged" } })).toBe(0);
  });

  it("cannot read sign-in secrets: e-mails, sessions, password hashes, TOTP secrets, throttles", async () => {
    for (const table of [
      "sessions",
      "accounts",
      "verifications",
      "two_factors",
      "auth_throttles",
    ]) {
      await expect(
        reader.$queryRawUnsafe(`SELECT 1 FROM "${table}" LIMIT 1`),
        table,
      ).rejects.toThrow(/permission denied/);
    }
    await expect(reader.$queryRaw`SELECT email FROM users LIMIT 1`).rejects.toThrow(
      /permission denied/,
    );
    // What the feed does read stays readable: keys, and a seated player's public name.
    await expect(reader.$queryRaw`SELECT id FROM partner_keys LIMIT 1`).resolves.toBeDefined();
    await expect(reader.$queryRaw`SELECT id, name FROM users LIMIT 1`).resolves.toBeDefined();
  });

  it("may write of the webhooks only a delivery's state and its attempts, as the deliverer does", async () => {
    await expect(
      reader.$executeRaw`INSERT INTO webhook_events (id, type, payload)
                         VALUES (${randomUUID()}::uuid, 'round.settled', '{}')`,
    ).rejects.toThrow(/permission denied/);
    await expect(
      reader.$executeRaw`UPDATE webhook_endpoints SET url = 'https://forged.example'`,
    ).rejects.toThrow(/permission denied/);
    await expect(reader.$executeRaw`DELETE FROM webhook_deliveries`).rejects.toThrow(
      /permission denied/,
    );
    await expect(
      reader.$executeRaw`UPDATE webhook_deliveries SET endpoint_id = ${randomUUID()}::uuid`,
    ).rejects.toThrow(/permission denied/);
    // What the deliverer's claim and record statements need (no rows yet: nothing changes).
    await reader.$queryRaw`SELECT id FROM webhook_deliveries FOR UPDATE SKIP LOCKED`;
    await reader.$executeRaw`UPDATE webhook_deliveries SET attempts = attempts + 1,
      status = 'delivered', delivered_at = now(), next_attempt_at = NULL, failed_at = NULL`;
  });

  it("serves every route on it, recording the key's last use", async () => {
    for (const path of [
      "/v1/tables",
      "/v1/tables/baccarat-a",
      "/v1/rounds",
      "/v1/stats",
      "/v1/health",
    ]) {
      const response = await fetch(`${baseUrl}${path}`, { headers: { authorization } });
      expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
    }
    const key = await database.db.partnerKey.findUniqueOrThrow({ where: { id: keyId } });
    expect(key.lastUsedAt).not.toBeNull();
  });
});
