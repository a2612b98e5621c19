/**
 * Joker blackjack's pay table as a table setting (docs/operators.md, Pay table): partial edits
 * merged over the table's own, refused by the rules naming the premium, audited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import { jokerBlackjack } from "@fuda/rules";

import { appRouter, createCallerFactory } from "../src";

import { operator } from "./actors";
import { refusal } from "./refusal";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let tableId: string;
const caller = () => createCallerFactory(appRouter)({ db, actor: operator });

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seed(db);
  tableId = (await db.table.findUniqueOrThrow({ where: { slug: "joker-blackjack" } })).id;
});
afterAll(() => database.drop());

const stored = async () =>
  (await db.table.findUniqueOrThrow({ where: { id: tableId } })).settings as {
    payTable?: jokerBlackjack.PayTable;
  };

describe("admin.tables.update: a joker blackjack table's pay table", () => {
  it("merges a partial edit over the rule book's, stores it whole and audits before and after", async () => {
    const updated = await caller().admin.tables.update({
      tableId,
      settings: { payTable: { premiums: { "Three 7s": 8, "A to 6": 40 } } },
      reason: "house edge back",
    });
    const expected = {
      premiums: { ...jokerBlackjack.DEFAULT_PAY_TABLE.premiums, "Three 7s": 8, "A to 6": 40 },
      playerJoker: 2,
    };
    expect(updated.settings.payTable).toEqual(expected);
    expect((await stored()).payTable).toEqual(expected);
    const [entry] = await db.auditEntry.findMany({
      where: { targetId: tableId, action: "tables.update" },
    });
    expect(entry).toMatchObject({ actorId: "op-1", reason: "house edge back" });
    expect((entry!.before as { settings: object }).settings).not.toHaveProperty("payTable");
    expect((entry!.after as { settings: { payTable: unknown } }).settings.payTable).toEqual(
      expected,
    );
  });

  it("a second edit keeps the pays it does not name; other settings are kept", async () => {
    await caller().admin.tables.update({ tableId, settings: { payTable: { playerJoker: 1.5 } } });
    const { payTable, ...rest } = (await stored()) as Record<string, unknown>;
    expect(payTable).toMatchObject({ playerJoker: 1.5, premiums: { "Three 7s": 8, "A to 6": 40 } });
    expect(rest).toMatchObject({ seats: 7 });
  });

  it.each([
    [
      { premiums: { "Three 7s": -2 } },
      /^settings\.payTable\.premiums\.Three 7s: a multiple of 0\.5 from 1 to 1000/,
    ],
    [{ premiums: { "678": 2.25 } }, /^settings\.payTable\.premiums\.678: a multiple of 0\.5/],
    [{ premiums: { Royal: 5 } }, /^settings\.payTable\.premiums\.Royal: no such premium/],
    [{ playerJoker: 0 }, /^settings\.payTable\.playerJoker: a multiple of 0\.5 from 1 to 100/],
  ])("refuses %j as BAD_REQUEST naming the field, changing nothing", async (payTable, message) => {
    const before = await db.table.findUniqueOrThrow({ where: { id: tableId } });
    const audits = await db.auditEntry.count();
    const refused = await refusal(
      caller().admin.tables.update({ tableId, settings: { payTable } }),
    );
    expect(refused.code).toBe("BAD_REQUEST");
    expect(refused.message).toMatch(message);
    expect(await db.table.findUniqueOrThrow({ where: { id: tableId } })).toEqual(before);
    expect(await db.auditEntry.count()).toBe(audits);
  });

  it("a baccarat table takes no pay table", async () => {
    const baccarat = (await db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } })).id;
    const refused = await refusal(
      caller().admin.tables.update({
        tableId: baccarat,
        settings: { payTable: { playerJoker: 2 } },
      }),
    );
    expect(refused).toEqual({
      code: "BAD_REQUEST",
      message: "settings.payTable: only joker blackjack tables take payTable",
    });
  });

  it("create takes a pay table too, stored whole", async () => {
    const created = await caller().admin.tables.create({
      slug: "joker-blackjack-2",
      game: "joker-blackjack",
      variant: "seven-seat",
      name: "Joker Blackjack 2",
      limits: { main: { min: 1_000, max: 100_000 } },
      countdownSeconds: 15,
      settings: { seats: 7, payTable: { premiums: { "Perfect Smile": 20 } } },
    });
    expect(created.settings.payTable).toEqual({
      premiums: { ...jokerBlackjack.DEFAULT_PAY_TABLE.premiums, "Perfect Smile": 20 },
      playerJoker: 2,
    });
  });
});
