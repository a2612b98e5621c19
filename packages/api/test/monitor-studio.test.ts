import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import { balance, checkBooks } from "@fuda/ledger";
import { createBetDesk, studioCard, studioClose, studioOpen } from "@fuda/live";
import type { BetDesk, EventHub } from "@fuda/live";
import { newPlayer } from "@fuda/live/testing";

import type { Actor } from "../src";
import { appRouter, createCallerFactory } from "../src";
import { monitorTables } from "../src/domain/monitor";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let desk: BetDesk;
let tableId: string;
const hub = {} as EventHub;
const dealerId = "dealer-monitor";
const operator = {
  kind: "operator",
  userId: "operator-1",
  role: "operator",
  signedInAt: Date.now(),
} satisfies Actor;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  desk = createBetDesk({ db });
  await seed(db);
  tableId = (await db.table.findUniqueOrThrow({ where: { slug: "baccarat-b" } })).id;
  await db.table.update({
    where: { id: tableId },
    data: { dealing: "studio", settings: { silentSeconds: 20 } },
  });
  await db.user.create({
    data: { id: dealerId, name: "Mali", email: "mali@studio.test", role: "dealer" },
  });
  await db.tableDealer.create({ data: { tableId, dealerId, assignedBy: "admin" } });
});
afterAll(async () => {
  await desk.close();
  await database.drop();
});

const caller = (actor: Actor) => createCallerFactory(appRouter)({ db, actor, live: { desk, hub } });
const call = () => ({ dealerId, tableId, consoleId: "console-m", requestId: randomUUID() });
const monitored = async () =>
  (await caller(operator).admin.monitor.tables()).find((table) => table.slug === "baccarat-b")!;

/** The monitor as it will read `seconds` from now (the console's actions are append-only). */
const monitoredIn = async (seconds: number) =>
  (await monitorTables({ db, now: new Date(Date.now() + seconds * 1_000) })).find(
    (table) => table.slug === "baccarat-b",
  )!;

describe("admin.monitor.tables at a studio table (docs/studio.md, Faults)", () => {
  it("shows the console, raises Console silent in a live round, and the round is cancelled from there", async () => {
    await studioCard(db, { ...call(), card: "5C" });
    let table = await monitored();
    expect(table.dealing).toBe("studio");
    expect(table.studio).toMatchObject({
      console: { dealerId, dealerName: "Mali" },
      silentSeconds: 20,
      silentFor: null,
    });
    expect(table.alerts).toEqual([]);
    // Other tables have no studio.
    const other = (await caller(operator).admin.monitor.tables()).find(
      (row) => row.slug === "baccarat-a",
    )!;
    expect(other).toMatchObject({ dealing: "automatic", studio: null, alerts: [] });

    const opened = await studioOpen(db, call());
    const roundId = opened.round!.id;
    const player = await newPlayer(db, 100_000);
    await caller({ kind: "player", userId: player }).bets.place({
      roundId,
      requestId: randomUUID(),
      bets: [{ bet: "banker", amount: 10_000 }],
    });
    await studioClose(db, call());
    await studioCard(db, { ...call(), card: "8D" });
    table = await monitored();
    expect(table.round).toMatchObject({ id: roundId, phase: "dealing" });
    expect(table.alerts).toEqual([]);

    expect((await monitoredIn(15)).alerts).toEqual([]);
    const silent = await monitoredIn(25);
    expect(silent.studio?.silentFor).toBeGreaterThanOrEqual(24);
    expect(silent.alerts.map((alert) => alert.kind)).toEqual(["consoleSilent"]);
    expect(silent.alerts[0]!.message).toMatch(
      /^Console silent for 2\d s \(the table allows 20 s\)$/,
    );

    const cancelled = await caller(operator).admin.rounds.cancel({
      roundId,
      reason: "console silent",
    });
    expect(cancelled).toMatchObject({ roundId, refunds: 1, refunded: 10_000 });
    expect(await balance({ db, playerId: player })).toBe(100_000);
    expect(await checkBooks(db)).toMatchObject({ clean: true });
    table = await monitored();
    expect(table.round).toMatchObject({ id: roundId, phase: "cancelled" });
    expect(table.alerts).toEqual([]);
  });

  it("a betting window still open is no silence: the countdown closes it", async () => {
    const opened = await studioOpen(db, call());
    const closesIn = (Date.parse(opened.round!.closesAt) - Date.now()) / 1_000;
    const table = await monitoredIn(Math.floor(closesIn) - 1);
    expect(table.round?.phase).toBe("betting");
    expect(table.studio?.silentFor).toBeNull();
    expect(table.alerts).toEqual([]);
  });
});
