/**
 * Joker blackjack seated rounds scripted card by card, through the real dealer and real HTTP
 * (docs/live-tables.md, Decisions; docs/rules/joker-blackjack.md): three guests sit, each round
 * is dealt from a stacked shoe, and each player acts when `tables.get` shows their turn. Between
 * them the rounds take every decision of the game — hit, stand, double, split and re-split,
 * surrender, insurance and even money, a timer running out — and meet a player's joker, a
 * premium and the dealer's joker. Each seat's return is the engine's own settlement of the
 * persisted round (replayed from its log and its shoe), the hole card stays hidden until the
 * dealer's turn, and the books stay clean.
 */
import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, expect, it } from "vitest";

import type { Db } from "@fuda/db";

import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { checkBooks } from "@fuda/ledger";
import { auditLiveTables, isLiveRound } from "@fuda/live";
import { endBetting, setTableStatus, stackShoe } from "@fuda/live/testing";
import { jokerBlackjack } from "@fuda/rules";
import type { Card } from "@fuda/shoe";

import type { Browser, GameApi } from "../http";
import { startGameApi } from "../http";
import { dealingOrder, roundShown, SLUG } from "../joker-blackjack";
import { guest, until } from "./bots";
import { onlyJokerBlackjack } from "./seated-bots";

/** 10 points a seat. */
const STAKE = 1_000;
/** Long enough that a scripted action is never late; the timer that should run out gets 1 s. */
const ACTION_SECONDS = 10;

let database: TestDatabase;
let api: GameApi;
let db: Db;
let tableId: string;
const players: { browser: Browser; seat: number }[] = [];

const setActionSeconds = (actionSeconds: number) =>
  db.table.update({ where: { id: tableId }, data: { settings: { seats: 7, actionSeconds } } });

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  // Only this table deals, and it opens a round only once its shoe is stacked (the test reopens it).
  tableId = await onlyJokerBlackjack(db, { actionSeconds: ACTION_SECONDS, status: "PAUSED" });
  api = await startGameApi({
    databaseUrl: database.url,
    // The window is closed by the test once every seat has bet (endBetting), not by the clock.
    dealing: {
      dealDelayMs: 0,
      resultPauseMs: 0,
      bettingWindowMs: () => 60_000,
      totalsIntervalMs: 20,
    },
  });
  for (const seat of [1, 2, 3]) {
    const browser = await guest(api.baseUrl);
    expect((await browser.trpc("mutation", "seats.sit", { tableId, seat })).status).toBe(200);
    players.push({ browser, seat });
  }
});

afterAll(async () => {
  await api.stop();
  await database.drop();
});

/** A seat's decision in order; `timeout`: the seat lets its timer run out. */
type Turn = readonly [seat: number, action: string];

const wallet = async (browser: Browser): Promise<number> =>
  ((await browser.trpc("query", "wallet.balance")).data as { balance: number }).balance;

/**
 * Deals `deck` to the three seats with the real dealer and plays `turns` through `actions.act`
 * as each turn comes up; returns the settled round's id and each seat's wallet before it.
 */
async function playRound(deck: Card[], turns: readonly Turn[]) {
  await stackShoe(db, SLUG, deck);
  const timesOut = (k: number) => turns[k]?.[1] === "timeout";
  if (timesOut(0)) await setActionSeconds(1);
  await setTableStatus(db, tableId, "OPEN");
  const round = await until(
    "the dealer to open a round",
    async () => (await db.round.findFirst({ where: { tableId, phase: "betting" } })) ?? undefined,
  );
  const before = new Map<number, number>();
  for (const { browser, seat } of players) {
    before.set(seat, await wallet(browser));
    const bet = await browser.trpc("mutation", "bets.place", {
      roundId: round.id,
      bets: [{ bet: "main", seat, amount: STAKE }],
      requestId: randomUUID(),
    });
    expect(bet).toMatchObject({ status: 200 });
  }
  // A pause takes effect between rounds (and bets need an open table): this round is dealt,
  // the next one waits for its stack.
  await setTableStatus(db, tableId, "PAUSED");
  await endBetting(db, round.id);

  for (const [k, [seat, action]] of turns.entries()) {
    const { browser } = players.find((player) => player.seat === seat)!;
    const shown = await until(`seat ${seat}'s turn (${action})`, async () => {
      const view = await roundShown(browser);
      return view?.id === round.id && view.pending?.seat === seat ? view : undefined;
    });
    // The hole card is not on the table while anyone decides.
    expect(shown.cards.map(({ position }) => position)).not.toContain("dealer-2");
    if (action === "timeout") {
      await until(
        `seat ${seat}'s timer to run out`,
        async () =>
          (await db.roundAction.findFirst({
            where: { roundId: round.id, seat, timedOut: true },
          })) ?? undefined,
      );
      await setActionSeconds(ACTION_SECONDS);
      continue;
    }
    expect(shown.pending!.actions).toContain(action);
    // The next decision's timer starts with this action: 1 s when it is to run out.
    if (timesOut(k + 1)) await setActionSeconds(1);
    const acted = await browser.trpc("mutation", "actions.act", {
      roundId: round.id,
      seat,
      action,
      requestId: randomUUID(),
    });
    expect(acted).toMatchObject({ status: 200, data: { seat, action, replayed: false } });
  }
  await until(
    "the round to settle",
    async () =>
      (await db.round.findFirst({ where: { id: round.id, phase: "settled" } })) ?? undefined,
  );
  return { roundId: round.id, before };
}

interface PersistedRound {
  first: number;
  bettors: jokerBlackjack.SeatEntry[];
  log: jokerBlackjack.JokerBlackjackEvent[];
}

/** A stored joker blackjack round as far as the replay reads it: its bettors and its log. */
const isPersistedRound = (json: unknown): json is PersistedRound =>
  isLiveRound(json) &&
  "bettors" in json &&
  Array.isArray(json.bettors) &&
  "log" in json &&
  Array.isArray(json.log);

/**
 * Checks a settled round against the engine: each seat's rows return what the engine's replay of
 * the persisted round settles for it, and each wallet moved by exactly that. Returns the replay's
 * settlements as "seat reason" lines, the actions taken, and the bet rows.
 */
async function checkRound(roundId: string, before: Map<number, number>) {
  const round = await db.round.findUniqueOrThrow({
    where: { id: roundId },
    include: { bets: true, shoe: true, actions: { orderBy: { id: "asc" } } },
  });
  const state = round.state;
  if (!isPersistedRound(state))
    throw new TypeError(`round ${roundId}: state is no joker blackjack round`);
  const engine = jokerBlackjack.replay(
    jokerBlackjack.DEFAULT_CONFIG,
    state.bettors,
    { cards: round.shoe.cards, position: state.first },
    state.log,
  );
  expect(engine.state.phase).toBe("over");
  for (const { browser, seat } of players) {
    const rows = round.bets.filter((bet) => bet.seat === seat);
    expect(rows.every((bet) => bet.status === "settled")).toBe(true);
    const returned = rows.reduce((sum, bet) => sum + Number(bet.returned), 0);
    const staked = rows.reduce((sum, bet) => sum + Number(bet.stake), 0);
    const settled = engine.settlements
      .filter((record) => record.seat === seat)
      .reduce((sum, record) => sum + record.amount, 0);
    expect(returned, `seat ${seat}'s return`).toBe(settled);
    expect(await wallet(browser)).toBe(before.get(seat)! - staked + returned);
  }
  await checkHoleCard(roundId, engine.state.dealer[0]!);
  return {
    settlements: engine.settlements.map((record) => `${record.seat} ${record.reason}`),
    actions: round.actions.map(
      (row) => `${row.seat} ${row.action}${row.timedOut ? " (timed out)" : ""}`,
    ),
    rows: round.bets
      .map((bet) => `${bet.seat} ${bet.bet} ${Number(bet.stake)}`)
      .sort((a, b) => a.localeCompare(b)),
  };
}

/**
 * The hole card is dealt face down (`card.faceDown` carries no card) and shown only after the
 * last decision; until then no event's dealer total counts more than the up card.
 */
async function checkHoleCard(roundId: string, up: Card): Promise<void> {
  const events = (await db.tableEvent.findMany({ where: { roundId }, orderBy: { id: "asc" } })).map(
    (event): Record<string, unknown> => ({
      type: event.type,
      ...(event.payload as Record<string, unknown>),
    }),
  );
  const faceDown = events.findIndex((event) => event.type === "card.faceDown");
  expect(events[faceDown]).toMatchObject({ position: "dealer-2" });
  expect(events[faceDown]).not.toHaveProperty("card");
  const shown = events.findIndex(
    (event) => event.type === "card.dealt" && event.position === "dealer-2",
  );
  expect(shown).toBeGreaterThan(faceDown);
  expect(shown).toBeGreaterThan(events.findLastIndex((event) => event.type === "action.taken"));
  for (const event of events.slice(0, shown)) {
    const totals = event.totals as { dealer?: number } | undefined;
    if (totals?.dealer !== undefined) {
      expect(totals.dealer).toBe(jokerBlackjack.dealerTotal([up]));
    }
  }
}

it("scripted rounds through the API: every decision and joker of the game, each seat's return the engine's settlement, the hole card hidden, books clean", async () => {
  // Seat 1 doubles 11 into 21, seat 2's first card is a joker (2× at once, it stands), seat 3
  // hits 6-7 with an 8: the 678 premium. The dealer stands on 17.
  const first = await playRound(
    dealingOrder({ seats: ["9H 2D", "JK 5D", "6H 7D"], dealer: "9C 8S", draws: "TC 8C" }),
    [
      [1, "double"],
      [2, "stand"],
      [3, "hit"],
    ],
  );
  expect(await checkRound(first.roundId, first.before)).toEqual({
    settlements: ["2 joker", "3 678", "1 win"],
    actions: ["1 double", "2 stand", "3 hit"],
    rows: ["1 double 1000", "1 main 1000", "2 main 1000", "3 main 1000"],
  });

  // Seat 1 splits 8s, splits again, plays three hands; seat 2 surrenders 16 against a T; seat 3
  // lets its timer run out (it stands). The hole card is the joker: every open bet pushes.
  const second = await playRound(
    dealingOrder({
      seats: ["8H 8D", "TH 6C", "9S 8S"],
      dealer: "TD JK",
      draws: "8C TS 9D 2C 7H",
    }),
    [
      [1, "split"],
      [1, "split"],
      [1, "stand"],
      [1, "stand"],
      [1, "hit"],
      [1, "stand"],
      [2, "surrender"],
      [3, "timeout"],
    ],
  );
  expect(await checkRound(second.roundId, second.before)).toEqual({
    settlements: [
      "2 surrender",
      "1 forced push",
      "1 forced push",
      "1 forced push",
      "3 forced push",
    ],
    actions: [
      "1 split",
      "1 split",
      "1 stand",
      "1 stand",
      "1 hit",
      "1 stand",
      "2 surrender",
      "3 stand (timed out)",
    ],
    rows: ["1 main 1000", "1 split 1000", "1 split-2 1000", "2 main 1000", "3 main 1000"],
  });

  // The dealer shows an ace: seat 1's blackjack takes even money, seat 2 insures, seat 3
  // declines; the dealer has blackjack, turned at the check.
  const third = await playRound(
    dealingOrder({ seats: ["AS KH", "9H 7C", "TC 8D"], dealer: "AD KD" }),
    [
      [1, "evenMoney"],
      [2, "insurance"],
      [3, "declineInsurance"],
    ],
  );
  expect(await checkRound(third.roundId, third.before)).toEqual({
    settlements: ["1 even money", "2 insurance", "2 insurance", "3 lose"],
    actions: ["1 evenMoney", "2 insurance", "3 declineInsurance"],
    rows: ["1 main 1000", "2 insurance 500", "2 main 1000", "3 main 1000"],
  });

  expect((await checkBooks(db)).clean).toBe(true);
  expect(await auditLiveTables(db)).toEqual([]);
}, 60_000);
