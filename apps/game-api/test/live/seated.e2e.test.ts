/**
 * Joker blackjack seated play through the real runtime and real HTTP (docs/live-tables.md,
 * Decisions): three bot players sit, bet in the window and act on their turns from what
 * `tables.get` shows them (the legal actions and the timer); one of them lets its timer run out
 * now and then. Every settled round's returns are the game's settlement of the persisted round,
 * and the books stay clean.
 */
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";

import { afterAll, beforeAll, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { seed } from "@fuda/db";
import { checkBooks } from "@fuda/ledger";
import { auditLiveTables, definitionOf } from "@fuda/live";
import type { LiveRound } from "@fuda/rules";

import type { Browser, GameApi } from "../http";
import { startGameApi } from "../http";
import { guest, until } from "./bots";

let api: GameApi;
let db: Db;
let tableId: string;

beforeAll(async () => {
  api = await startGameApi({
    dealing: { dealDelayMs: 0, resultPauseMs: 0, bettingWindowMs: () => 600 },
  });
  db = api.db;
  await seed(db);
  // Only joker blackjack deals in this test; its timer is the shortest the settings allow.
  await db.table.updateMany({
    where: { slug: { not: "joker-blackjack" } },
    data: { status: "CLOSED" },
  });
  const table = await db.table.update({
    where: { slug: "joker-blackjack" },
    data: { settings: { seats: 7, actionSeconds: 1 } },
  });
  tableId = table.id;
});

afterAll(() => api.stop());

interface Pending {
  seat: number;
  kind: string;
  actions: string[];
  actsBy: string | null;
}

interface RoundView {
  id: string;
  phase: string;
  pending: Pending | null;
}

/** The actions a bot takes when legal, tried in a turning order: every kind gets taken somewhere. */
const PREFERENCES: readonly (readonly string[])[] = [
  ["split", "double", "evenMoney", "hit", "stand"],
  ["insurance", "surrender", "hit", "stand"],
  ["declineInsurance", "double", "stand", "hit"],
];

interface Bot {
  browser: Browser;
  seat: number;
  preferences: readonly string[];
  /** Lets its timer run out on every third turn. */
  idles: boolean;
}

/** Actions refused: none should be, every one was legal when the bot read it. */
const refusals: string[] = [];

async function play(bot: Bot, stop: AbortSignal, taken: Map<string, number>): Promise<void> {
  let betOn = "";
  let turns = 0;
  let actedOn = "";
  while (!stop.aborted) {
    const reply = await bot.browser
      .trpc("query", "tables.get", { slug: "joker-blackjack" })
      .catch(() => ({ data: undefined }));
    const round = (reply.data as { round: RoundView | null } | undefined)?.round ?? null;
    if (round?.phase === "betting" && betOn !== round.id) {
      betOn = round.id;
      await bot.browser.trpc("mutation", "bets.place", {
        roundId: round.id,
        bets: [{ bet: "main", seat: bot.seat, amount: 1_000 }],
        requestId: `bet-${round.id}-${bot.seat}`,
      });
    }
    const pending = round?.pending;
    const key = `${round?.id}/${pending?.kind}/${pending?.actsBy}`;
    if (round !== null && pending?.seat === bot.seat && key !== actedOn) {
      actedOn = key;
      turns += 1;
      if (bot.idles && turns % 3 === 0) continue;
      // The preferences turn by one each turn: over a few rounds every kind of action comes up.
      const order = bot.preferences.map(
        (_, k) => bot.preferences[(k + turns) % bot.preferences.length]!,
      );
      const action =
        order.find((preferred) => pending.actions.includes(preferred)) ?? pending.actions[0]!;
      const acted = await bot.browser.trpc("mutation", "actions.act", {
        roundId: round.id,
        seat: bot.seat,
        action,
        requestId: randomUUID(),
      });
      if (acted.status === 200) taken.set(action, (taken.get(action) ?? 0) + 1);
      else refusals.push(`${action}: ${acted.status} ${acted.message}`);
    }
    await sleep(20);
  }
}

it("three bots play seated rounds: actions on their turns, a timeout stands, each seat's return is the game's settlement of the persisted round, books clean", async () => {
  const browsers = await Promise.all([1, 2, 3].map(() => guest(api.baseUrl)));
  const bots: Bot[] = browsers.map((browser, i) => ({
    browser,
    seat: i + 1,
    preferences: PREFERENCES[i]!,
    idles: i === 1,
  }));
  for (const bot of bots) {
    const sat = await bot.browser.trpc("mutation", "seats.sit", { tableId, seat: bot.seat });
    expect(sat.status).toBe(200);
  }
  const stop = new AbortController();
  const taken = new Map<string, number>();
  const playing = Promise.all(bots.map((bot) => play(bot, stop.signal, taken)));
  await until(
    "twelve settled joker blackjack rounds",
    async () =>
      (await db.round.count({ where: { tableId, phase: "settled", bets: { some: {} } } })) >= 12
        ? true
        : undefined,
    120_000,
  );
  stop.abort();
  await playing;
  await until("the round in play to end", async () =>
    (await db.round.count({
      where: { tableId, phase: { in: ["betting", "dealing"] }, bets: { some: {} } },
    })) === 0
      ? true
      : undefined,
  );

  expect(refusals).toEqual([]);
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
    const returns = definition.settle(round.state as unknown as LiveRound, bets);
    expect(round.bets.map((bet) => Number(bet.returned))).toEqual(returns);
    expect(round.bets.every((bet) => bet.status === "settled")).toBe(true);
  }
  expect((await checkBooks(db)).clean).toBe(true);
  expect(await auditLiveTables(db)).toEqual([]);
}, 180_000);
