import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";

import { appRouter, createCallerFactory } from "../src";

import { operator } from "./actors";
import { refusal } from "./refusal";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
const admin = () => createCallerFactory(appRouter)({ db, actor: operator }).admin;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.$executeRaw`
    INSERT INTO users (id, name, email, role, created_at, updated_at)
    VALUES ('p-1', 'Mali', 'p-1@adjust.test', 'player', now(), now())`;
});
afterAll(() => database.drop());

const audited = () => db.auditEntry.count({ where: { action: "players.adjust", targetId: "p-1" } });

describe("admin.players.adjust", () => {
  it("a retried adjustment (same requestId) moves the wallet once, answers as the first time and is audited once", async () => {
    const requestId = randomUUID();
    const adjust = () =>
      admin().players.adjust({ userId: "p-1", amount: 2_500, reason: "goodwill", requestId });
    const first = await adjust();
    expect(first).toMatchObject({ balanceBefore: 0, balance: 2_500 });
    expect(await adjust()).toEqual(first);
    expect(await audited()).toBe(1);
  });

  it("a debit below zero is refused in points, naming amount, with nothing moved or audited", async () => {
    const before = await audited();
    const refused = await refusal(
      admin().players.adjust({ userId: "p-1", amount: -1_000_050, reason: "too much" }),
    );
    expect(refused).toMatchObject({ code: "BAD_REQUEST" });
    expect(refused.message).toBe(
      "amount: a debit of 10,000.50 points would take the wallet below zero (it holds 25 points)",
    );
    expect(await audited()).toBe(before);
    const { player } = await admin().players.get({ userId: "p-1" });
    expect(player.balance).toBe(2_500);
  });
});
