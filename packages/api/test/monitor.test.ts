import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import { createBetDesk } from "@fuda/live";
import type { BetDesk, EventHub } from "@fuda/live";
import { newPlayer, openRound } from "@fuda/live/testing";

import type { Actor } from "../src";
import { appRouter, createCallerFactory } from "../src";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let desk: BetDesk;
const hub = {} as EventHub;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  desk = createBetDesk({ db });
  await seed(db);
});
afterAll(async () => {
  await desk.close();
  await database.drop();
});

const caller = (actor: Actor) => createCallerFactory(appRouter)({ db, actor, live: { desk, hub } });

describe("admin.monitor.tables", () => {
  it("shows the round in play with its stakes per bet id, bettors and the Player/Banker exposure", async () => {
    const { roundId, number } = await openRound(db, "baccarat-a");
    const place = async (bets: { bet: string; amount: number }[]) => {
      const player = await newPlayer(db, 10_000_000);
      await caller({ kind: "player", userId: player }).bets.place({
        roundId,
        requestId: randomUUID(),
        bets,
      });
    };
    await place([
      { bet: "banker", amount: 5_000 },
      { bet: "tie", amount: 1_000 },
    ]);
    await place([{ bet: "player", amount: 2_000 }]);
    const tables = await caller({
      kind: "operator",
      userId: "operator-1",
      role: "operator",
      signedInAt: Date.now(),
    }).admin.monitor.tables();
    const table = tables.find((row) => row.slug === "baccarat-a")!;
    expect(table.round).toMatchObject({ id: roundId, number, phase: "betting" });
    expect(table.stakes).toEqual([
      { bet: "banker", total: 5_000, bets: 1 },
      { bet: "player", total: 2_000, bets: 1 },
      { bet: "tie", total: 1_000, bets: 1 },
    ]);
    expect(table.bettors).toBe(2);
    const limits = (await db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } }))
      .limits as Record<string, { max: number }>;
    expect(table.exposure).toEqual({ amount: 3_000, side: "banker", cap: limits.banker!.max });
    // Another table without play: no round, nothing staked, no exposure for Pok Deng.
    const pokDeng = tables.find((row) => row.slug === "pok-deng")!;
    expect(pokDeng).toMatchObject({ round: null, stakes: [], bettors: 0, exposure: null });
  });
});
