import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";

import type { Actor } from "../src";
import { appRouter, createCallerFactory } from "../src";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  // The key's creator is a user (partner_keys.created_by references users).
  await db.user.create({ data: { id: "admin-1", name: "Admin", email: "admin-1@test.fuda" } });
});
afterAll(() => database.drop());

const caller = () =>
  createCallerFactory(appRouter)({
    db,
    actor: { kind: "operator", userId: "admin-1", role: "admin", signedInAt: Date.now() } as Actor,
  });

describe("partner keys are audited", () => {
  it("create and revoke each write one audit entry, in the change's transaction, never the key", async () => {
    const { key, partnerKey } = await caller().admin.partnerKeys.create({
      partnerId: "acme-stats",
      name: "Acme stats feed",
      scopes: ["feed:read"],
    });
    const revoked = await caller().admin.partnerKeys.revoke({ id: partnerKey.id });
    expect(revoked.revokedAt).not.toBeNull();
    const entries = await db.auditEntry.findMany({
      where: { targetType: "partnerKey", targetId: partnerKey.id },
      orderBy: { id: "asc" },
    });
    expect(entries.map(({ actorId, action }) => ({ actorId, action }))).toEqual([
      { actorId: "admin-1", action: "partnerKeys.create" },
      { actorId: "admin-1", action: "partnerKeys.revoke" },
    ]);
    expect(entries[0]!.before).toBeNull();
    expect(entries[0]!.after).toMatchObject({ id: partnerKey.id, revokedAt: null });
    expect(entries[1]!.before).toMatchObject({ id: partnerKey.id, revokedAt: null });
    expect(entries[1]!.after).toMatchObject({ id: partnerKey.id, revokedAt: revoked.revokedAt });
    expect(JSON.stringify(entries.map(({ before, after }) => [before, after]))).not.toContain(key);
  });

  it("revoking an unknown key is NOT_FOUND and audits nothing", async () => {
    const before = await db.auditEntry.count();
    await expect(
      caller().admin.partnerKeys.revoke({ id: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db.auditEntry.count()).toBe(before);
  });
});
