import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { balance } from "@fuda/ledger";
import { openRound, setTableStatus } from "@fuda/live/testing";

import type { Browser, GameApi } from "../http";
import { signUp, startGameApi } from "../http";

// Bets over real HTTP against rounds opened as the dealer opens them: what a caller gets for a
// slip the rules or the round refuse, and that nothing is reserved for it.
let api: GameApi;
let player: Browser;
let playerId: string;
let baccarat: { roundId: string; tableId: string };
let pokDeng: { roundId: string; tableId: string };

beforeAll(async () => {
  api = await startGameApi();
  player = await signUp(api, "bettor");
  playerId = ((await player.actor()) as { userId: string }).userId;
  baccarat = await openRound(api.db, "baccarat-a");
  pokDeng = await openRound(api.db, "pok-deng");
});
afterAll(() => api.stop());

const place = (roundId: string, bets: unknown[], requestId: string = crypto.randomUUID()) =>
  player.trpc("mutation", "bets.place", { roundId, bets, requestId });

describe("bets.place over HTTP", () => {
  it("accepts a slip, reserves its stakes (a Pok Deng Player bet with its deposit), and the same request id again places nothing more", async () => {
    const before = await balance({ db: api.db, playerId });
    const slip = [
      { bet: "seat", seat: 2, amount: 1_000 },
      { bet: "seatPair", seat: 2, amount: 1_000 },
    ];
    const first = await place(pokDeng.roundId, slip, "same-request");
    expect(first.status).toBe(200);
    const placed = first.data as {
      bets: { reserved: number }[];
      balance: number;
      replayed: boolean;
    };
    const reserved = placed.bets.reduce((sum, bet) => sum + bet.reserved, 0);
    // The Player bet holds its stake and a deposit of the stake again (docs/rules/pok-deng.md).
    expect(reserved).toBe(1_000 * 2 + 1_000);
    expect(placed.balance).toBe(before - reserved);
    const again = await place(pokDeng.roundId, slip, "same-request");
    expect(again.data).toMatchObject({ replayed: true });
    expect(await balance({ db: api.db, playerId })).toBe(before - reserved);
  });

  const refusals: [string, () => string, unknown[], number, RegExp][] = [
    [
      "an unknown round",
      () => "00000000-0000-4000-8000-000000000000",
      [{ bet: "banker", amount: 1_000 }],
      404,
      /roundId/,
    ],
    [
      "a bet id of another game",
      () => baccarat.roundId,
      [{ bet: "seat", seat: 1, amount: 1_000 }],
      400,
      /bets\.0\.(bet|seat)/,
    ],
    [
      "seat 6 at Pok Deng",
      () => pokDeng.roundId,
      [{ bet: "seat", seat: 6, amount: 1_000 }],
      400,
      /bets\.0\.seat/,
    ],
    [
      "a seat on a baccarat bet",
      () => baccarat.roundId,
      [{ bet: "banker", seat: 1, amount: 1_000 }],
      400,
      /bets\.0\.seat/,
    ],
    [
      "an amount below the table's minimum",
      () => baccarat.roundId,
      [{ bet: "banker", amount: 500 }],
      400,
      /bets\.0\.amount/,
    ],
    [
      "an amount above the table's maximum",
      () => baccarat.roundId,
      [{ bet: "tie", amount: 200_000 }],
      400,
      /bets\.0\.amount/,
    ],
    [
      "a part of a point",
      () => baccarat.roundId,
      [{ bet: "banker", amount: 1_050 }],
      400,
      /bets\.0\.amount/,
    ],
    [
      "a negative amount",
      () => baccarat.roundId,
      [{ bet: "banker", amount: -1_000 }],
      400,
      /amount/,
    ],
    ["an empty slip", () => baccarat.roundId, [], 400, /bets/],
  ];
  it.each(refusals)(
    "refuses %s, naming the field, and reserves nothing",
    async (_, roundId, bets, status, field) => {
      const before = await balance({ db: api.db, playerId });
      const reply = await place(roundId(), bets);
      expect(reply.status).toBe(status);
      expect(reply.message).toMatch(field);
      expect(await balance({ db: api.db, playerId })).toBe(before);
    },
  );

  it("refuses a bet at a paused table with BETTING_CLOSED, and reserves nothing", async () => {
    const before = await balance({ db: api.db, playerId });
    await setTableStatus(api.db, baccarat.tableId, "PAUSED");
    try {
      const reply = await place(baccarat.roundId, [{ bet: "banker", amount: 1_000 }]);
      expect(reply).toMatchObject({ status: 409, reason: "BETTING_CLOSED" });
      expect(await balance({ db: api.db, playerId })).toBe(before);
    } finally {
      await setTableStatus(api.db, baccarat.tableId, "OPEN");
    }
  });

  it("bets.undo gives back every open bet of the caller in the round", async () => {
    const before = await balance({ db: api.db, playerId });
    await place(baccarat.roundId, [{ bet: "player", amount: 2_000 }]);
    const undone = await player.trpc("mutation", "bets.undo", { roundId: baccarat.roundId });
    expect(undone.status).toBe(200);
    expect(undone.data).toMatchObject({ bets: 1, refunded: 2_000, balance: before });
  });
});
