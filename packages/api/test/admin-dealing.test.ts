import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";

import type { Actor } from "../src";
import { appRouter, createCallerFactory } from "../src";

import { operator } from "./actors";
import { refusal } from "./refusal";

const anyone = { kind: "anonymous" } satisfies Actor;

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

describe("a table's dealing mode (docs/studio.md)", () => {
  it("every table view says who deals it: automatic unless an operator set studio", async () => {
    const tables = await callerAs(operator).admin.tables.list();
    expect(new Set(tables.map((table) => table.dealing))).toEqual(new Set(["automatic"]));
  });

  it("admin.tables.update sets studio dealing and its settings, audited and announced", async () => {
    const tableId = await tableIdOf("pok-deng");
    const updated = await callerAs(operator).admin.tables.update({
      tableId,
      dealing: "studio",
      settings: { enterBurns: true, silentSeconds: 45 },
      reason: "studio opens",
    });
    expect(updated).toMatchObject({
      dealing: "studio",
      settings: { enterBurns: true, silentSeconds: 45 },
    });

    const [entry] = await db.auditEntry.findMany({
      where: { targetId: tableId, action: "tables.update" },
    });
    expect(entry).toMatchObject({ actorId: "op-1", reason: "studio opens" });
    expect(entry!.before).toMatchObject({ dealing: "automatic" });
    expect(entry!.after).toMatchObject({
      dealing: "studio",
      settings: { enterBurns: true, silentSeconds: 45 },
    });

    const announced = await db.tableEvent.findFirstOrThrow({
      where: { tableId, type: "table.updated" },
      orderBy: { id: "desc" },
    });
    expect(announced.payload).toMatchObject({ id: tableId, dealing: "studio" });

    const caller = callerAs(anyone);
    const listed = (await caller.tables.list()).find((table) => table.id === tableId);
    expect(listed?.dealing).toBe("studio");
    const detail = await caller.tables.get({ slug: "pok-deng" });
    expect(detail.table.dealing).toBe("studio");

    const back = await callerAs(operator).admin.tables.update({ tableId, dealing: "automatic" });
    expect(back.dealing).toBe("automatic");
    // The studio settings stay for the next time the table is studio-dealt.
    expect(back.settings).toMatchObject({ enterBurns: true, silentSeconds: 45 });
  });

  const refused: [string, string, Record<string, unknown>, string][] = [
    [
      "studio dealing of the quick game",
      "quick-baccarat",
      { dealing: "studio" },
      "dealing: the quick game is not dealt at a studio",
    ],
    [
      "a mode that is neither",
      "baccarat-a",
      { dealing: "robot" },
      "dealing: one of automatic, studio",
    ],
    [
      "a silent console alert under 5 seconds",
      "baccarat-a",
      { settings: { silentSeconds: 2 } },
      "settings.silentSeconds: a whole number from 5 to 600",
    ],
    [
      "burn entry that is not true or false",
      "baccarat-a",
      { settings: { enterBurns: "yes" } },
      "settings.enterBurns: true or false",
    ],
  ];
  it.each(refused)("refuses %s, changing nothing", async (_name, slug, edit, message) => {
    const tableId = await tableIdOf(slug);
    const before = await db.table.findUniqueOrThrow({ where: { id: tableId } });
    const answer = await refusal(callerAs(operator).admin.tables.update({ tableId, ...edit }));
    expect(answer.code).toBe("BAD_REQUEST");
    // The input's shape errors come as zod's issues, the rules' as one message: both name it.
    expect(answer.message).toContain(message);
    expect(await db.table.findUniqueOrThrow({ where: { id: tableId } })).toEqual(before);
  });
});
