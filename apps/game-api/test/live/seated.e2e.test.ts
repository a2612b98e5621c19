/**
 * Joker blackjack seated play through the real runtime and real HTTP (docs/live-tables.md,
 * Decisions): three bot players sit, bet in the window and act on their turns from what
 * `tables.get` shows them (the legal actions and the timer); one of them lets its timer run out
 * now and then. Every settled round's returns are the game's settlement of the persisted round,
 * and the books stay clean.
 */
import { afterAll, beforeAll, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { checkBooks } from "@fuda/ledger";
import { auditLiveTables, definitionOf, liveRoundFromJson } from "@fuda/live";

import type { GameApi } from "../http";
import { startGameApi } from "../http";
import { guest, until } from "./bots";
import { onlyJokerBlackjack, playSeated, seatBots } from "./seated-bots";

let api: GameApi;
let db: Db;
let tableId: string;

beforeAll(async () => {
  api = await startGameApi({
    dealing: { dealDelayMs: 0, resultPauseMs: 0, bettingWindowMs: () => 600 },
  });
  db = api.db;
  // Only joker blackjack deals in this test; its timer is the shortest the settings allow.
  tableId = await onlyJokerBlackjack(db, { actionSeconds: 1 });
});

afterAll(() => api.stop());

it("three bots play seated rounds: actions on their turns, a timeout stands, each seat's return is the game's settlement of the persisted round, books clean", async () => {
  const browsers = await Promise.all([1, 2, 3].map(() => guest(api.baseUrl)));
  const bots = await seatBots(browsers, tableId, { idleEvery: 3 });
  const stop = new AbortController();
  const playing = playSeated(bots, {
    slug: "joker-blackjack",
    stake: 1_000,
    signal: stop.signal,
    thinkMs: [0, 0],
  });
  await until(
    "twelve settled joker blackjack rounds",
    async () =>
      (await db.round.count({ where: { tableId, phase: "settled", bets: { some: {} } } })) >= 12
        ? true
        : undefined,
    120_000,
  );
  stop.abort();
  const { taken, refused } = await playing;
  await until("the round in play to end", async () =>
    (await db.round.count({
      where: { tableId, phase: { in: ["betting", "dealing"] }, bets: { some: {} } },
    })) === 0
      ? true
      : undefined,
  );

  // None refused but by the clock: every action was legal when the bot read it. On a loaded
  // machine a bot can read its turn late in its one second, after the timer ran out (409), or
  // after the timeout ended the round.
  const byTheClock =
    / 409 (action: the seat's time to act has run out|seat: it is seat \d+'s turn|seat: the round waits for no decision|roundId: round \S+ is settled, not dealing)/;
  expect(
    refused.filter((reply) => reply.startsWith("actions.act") && !byTheClock.test(reply)),
  ).toEqual([]);
  for (const action of ["hit", "stand", "double"]) expect(taken.get(action)).toBeGreaterThan(0);
  const timeouts = await db.roundAction.count({ where: { timedOut: true, round: { tableId } } });
  expect(timeouts).toBeGreaterThan(0);

  const definition = definitionOf({ game: "JOKER_BLACKJACK", variant: "seven-seat" })!;
  const rounds = await db.round.findMany({
    where: { tableId, phase: "settled" },
    include: { bets: true },
  });
  for (const round of rounds) {
    const bets = round.bets.map((bet) => ({
      bet: bet.bet,
      amount: Number(bet.stake),
      ...(bet.seat === null ? {} : { seat: bet.seat }),
    }));
    const returns = definition.settle(liveRoundFromJson(round.state), bets);
    expect(round.bets.map((bet) => Number(bet.returned))).toEqual(returns);
    expect(round.bets.every((bet) => bet.status === "settled")).toBe(true);
  }
  expect((await checkBooks(db)).clean).toBe(true);
  expect(await auditLiveTables(db)).toEqual([]);
}, 180_000);
