import { createHash } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Browser, GameApi } from "./http";
import { signInAs, startGameApi } from "./http";

let api: GameApi;
let admin: Browser;
beforeAll(async () => {
  api = await startGameApi();
  admin = await signInAs(api, "admin");
});
afterAll(() => api.stop());

interface Created {
  key: string;
  partnerKey: { id: string; start: string; scopes: string[]; lastUsedAt: string | null };
}

async function create(partnerId = "acme-stats"): Promise<Created> {
  const reply = await admin.trpc("mutation", "admin.partnerKeys.create", {
    partnerId,
    name: "Acme stats feed",
    scopes: ["feed:read"],
  });
  expect(reply.status).toBe(200);
  return reply.data as Created;
}

const withKey = (key: string) => api.browser().fork({ authorization: `Bearer ${key}` });

describe("partner API keys", () => {
  it("an admin creates a key: shown once, listed without it, stored only as its SHA-256", async () => {
    const { key, partnerKey } = await create();
    expect(key).toMatch(/^fuda_pk_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(partnerKey.start)).toBe(true);
    expect(partnerKey.scopes).toEqual(["feed:read"]);

    const list = await admin.trpc("query", "admin.partnerKeys.list", { partnerId: "acme-stats" });
    expect(JSON.stringify(list.data)).not.toContain(key);
    expect(list.data).toMatchObject({ keys: [{ id: partnerKey.id, revokedAt: null }] });

    const rows = await api.db.$queryRaw<{ row: string }[]>`
      SELECT row_to_json(k)::text AS row FROM partner_keys k`;
    expect(rows.some(({ row }) => row.includes(key))).toBe(false);
    const stored = await api.db.partnerKey.findUniqueOrThrow({ where: { id: partnerKey.id } });
    expect(stored.keyHash).toBe(createHash("sha256").update(key).digest("hex"));
  });

  it("Bearer <key> makes the caller that partner on the game API, and records the last use once a minute", async () => {
    const { key, partnerKey } = await create("bet-stats");
    expect(partnerKey.lastUsedAt).toBeNull();
    expect(await withKey(key).actor()).toEqual({
      kind: "partner",
      keyId: partnerKey.id,
      partnerId: "bet-stats",
      scopes: ["feed:read"],
    });
    const lastUse = async () =>
      (await api.db.partnerKey.findUniqueOrThrow({ where: { id: partnerKey.id } })).lastUsedAt;
    const first = await lastUse();
    expect(first).not.toBeNull();
    // Stored as UTC like every other timestamp: within a minute of now.
    expect(Math.abs(first!.getTime() - Date.now())).toBeLessThan(60_000);
    // Used again within the minute: nothing written (a partner polling hard writes once a minute).
    await new Promise((resolve) => setTimeout(resolve, 20));
    await withKey(key).actor();
    expect(await lastUse()).toEqual(first);
    // A minute later, the next use is recorded.
    const earlier = new Date(first!.getTime() - 61_000);
    await api.db.partnerKey.update({ where: { id: partnerKey.id }, data: { lastUsedAt: earlier } });
    await withKey(key).actor();
    expect((await lastUse())!.getTime()).toBeGreaterThan(first!.getTime());
  });

  it("a revoked key gets 401 from then on, and stays listed as revoked", async () => {
    const { key, partnerKey } = await create();
    expect((await withKey(key).trpc("query", "health")).status).toBe(200);
    const revoked = await admin.trpc("mutation", "admin.partnerKeys.revoke", { id: partnerKey.id });
    const { id, revokedAt } = revoked.data as { id: string; revokedAt: string | null };
    expect(id).toBe(partnerKey.id);
    expect(Date.parse(revokedAt ?? "")).not.toBeNaN();
    const refused = await withKey(key).trpc("query", "health");
    expect(refused).toMatchObject({ status: 401, code: "UNAUTHORIZED" });
  });

  it("an unknown key or a malformed Authorization header gets 401, never anonymous access", async () => {
    for (const authorization of [`Bearer fuda_pk_${"x".repeat(43)}`, "Bearer", "Token abc"]) {
      const reply = await api.browser().fork({ authorization }).trpc("query", "health");
      expect({ authorization, ...reply }).toMatchObject({
        authorization,
        status: 401,
        code: "UNAUTHORIZED",
        message: "authorization: the API key is unknown or revoked",
      });
    }
  });

  it("bad input names the field and creates nothing; revoking an unknown id is NOT_FOUND", async () => {
    const before = await api.db.partnerKey.count();
    for (const [input, field] of [
      [{ partnerId: "Acme Stats", name: "x" }, "partnerId"],
      [{ partnerId: "acme", name: "" }, "name"],
      // The element that breaks the rule: the first scope.
      [{ partnerId: "acme", name: "x", scopes: ["feed:write"] }, "scopes.0"],
      [{ partnerId: "acme", name: "x", scopes: [] }, "scopes"],
    ] as const) {
      const reply = await admin.trpc("mutation", "admin.partnerKeys.create", input);
      expect({ input, ...reply }).toMatchObject({ input, status: 400, code: "BAD_REQUEST" });
      expect(reply.message?.startsWith(`${field}: `), reply.message).toBe(true);
    }
    expect(await api.db.partnerKey.count()).toBe(before);
    const missing = await admin.trpc("mutation", "admin.partnerKeys.revoke", {
      id: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing).toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      message: "id: no partner key 00000000-0000-4000-8000-000000000000",
    });
  });
});
