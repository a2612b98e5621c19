import { randomUUID } from "node:crypto";

import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import { createBetDesk } from "@fuda/live";
import type { BetDesk, EventHub } from "@fuda/live";
import { closeRound, newPlayer, openRound } from "@fuda/live/testing";

import { appRouter, createCallerFactory } from "../src";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let desk: BetDesk;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  desk = createBetDesk({ db });
});
afterAll(async () => {
  await desk.close();
  await database.drop();
});

const createCaller = createCallerFactory(appRouter);
// The hub is another part's: these procedures never touch it.
const hub = {} as EventHub;
const callerFor = (userId: string, live = true) =>
  createCaller({ db, actor: { kind: "player", userId }, ...(live ? { live: { desk, hub } } : {}) });

const reasonOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const cause = error.cause as { code?: string; details?: unknown } | undefined;
    return {
      code: error.code,
      reason: cause?.code,
      details: cause?.details,
      message: error.message,
    };
  }
  throw new Error("expected a failure");
};

describe("bets.place, bets.undo, history.mine, history.recall", () => {
  it("a player places, undoes, and finds the round in their history", async () => {
    const player = await newPlayer(db, 1_000_000);
    const { roundId } = await openRound(db, "baccarat-a");
    const caller = callerFor(player);
    const requestId = randomUUID();
    const placement = await caller.bets.place({
      roundId,
      requestId,
      bets: [{ bet: "banker", amount: 5_000 }],
    });
    expect(placement).toMatchObject({ roundId, replayed: false, balance: 995_000 });
    expect(
      await caller.bets.place({ roundId, requestId, bets: [{ bet: "banker", amount: 5_000 }] }),
    ).toMatchObject({
      slipId: placement.slipId,
      replayed: true,
    });
    expect(await caller.bets.undo({ roundId })).toEqual({
      roundId,
      bets: 1,
      refunded: 5_000,
      balance: 1_000_000,
    });
    const mine = await caller.history.mine();
    expect(mine.rounds.map((r) => [r.roundId, r.bets[0]?.status])).toEqual([[roundId, "refunded"]]);
    expect(mine.nextCursor).toBeNull();
    expect((await caller.history.recall()).rounds[0]).toMatchObject({
      roundId,
      balanceBefore: 1_000_000,
      balanceAfter: 1_000_000,
    });
  });

  it("refusals keep their domain code: BAD_INPUT 400, BETTING_CLOSED 409, NOT_FOUND 404", async () => {
    const player = await newPlayer(db, 1_000_000);
    const { roundId } = await openRound(db, "pok-deng");
    const caller = callerFor(player);
    const place = (bets: { bet: string; seat?: number; amount: number }[], id = roundId) =>
      caller.bets.place({ roundId: id, requestId: randomUUID(), bets });
    expect(await reasonOf(place([{ bet: "seat", seat: 6, amount: 1_000 }]))).toMatchObject({
      code: "BAD_REQUEST",
      reason: "BAD_INPUT",
      details: { field: "bets.0.seat", rule: "UNKNOWN_SEAT" },
    });
    expect(
      await reasonOf(place([{ bet: "seat", seat: 1, amount: 1_000 }], randomUUID())),
    ).toMatchObject({
      code: "NOT_FOUND",
      reason: "NOT_FOUND",
    });
    // The router's schema refuses before the desk is asked.
    expect(await reasonOf(place([]))).toMatchObject({ code: "BAD_REQUEST" });
    await closeRound(db, roundId);
    expect(await reasonOf(place([{ bet: "seat", seat: 1, amount: 1_000 }]))).toMatchObject({
      code: "CONFLICT",
      reason: "BETTING_CLOSED",
    });
    expect(await reasonOf(caller.bets.undo({ roundId }))).toMatchObject({
      reason: "BETTING_CLOSED",
    });
  });

  it("bets.mine: the caller's stakes in a round per bet id and seat, refunded ones left out", async () => {
    const player = await newPlayer(db, 1_000_000);
    const other = await newPlayer(db, 1_000_000);
    const { roundId } = await openRound(db, "pok-deng");
    const caller = callerFor(player);
    const place = (who: string, bets: { bet: string; seat?: number; amount: number }[]) =>
      callerFor(who).bets.place({ roundId, requestId: randomUUID(), bets });
    expect(await caller.bets.mine({ roundId })).toEqual({ roundId, stakes: [] });
    await place(player, [{ bet: "seat", seat: 2, amount: 1_000 }]);
    await place(player, [
      { bet: "seat", seat: 2, amount: 2_000 },
      { bet: "seatPair", seat: 2, amount: 1_000 },
      { bet: "seat", seat: 4, amount: 1_000 },
    ]);
    await place(other, [{ bet: "seat", seat: 1, amount: 5_000 }]);
    expect(await caller.bets.mine({ roundId })).toEqual({
      roundId,
      stakes: [
        { bet: "seat", seat: 2, amount: 3_000 },
        { bet: "seatPair", seat: 2, amount: 1_000 },
        { bet: "seat", seat: 4, amount: 1_000 },
      ],
    });
    await caller.bets.undo({ roundId });
    expect(await caller.bets.mine({ roundId })).toEqual({ roundId, stakes: [] });
    expect((await callerFor(other).bets.mine({ roundId })).stakes).toEqual([
      { bet: "seat", seat: 1, amount: 5_000 },
    ]);
    expect(await reasonOf(caller.bets.mine({ roundId: randomUUID() }))).toMatchObject({
      code: "NOT_FOUND",
      details: { field: "roundId" },
    });
    expect(await reasonOf(caller.bets.mine({ roundId: "not-a-round" }))).toMatchObject({
      code: "NOT_FOUND",
    });
    const anonymous = createCaller({ db, actor: { kind: "anonymous" }, live: { desk, hub } });
    expect(await reasonOf(anonymous.bets.mine({ roundId }))).toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("without live tables in the process: CONFLICT saying so", async () => {
    const caller = callerFor(await newPlayer(db), false);
    expect(
      await reasonOf(
        caller.bets.place({
          roundId: randomUUID(),
          requestId: "r",
          bets: [{ bet: "tie", amount: 1_000 }],
        }),
      ),
    ).toMatchObject({ code: "CONFLICT", message: "live tables are not running in this process" });
  });

  it("only players: an anonymous caller is UNAUTHORIZED", async () => {
    const anonymous = createCaller({ db, actor: { kind: "anonymous" }, live: { desk, hub } });
    expect(await reasonOf(anonymous.history.recall())).toMatchObject({ code: "UNAUTHORIZED" });
  });
});
