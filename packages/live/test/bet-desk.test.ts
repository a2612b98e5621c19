import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDb } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { FudaError } from "@fuda/errors";
import { balance, checkBooks } from "@fuda/ledger";
import { pokDengDefinition } from "@fuda/rules";

import { auditLiveTables, createBetDesk } from "../src";
import type { BetDesk } from "../src";
import { closeRound, newPlayer, openRound, setTableStatus } from "./fixtures";
import { betsOf, failure, inPlay, reservesOf } from "./helpers";

let database: TestDatabase;
let db: Db;
let desk: BetDesk;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { poolSize: 8 });
  desk = createBetDesk({ db });
});
afterAll(async () => {
  await desk.close();
  await db.$disconnect();
  await database.drop();
});

const POINT = 100;
const GRANT = 1_000_000;
const request = () => randomUUID();

describe("an accepted slip", () => {
  it("baccarat: one reservation of the slip's total, one open bet row per bet", async () => {
    const player = await newPlayer(db);
    const { roundId } = await openRound(db, "baccarat-a");
    const placement = await desk.place({
      playerId: player,
      roundId,
      requestId: request(),
      bets: [
        { bet: "banker", amount: 100 * POINT },
        { bet: "tie", amount: 10 * POINT },
      ],
    });
    expect(placement).toMatchObject({ roundId, replayed: false, balance: GRANT - 110 * POINT });
    expect(placement.bets.map((b) => [b.bet, b.seat, b.amount, b.reserved])).toEqual([
      ["banker", null, 100 * POINT, 100 * POINT],
      ["tie", null, 10 * POINT, 10 * POINT],
    ]);
    const rows = await betsOf(db, roundId);
    expect(rows.map((row) => [row.id, row.status, row.slipId])).toEqual(
      placement.bets.map((bet) => [bet.id, "open", placement.slipId]),
    );
    expect(await reservesOf(db, roundId)).toEqual([
      { id: `reserve/${roundId}/${placement.slipId}`, betId: placement.slipId },
    ]);
    expect(await inPlay(db, player, roundId)).toBe(110 * POINT);
    expect(await balance({ db, playerId: player })).toBe(GRANT - 110 * POINT);
  });

  it("Pok Deng: a seat bet reserves its stake and deposit (reservedFor), a pair bet its stake", async () => {
    const player = await newPlayer(db);
    const { roundId } = await openRound(db, "pok-deng");
    const seat = { bet: "seat", seat: 3, amount: 50 * POINT };
    const pair = { bet: "seatPair", seat: 3, amount: 10 * POINT };
    const placement = await desk.place({
      playerId: player,
      roundId,
      requestId: request(),
      bets: [seat, pair],
    });
    const expected = [pokDengDefinition().reservedFor(seat), pokDengDefinition().reservedFor(pair)];
    expect(expected).toEqual([100 * POINT, 10 * POINT]);
    expect(placement.bets.map((bet) => bet.reserved)).toEqual(expected);
    expect((await betsOf(db, roundId)).map((row) => [row.seat, row.reserved])).toEqual([
      [3, 100 * POINT],
      [3, 10 * POINT],
    ]);
    expect(await inPlay(db, player, roundId)).toBe(110 * POINT);
    expect(placement.balance).toBe(GRANT - 110 * POINT);
  });
});

/** Places and expects a refusal: the error, and nothing reserved or recorded for the player. */
async function refused(
  player: string,
  roundId: string,
  bets: { bet: string; seat?: number; amount: number }[],
): Promise<FudaError> {
  const before = await balance({ db, playerId: player });
  const rowsBefore = (await betsOf(db, roundId)).filter((row) => row.playerId === player).length;
  const error = await failure(
    desk.place({ playerId: player, roundId, requestId: request(), bets }),
  );
  expect(error).toBeInstanceOf(FudaError);
  expect(await balance({ db, playerId: player })).toBe(before);
  expect((await betsOf(db, roundId)).filter((row) => row.playerId === player)).toHaveLength(
    rowsBefore,
  );
  return error as FudaError;
}

describe("refusals name the field and the rule, and reserve nothing", () => {
  it("limits come from the table's row: below the minimum, above the maximum", async () => {
    const player = await newPlayer(db);
    const { roundId, tableId } = await openRound(db, "baccarat-b");
    const table = await db.table.findUniqueOrThrow({ where: { id: tableId } });
    const limits = table.limits as Record<string, { min: number; max: number }>;
    await db.table.update({
      where: { id: tableId },
      data: { limits: { ...limits, tie: { min: 20 * POINT, max: 50 * POINT } } },
    });
    try {
      const low = await refused(player, roundId, [{ bet: "tie", amount: 10 * POINT }]);
      expect(low).toMatchObject({
        code: "BAD_INPUT",
        details: { field: "bets.0.amount", rule: "BELOW_MIN" },
      });
      expect(low.message).toMatch(/^bets\.0\.amount: /);
      const high = await refused(player, roundId, [{ bet: "tie", amount: 60 * POINT }]);
      expect(high).toMatchObject({ details: { field: "bets.0.amount", rule: "ABOVE_MAX" } });
    } finally {
      await db.table.update({ where: { id: tableId }, data: { limits } });
    }
  });

  it("the maximum is on the player's total in the round: earlier bets count", async () => {
    const player = await newPlayer(db);
    const { roundId } = await openRound(db, "baccarat-a");
    await desk.place({
      playerId: player,
      roundId,
      requestId: request(),
      bets: [{ bet: "tie", amount: 600 * POINT }],
    });
    const error = await refused(player, roundId, [
      { bet: "banker", amount: 10 * POINT },
      { bet: "tie", amount: 500 * POINT },
    ]);
    expect(error).toMatchObject({ details: { field: "bets.1.amount", rule: "ABOVE_MAX" } });
    // Up to the maximum is fine.
    await desk.place({
      playerId: player,
      roundId,
      requestId: request(),
      bets: [{ bet: "tie", amount: 400 * POINT }],
    });
  });

  it("an unknown round is NOT_FOUND naming roundId", async () => {
    const player = await newPlayer(db);
    for (const roundId of [randomUUID(), "not-a-round"]) {
      const error = await failure(
        desk.place({
          playerId: player,
          roundId,
          requestId: request(),
          bets: [{ bet: "banker", amount: 10 * POINT }],
        }),
      );
      expect(error).toMatchObject({ code: "NOT_FOUND", details: { field: "roundId" } });
      expect((error as Error).message).toBe(`roundId: no round ${roundId}`);
    }
  });

  it("another game's bet id, a seat on baccarat, seat 6 on Pok Deng", async () => {
    const player = await newPlayer(db);
    const baccarat = await openRound(db, "baccarat-a");
    const pokDeng = await openRound(db, "pok-deng");
    expect(
      await refused(player, baccarat.roundId, [{ bet: "seat", seat: 1, amount: 10 * POINT }]),
    ).toMatchObject({ code: "BAD_INPUT", details: { rule: "SEAT_NOT_ALLOWED" } });
    expect(
      await refused(player, baccarat.roundId, [{ bet: "seatPair", amount: 10 * POINT }]),
    ).toMatchObject({ details: { field: "bets.0.bet", rule: "BET_NOT_OFFERED" } });
    expect(
      await refused(player, baccarat.roundId, [{ bet: "banker", seat: 2, amount: 10 * POINT }]),
    ).toMatchObject({ details: { field: "bets.0.seat", rule: "SEAT_NOT_ALLOWED" } });
    expect(
      await refused(player, pokDeng.roundId, [{ bet: "seat", seat: 6, amount: 10 * POINT }]),
    ).toMatchObject({ details: { field: "bets.0.seat", rule: "UNKNOWN_SEAT" } });
    expect(
      await refused(player, pokDeng.roundId, [{ bet: "banker", seat: 1, amount: 10 * POINT }]),
    ).toMatchObject({ details: { field: "bets.0.bet", rule: "BET_NOT_OFFERED" } });
  });

  it("the exposure cap counts every player's Player and Banker stakes at the table", async () => {
    const [first, second] = [await newPlayer(db), await newPlayer(db)];
    const { roundId } = await openRound(db, "baccarat-a");
    await desk.place({
      playerId: first,
      roundId,
      requestId: request(),
      bets: [{ bet: "banker", amount: 10_000 * POINT }],
    });
    expect(await refused(second, roundId, [{ bet: "banker", amount: 10 * POINT }])).toMatchObject({
      details: { field: "bets.0.amount", rule: "EXPOSURE_CAP" },
    });
    // The other side brings the table back within the cap.
    await desk.place({
      playerId: second,
      roundId,
      requestId: request(),
      bets: [{ bet: "player", amount: 100 * POINT }],
    });
  });

  it("bad input: request id length, slip size, amounts and seats", async () => {
    const player = await newPlayer(db);
    const { roundId } = await openRound(db, "pok-deng");
    const place = (patch: object) =>
      failure(
        desk.place({
          playerId: player,
          roundId,
          requestId: request(),
          bets: [{ bet: "seat", seat: 1, amount: 10 * POINT }],
          ...patch,
        }),
      );
    const cases: [object, string][] = [
      [{ requestId: "" }, "requestId"],
      [{ requestId: "x".repeat(65) }, "requestId"],
      [{ bets: [] }, "bets"],
      [
        { bets: Array.from({ length: 21 }, () => ({ bet: "seat", seat: 1, amount: POINT })) },
        "bets",
      ],
      [{ bets: [{ bet: "seat", seat: 1, amount: 1.5 }] }, "bets.0.amount"],
      [{ bets: [{ bet: "seat", seat: 1, amount: -100 }] }, "bets.0.amount"],
      [{ bets: [{ bet: "seat", seat: 1, amount: 2 ** 60 }] }, "bets.0.amount"],
      [{ bets: [{ bet: "seat", seat: 1.5, amount: 100 }] }, "bets.0.seat"],
    ];
    for (const [patch, field] of cases) {
      const error = await place(patch);
      expect(error).toMatchObject({ code: "BAD_INPUT", details: { field } });
      expect((error as Error).message.startsWith(`${field}: `)).toBe(true);
    }
    expect(await balance({ db, playerId: player })).toBe(GRANT);
  });
});

describe("a player's pace", () => {
  it("past the pace a slip is refused RATE_LIMITED naming bets and the wait, and reserves nothing; undos count too", async () => {
    const paced = createBetDesk({ db, pace: { perSecond: 1, burst: 2 } });
    try {
      const player = await newPlayer(db);
      const { roundId } = await openRound(db, "baccarat-a");
      const slip = () => ({
        playerId: player,
        roundId,
        requestId: request(),
        bets: [{ bet: "banker", amount: 10 * POINT }],
      });
      await paced.place(slip());
      await paced.undo({ playerId: player, roundId });
      const refused = (await failure(paced.place(slip()))) as Error;
      expect(refused).toMatchObject({
        code: "RATE_LIMITED",
        details: { field: "bets", rule: "TOO_FAST" },
      });
      // Up to a second, to a tenth: right after the two, "1.0 s".
      expect(refused.message).toMatch(
        /^bets: at most 1 slips a second \(2 at once\): wait (0\.\d|1\.0) s$/,
      );
      // The first slip, undone; nothing of the refused one.
      expect((await betsOf(db, roundId)).map((row) => row.status)).toEqual(["refunded"]);
      expect(await balance({ db, playerId: player })).toBe(GRANT);
      // Another player is not paced by this one.
      await paced.place({ ...slip(), playerId: await newPlayer(db) });
    } finally {
      await paced.close();
    }
  });
});

describe("betting closed", () => {
  it("round.closed tells the stakes per bet and the bettors, an undone bet left out", async () => {
    const [ann, ben, cat] = [await newPlayer(db), await newPlayer(db), await newPlayer(db)];
    const { roundId } = await openRound(db, "baccarat-a");
    const place = (playerId: string, bets: { bet: string; amount: number }[]) =>
      desk.place({ playerId, roundId, requestId: request(), bets });
    await place(ann, [
      { bet: "banker", amount: 10 * POINT },
      { bet: "tie", amount: 10 * POINT },
    ]);
    await place(ben, [{ bet: "banker", amount: 25 * POINT }]);
    await place(ben, [{ bet: "player", amount: 15 * POINT }]);
    await place(cat, [{ bet: "player", amount: 40 * POINT }]);
    await desk.undo({ playerId: cat, roundId });
    await closeRound(db, roundId);
    const [closed] = await db.tableEvent.findMany({ where: { roundId, type: "round.closed" } });
    expect(closed!.payload).toEqual({
      roundId,
      number: expect.any(Number) as number,
      stakes: { banker: 35 * POINT, tie: 10 * POINT, player: 15 * POINT },
      bettors: 2,
    });
  });

  it("a round closed by the dealer, a passed window, a paused table: BETTING_CLOSED naming roundId", async () => {
    const player = await newPlayer(db);
    const bet = [{ bet: "banker", amount: 10 * POINT }];
    const closed = await openRound(db, "baccarat-a");
    await closeRound(db, closed.roundId);
    const late = await refused(player, closed.roundId, bet);
    expect(late).toMatchObject({ code: "BETTING_CLOSED", details: { roundId: closed.roundId } });
    expect(late.message).toContain(closed.roundId);

    const passed = await openRound(db, "baccarat-a", { closesIn: -1 });
    expect(await refused(player, passed.roundId, bet)).toMatchObject({ code: "BETTING_CLOSED" });

    const paused = await openRound(db, "baccarat-a");
    await setTableStatus(db, paused.tableId, "PAUSED");
    try {
      expect(await refused(player, paused.roundId, bet)).toMatchObject({ code: "BETTING_CLOSED" });
    } finally {
      await setTableStatus(db, paused.tableId, "OPEN");
    }
  });
});

describe("one batch, many callers", () => {
  it("insufficient funds for one caller: the others in the same transaction are placed", async () => {
    const rich = [await newPlayer(db), await newPlayer(db)];
    const poor = await newPlayer(db, 5 * POINT);
    const { roundId } = await openRound(db, "baccarat-b");
    const bets = [{ bet: "player", amount: 10 * POINT }];
    // Same tick: one batch.
    const results = await Promise.allSettled(
      [rich[0]!, poor, rich[1]!].map((playerId) =>
        desk.place({ playerId, roundId, requestId: request(), bets }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({
      code: "INSUFFICIENT_FUNDS",
      details: { balance: 5 * POINT, amount: 10 * POINT },
    });
    expect((await betsOf(db, roundId)).map((row) => row.playerId).sort()).toEqual(rich.sort());
    expect(await balance({ db, playerId: poor })).toBe(5 * POINT);
  });

  it("a slip whose judging throws fails only its caller", async () => {
    const player = await newPlayer(db);
    const good = await openRound(db, "baccarat-a");
    const broken = await openRound(db, "baccarat-b");
    const table = await db.table.findUniqueOrThrow({ where: { id: broken.tableId } });
    // Limits the rules cannot read (no entry for the bet): the rules throw, not refuse.
    await db.table.update({ where: { id: broken.tableId }, data: { limits: {} } });
    try {
      const bets = [{ bet: "banker", amount: 10 * POINT }];
      const [ok, bad] = await Promise.allSettled([
        desk.place({ playerId: player, roundId: good.roundId, requestId: request(), bets }),
        desk.place({ playerId: player, roundId: broken.roundId, requestId: request(), bets }),
      ]);
      expect(ok.status).toBe("fulfilled");
      expect(bad.status).toBe("rejected");
      expect(await inPlay(db, player, broken.roundId)).toBe(0);
    } finally {
      await db.table.update({
        where: { id: broken.tableId },
        data: { limits: table.limits as object },
      });
    }
  });

  it("a failing database fails every caller of the batch with its own error", async () => {
    const down = createDb("postgresql://postgres@127.0.0.1:1/nowhere");
    const downDesk = createBetDesk({ db: down, transaction: { maxWait: 2_000, timeout: 2_000 } });
    try {
      const bets = [{ bet: "banker", amount: 10 * POINT }];
      const errors = await Promise.all(
        [1, 2, 3].map(() =>
          failure(
            downDesk.place({ playerId: "p", roundId: randomUUID(), requestId: request(), bets }),
          ),
        ),
      );
      expect(errors[0]).toBeDefined();
      expect(errors[0]).not.toBeInstanceOf(FudaError);
      expect(errors[1]).toBe(errors[0]);
      expect(errors[2]).toBe(errors[0]);
    } finally {
      await downDesk.close();
      await down.$disconnect();
    }
  });
});

describe("the same request id is one placement", () => {
  it("sent again later: the first placement, replayed, nothing reserved again", async () => {
    const player = await newPlayer(db);
    const { roundId } = await openRound(db, "baccarat-a");
    const input = {
      playerId: player,
      roundId,
      requestId: request(),
      bets: [{ bet: "banker", amount: 25 * POINT }],
    };
    const first = await desk.place(input);
    const again = await desk.place(input);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await betsOf(db, roundId)).toHaveLength(1);
    expect(await reservesOf(db, roundId)).toHaveLength(1);
    expect(await balance({ db, playerId: player })).toBe(GRANT - 25 * POINT);
  });

  it("sent many times at once, in one batch and through two desks: placed once", async () => {
    const player = await newPlayer(db);
    const { roundId } = await openRound(db, "baccarat-b");
    const other = createBetDesk({ db });
    try {
      const input = {
        playerId: player,
        roundId,
        requestId: request(),
        bets: [{ bet: "player", amount: 10 * POINT }],
      };
      const placements = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? desk : other).place(input)),
      );
      expect(placements.filter((p) => !p.replayed)).toHaveLength(1);
      expect(new Set(placements.map((p) => p.slipId)).size).toBe(1);
      expect(await betsOf(db, roundId)).toHaveLength(1);
      expect(await balance({ db, playerId: player })).toBe(GRANT - 10 * POINT);
    } finally {
      await other.close();
    }
  });
});

describe("undo", () => {
  it("refunds each of the caller's open bets of a betting round, nobody else's", async () => {
    const [player, other] = [await newPlayer(db), await newPlayer(db)];
    const { roundId } = await openRound(db, "pok-deng");
    for (const playerId of [player, player, other]) {
      await desk.place({
        playerId,
        roundId,
        requestId: request(),
        bets: [{ bet: "seat", seat: 2, amount: 10 * POINT }],
      });
    }
    const undo = await desk.undo({ playerId: player, roundId });
    expect(undo).toEqual({ roundId, bets: 2, refunded: 40 * POINT, balance: GRANT });
    const rows = await betsOf(db, roundId);
    expect(rows.filter((r) => r.playerId === player).map((r) => [r.status, r.returned])).toEqual([
      ["refunded", 20 * POINT],
      ["refunded", 20 * POINT],
    ]);
    expect(rows.find((r) => r.playerId === other)!.status).toBe("open");
    expect(await inPlay(db, player, roundId)).toBe(0);
    // Nothing left to undo.
    expect(await desk.undo({ playerId: player, roundId })).toMatchObject({ bets: 0, refunded: 0 });
    expect(await checkBooks(db)).toMatchObject({ clean: true });
  });

  it("the stakes kept per bet id follow placements and undos: an undone stake leaves the exposure cap", async () => {
    const [first, second] = [await newPlayer(db), await newPlayer(db)];
    const { roundId } = await openRound(db, "baccarat-a");
    const big = [{ bet: "banker", amount: 10_000 * POINT }];
    await desk.place({ playerId: first, roundId, requestId: request(), bets: big });
    expect(await refused(second, roundId, [{ bet: "banker", amount: 10 * POINT }])).toMatchObject({
      details: { rule: "EXPOSURE_CAP" },
    });
    await desk.undo({ playerId: first, roundId });
    await desk.place({
      playerId: second,
      roundId,
      requestId: request(),
      bets: [{ bet: "banker", amount: 10 * POINT }],
    });
    const kept = await db.$queryRaw<{ bet: string; total: bigint }[]>`
      SELECT bet, total FROM round_stakes WHERE round_id = ${roundId}::uuid ORDER BY bet`;
    expect(kept).toEqual([{ bet: "banker", total: BigInt(10 * POINT) }]);
    // (The fixture's rounds end without the dealer's events: only the stakes' lines matter here.)
    const stakeLines = async () =>
      (await auditLiveTables(db)).filter((line) => line.includes(" kept at "));
    expect(await stakeLines()).toEqual([]);
    // The audit compares them with the open bets: a kept total that drifted is reported.
    await db.$executeRaw`UPDATE round_stakes SET total = total + 1 WHERE round_id = ${roundId}::uuid`;
    expect(await stakeLines()).toEqual([
      `round ${roundId}: banker kept at ${10 * POINT + 1}, its open bets stake ${10 * POINT}`,
    ]);
    await db.$executeRaw`UPDATE round_stakes SET total = total - 1 WHERE round_id = ${roundId}::uuid`;
  });

  it("each player's own stakes are kept too: limits read them, the audit checks them", async () => {
    const player = await newPlayer(db);
    const { roundId } = await openRound(db, "baccarat-b");
    const place = (bets: { bet: string; amount: number }[]) =>
      desk.place({ playerId: player, roundId, requestId: request(), bets });
    await place([{ bet: "banker", amount: 10 * POINT }]);
    await place([
      { bet: "banker", amount: 15 * POINT },
      { bet: "tie", amount: 10 * POINT },
    ]);
    const kept = () =>
      db.$queryRaw<{ bet: string; seat: number | null; total: bigint }[]>`
        SELECT bet, seat, total FROM round_player_stakes
        WHERE round_id = ${roundId}::uuid AND player_id = ${player} ORDER BY bet`;
    expect(await kept()).toEqual([
      { bet: "banker", seat: null, total: BigInt(25 * POINT) },
      { bet: "tie", seat: null, total: BigInt(10 * POINT) },
    ]);
    // What the slip is judged against: the demo table's Tie maximum is 1,000 points a player,
    // and the 10 already staked count.
    expect(await refused(player, roundId, [{ bet: "tie", amount: 995 * POINT }])).toMatchObject({
      details: { field: "bets.0.amount" },
    });
    await desk.undo({ playerId: player, roundId });
    expect(await kept()).toEqual([
      { bet: "banker", seat: null, total: 0n },
      { bet: "tie", seat: null, total: 0n },
    ]);
    const stakeLines = async () =>
      (await auditLiveTables(db)).filter((line) => line.includes(" kept at "));
    expect(await stakeLines()).toEqual([]);
    await db.$executeRaw`UPDATE round_player_stakes SET total = total + 1
      WHERE round_id = ${roundId}::uuid AND player_id = ${player} AND bet = 'tie'`;
    expect(await stakeLines()).toEqual([
      `round ${roundId}: tie of ${player} kept at 1, their open bets stake 0`,
    ]);
    await db.$executeRaw`UPDATE round_player_stakes SET total = total - 1
      WHERE round_id = ${roundId}::uuid AND player_id = ${player} AND bet = 'tie'`;
  });

  it("after the close: BETTING_CLOSED, the bets stay in the round", async () => {
    const player = await newPlayer(db);
    const { roundId } = await openRound(db, "baccarat-a");
    await desk.place({
      playerId: player,
      roundId,
      requestId: request(),
      bets: [{ bet: "tie", amount: 10 * POINT }],
    });
    await closeRound(db, roundId);
    expect(await failure(desk.undo({ playerId: player, roundId }))).toMatchObject({
      code: "BETTING_CLOSED",
    });
    expect((await betsOf(db, roundId))[0]!.status).toBe("open");
    expect(await inPlay(db, player, roundId)).toBe(10 * POINT);
  });
});
