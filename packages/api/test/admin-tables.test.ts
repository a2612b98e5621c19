import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";

import type { Actor } from "../src";
import { appRouter, createCallerFactory } from "../src";

import { operator } from "./actors";
import { refusal } from "./refusal";

const player = { kind: "player", userId: "p-1" } satisfies Actor;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
const callerAs = (actor: Actor) => createCallerFactory(appRouter)({ db, actor });

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seed(db);
});
afterAll(() => database.drop());

const tableIdOf = async (slug: string) =>
  (await db.table.findUniqueOrThrow({ where: { slug } })).id;

/** The table row and the audit log and table events, to show a refusal changed nothing. */
const snapshot = async (tableId: string) => ({
  table: await db.table.findUniqueOrThrow({ where: { id: tableId } }),
  audit: await db.auditEntry.count(),
  events: await db.tableEvent.count({ where: { tableId } }),
});

describe("admin.tables.update refuses what the rules refuse, naming the field, changing nothing", () => {
  const cases: [string, (tableId: string) => unknown, RegExp][] = [
    [
      "a limit for a bet the game does not offer",
      (tableId) => ({ tableId, limits: { luckySeven: { min: 1_000, max: 2_000 } } }),
      /^limits\.luckySeven: baccarat offers no bet "luckySeven"/,
    ],
    [
      "min above max",
      (tableId) => ({ tableId, limits: { tie: { min: 5_000, max: 1_000 } } }),
      /^limits\.tie\.max: must not be below min \(5000\)/,
    ],
    [
      "a negative amount",
      (tableId) => ({ tableId, limits: { tie: { min: -100, max: 1_000 } } }),
      /^limits\.tie\.min: must not be negative/,
    ],
    [
      "a countdown of 0 for a live table",
      (tableId) => ({ tableId, countdownSeconds: 0 }),
      /^countdownSeconds: at least 1 second for a live table/,
    ],
    [
      "decks at a baccarat table",
      (tableId) => ({ tableId, settings: { decks: 6 } }),
      /^settings\.decks: only joker blackjack tables take decks/,
    ],
  ];
  it.each(cases)("%s", async (_name, input, message) => {
    const tableId = await tableIdOf("baccarat-a");
    const before = await snapshot(tableId);
    const refused = await refusal(callerAs(operator).admin.tables.update(input(tableId) as never));
    expect(refused.code).toBe("BAD_REQUEST");
    expect(refused.message).toMatch(message);
    expect(await snapshot(tableId)).toEqual(before);
  });

  it("joker blackjack's decks outside 2 to 8 are refused by field", async () => {
    const tableId = await tableIdOf("joker-blackjack");
    const refused = await refusal(
      callerAs(operator).admin.tables.update({ tableId, settings: { decks: 12 } }),
    );
    expect(refused).toEqual({
      code: "BAD_REQUEST",
      message: "settings.decks: a whole number from 2 to 8",
    });
  });
});

describe("admin.tables changes are written with their audit entry and announced", () => {
  it("a limit edit is stored, audited with before, after and reason, and announced as table.updated", async () => {
    const tableId = await tableIdOf("baccarat-b");
    const eventsBefore = await db.tableEvent.count({ where: { tableId } });
    const updated = await callerAs(operator).admin.tables.update({
      tableId,
      limits: { tie: { min: 2_000, max: 50_000 } },
      countdownSeconds: 25,
      reason: "weekend limits",
    });
    expect(updated.limits.tie).toEqual({ min: 2_000, max: 50_000 });
    // The other bets keep their limits.
    expect(updated.limits.player).toEqual({ min: 1_000, max: 1_000_000 });
    expect(updated.countdownSeconds).toBe(25);

    const [entry] = await db.auditEntry.findMany({
      where: { targetId: tableId, action: "tables.update" },
    });
    expect(entry).toMatchObject({ actorId: "op-1", targetType: "table", reason: "weekend limits" });
    expect((entry!.before as { limits: { tie: unknown } }).limits.tie).toEqual({
      min: 1_000,
      max: 100_000,
    });
    expect((entry!.after as { limits: { tie: unknown } }).limits.tie).toEqual({
      min: 2_000,
      max: 50_000,
    });
    expect((entry!.after as { countdownSeconds: number }).countdownSeconds).toBe(25);

    const events = await db.tableEvent.findMany({ where: { tableId }, orderBy: { id: "asc" } });
    expect(events).toHaveLength(eventsBefore + 1);
    expect(events.at(-1)).toMatchObject({
      type: "table.updated",
      payload: { id: tableId, countdownSeconds: 25, status: "open" },
    });
  });

  it("pause then open are audited; pausing a paused table is a CONFLICT that writes nothing", async () => {
    const tableId = await tableIdOf("pok-deng");
    const paused = await callerAs(operator).admin.tables.pause({ tableId });
    expect(paused.status).toBe("paused");
    const before = await snapshot(tableId);
    const again = await refusal(callerAs(operator).admin.tables.pause({ tableId }));
    expect(again).toEqual({ code: "CONFLICT", message: "status: the table is already paused" });
    expect(await snapshot(tableId)).toEqual(before);
    expect((await callerAs(operator).admin.tables.open({ tableId })).status).toBe("open");
    const entries = await callerAs(operator).admin.audit.search({ targetId: tableId });
    expect(entries.entries.map((entry) => entry.action)).toEqual(["tables.open", "tables.pause"]);
    expect(entries.entries[1]).toMatchObject({
      before: { status: "OPEN" },
      after: { status: "PAUSED" },
    });
  });

  it("newShoe flags the table for the dealer, hidden from the settings it shows", async () => {
    const tableId = await tableIdOf("baccarat-a");
    const asked = await callerAs(operator).admin.tables.newShoe({ tableId, reason: "cards worn" });
    expect(asked.newShoeAsked).toBe(true);
    expect(asked.settings).toEqual({});
    const stored = await db.table.findUniqueOrThrow({ where: { id: tableId } });
    expect(stored.settings).toEqual({ newShoe: true });
  });

  it("create checks the whole table: every bet offered needs a limit", async () => {
    const input = {
      slug: "pok-deng-2",
      game: "pok-deng" as const,
      variant: "five-seat",
      name: "Pok Deng 2",
      limits: { seat: { min: 1_000, max: 100_000 } },
      countdownSeconds: 20,
    };
    const refused = await refusal(callerAs(operator).admin.tables.create(input));
    expect(refused).toEqual({
      code: "BAD_REQUEST",
      message: "limits.seatPair: required: every bet the game offers has a limit",
    });
    expect(await db.table.count({ where: { slug: "pok-deng-2" } })).toBe(0);
    const created = await callerAs(operator).admin.tables.create({
      ...input,
      limits: { ...input.limits, seatPair: { min: 1_000, max: 5_000 } },
    });
    expect(created).toMatchObject({ slug: "pok-deng-2", status: "paused", game: "pok-deng" });
    const entries = await callerAs(operator).admin.audit.search({ action: "tables.create" });
    expect(entries.entries[0]).toMatchObject({ targetId: created.id, before: null });
  });
});

describe("a joker blackjack table's Bet Behind limit (docs/rules/joker-blackjack.md, Bet Behind)", () => {
  const input = {
    game: "joker-blackjack" as const,
    variant: "seven-seat",
    countdownSeconds: 15,
    settings: { seats: 7 },
  };

  it("may be left out: bets behind are then capped by the main limit", async () => {
    const created = await callerAs(operator).admin.tables.create({
      ...input,
      slug: "joker-blackjack-main-only",
      name: "Joker Blackjack main only",
      limits: { main: { min: 1_000, max: 100_000 } },
    });
    expect(created.limits).toEqual({ main: { min: 1_000, max: 100_000 } });
  });

  it("is checked like any limit when given", async () => {
    const refused = await refusal(
      callerAs(operator).admin.tables.create({
        ...input,
        slug: "joker-blackjack-behind",
        name: "Joker Blackjack behind",
        limits: { main: { min: 1_000, max: 100_000 }, behind: { min: 5_000, max: 1_000 } },
      }),
    );
    expect(refused).toEqual({
      code: "BAD_REQUEST",
      message: "limits.behind.max: must not be below min (5000)",
    });
    const created = await callerAs(operator).admin.tables.create({
      ...input,
      slug: "joker-blackjack-behind",
      name: "Joker Blackjack behind",
      limits: { main: { min: 1_000, max: 100_000 }, behind: { min: 1_000, max: 50_000 } },
    });
    expect(created.limits).toMatchObject({ behind: { min: 1_000, max: 50_000 } });
  });
});

describe("admin.audit.search", () => {
  it("pages newest first with a cursor", async () => {
    const first = await callerAs(operator).admin.audit.search({ limit: 2 });
    expect(first.entries).toHaveLength(2);
    expect(first.nextCursor).not.toBeNull();
    const second = await callerAs(operator).admin.audit.search({
      limit: 2,
      cursor: first.nextCursor!,
    });
    const ids = [...first.entries, ...second.entries].map((entry) => BigInt(entry.id));
    expect(ids).toEqual([...ids].sort((a, b) => (a > b ? -1 : 1)));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("refuses a limit above 100 and a player's session", async () => {
    expect(
      (await refusal(callerAs(operator).admin.audit.search({ limit: 101 }))).message,
    ).toContain("limit: at most 100");
    expect((await refusal(callerAs(player).admin.audit.search({}))).code).toBe("FORBIDDEN");
    expect((await refusal(callerAs(player).admin.tables.list())).code).toBe("FORBIDDEN");
  });
});
