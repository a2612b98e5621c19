/**
 * The operators' table changes reach the running tables over HTTP: a limit lowered by
 * `admin.tables.update` refuses the next bet above it; a paused table refuses bets.
 */
import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import { openRound } from "@fuda/live/testing";

import type { Browser, GameApi } from "./http";
import { signInAs, signUp, startGameApi } from "./http";

let api: GameApi;
let operator: Browser;
let player: Browser;

beforeAll(async () => {
  api = await startGameApi();
  await seed(api.db);
  operator = await signInAs(api, "operator");
  player = await signUp(api, "player");
});
afterAll(() => api.stop());

const tieBet = (roundId: string, points: number) =>
  player.trpc("mutation", "bets.place", {
    roundId,
    bets: [{ bet: "tie", amount: points * 100 }],
    requestId: randomUUID(),
  });

describe("operators' table changes at a live table", () => {
  it("a tie limit lowered to 50 points refuses a 60-point tie bet in the round already open", async () => {
    const round = await openRound(api.db, "baccarat-a");
    expect((await tieBet(round.roundId, 60)).status).toBe(200);
    const edit = await operator.trpc("mutation", "admin.tables.update", {
      tableId: round.tableId,
      limits: { tie: { min: 1_000, max: 5_000 } },
      reason: "lower tie",
    });
    expect(edit.status).toBe(200);
    // Limits are per player per round: the 60 points already placed count against the new max.
    const refused = await tieBet(round.roundId, 1);
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(
      "bets.0.amount: Tie: 61 points is above the table maximum of 50 points",
    );
    const next = await openRound(api.db, "baccarat-a");
    expect(await tieBet(next.roundId, 60)).toMatchObject({ status: 400 });
    expect(await tieBet(next.roundId, 50)).toMatchObject({ status: 200 });
  });

  it("a paused table refuses bets on its open round", async () => {
    const round = await openRound(api.db, "baccarat-b");
    const paused = await operator.trpc("mutation", "admin.tables.pause", {
      tableId: round.tableId,
    });
    expect(paused).toMatchObject({ status: 200, data: { status: "paused" } });
    const refused = await tieBet(round.roundId, 10);
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/paused/i);
  });
});
