/**
 * Chat bets at joker blackjack through the real dealer and real HTTP (docs/rules/joker-blackjack.md,
 * Chat commands): a signed-in player sits, types `100` in the chat during "Please your bet" and
 * holds a 100-point main bet (balance, history and `bets.mine` agree), types `ヒット` in their
 * turn and hits; a number after the window gets the bet slip's own refusal. The other players'
 * lines reach a guest's event stream as `chat.message` events.
 */
import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { checkBooks } from "@fuda/ledger";
import { endBetting, setTableStatus, stackShoe } from "@fuda/live/testing";

import type { Browser, GameApi } from "../http";
import { signUp, startGameApi } from "../http";
import { dealingOrder, roundShown, SLUG } from "../joker-blackjack";
import { guest, until } from "./bots";
import { onlyJokerBlackjack } from "./seated-bots";

let database: TestDatabase;
let api: GameApi;
let db: Db;
let tableId: string;
let player: Browser;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  tableId = await onlyJokerBlackjack(db, { actionSeconds: 30, status: "PAUSED" });
  api = await startGameApi({
    databaseUrl: database.url,
    dealing: { dealDelayMs: 0, resultPauseMs: 0, bettingWindowMs: () => 60_000 },
  });
  player = await signUp(api, "chatter");
  expect((await player.trpc("mutation", "seats.sit", { tableId, seat: 2 })).status).toBe(200);
});

afterAll(async () => {
  await api.stop();
  await database.drop();
});

const say = (browser: Browser, text: string) =>
  browser.trpc("mutation", "chat.send", { tableId, text, requestId: randomUUID() });

const wallet = async (browser: Browser): Promise<number> =>
  ((await browser.trpc("query", "wallet.balance")).data as { balance: number }).balance;

it("`100` in the window is a 100-point main bet, `ヒット` in the turn hits, a late number is refused as the slip refuses it", async () => {
  // Seat 2 holds 9 + 3 against the dealer's 10 up: a hit draws the 5.
  await stackShoe(db, SLUG, dealingOrder({ seats: ["9H 3C"], dealer: "TS 8D", draws: "5C" }));
  await setTableStatus(db, tableId, "OPEN");
  const round = await until(
    "the dealer to open a round",
    async () => (await db.round.findFirst({ where: { tableId, phase: "betting" } })) ?? undefined,
  );
  const before = await wallet(player);

  const bet = await say(player, "100");
  expect(bet).toMatchObject({
    status: 200,
    data: { kind: "bet", roundId: round.id, seat: 2, amount: 10_000, balance: before - 10_000 },
  });
  expect(await wallet(player)).toBe(before - 10_000);
  expect((await player.trpc("query", "bets.mine", { roundId: round.id })).data).toEqual({
    roundId: round.id,
    stakes: [{ bet: "main", seat: 2, amount: 10_000 }],
  });

  await setTableStatus(db, tableId, "PAUSED");
  await endBetting(db, round.id);
  await until("seat 2's turn", async () => {
    const view = await roundShown(player);
    return view?.id === round.id && view.pending?.seat === 2 ? view : undefined;
  });
  // Outside the window a number is the bet slip's own refusal.
  const late = await say(player, "１００");
  const bySlip = await player.trpc("mutation", "bets.place", {
    roundId: round.id,
    bets: [{ bet: "main", seat: 2, amount: 10_000 }],
    requestId: randomUUID(),
  });
  expect(late.status).toBe(409);
  expect({ status: late.status, message: late.message }).toEqual({
    status: bySlip.status,
    message: bySlip.message,
  });

  // The house rules' Japanese word acts in the player's turn. (Wait out the chat's own pace.)
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  const hit = await say(player, "ヒット");
  expect(hit).toMatchObject({ status: 200, data: { kind: "action", seat: 2, action: "hit" } });
  const afterHit = await until("the hit's card", async () => {
    const view = await roundShown(player);
    const seat = (
      view as unknown as { seats: { seat: number; hands: { cards: number[] }[] }[] }
    ).seats.find((entry) => entry.seat === 2);
    return seat?.hands[0]!.cards.length === 3 ? seat : undefined;
  });
  expect(afterHit.hands[0]!.cards).toHaveLength(3);
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  expect(await say(player, "stand")).toMatchObject({
    status: 200,
    data: { kind: "action", action: "stand" },
  });
  await until(
    "the round to settle",
    async () =>
      (await db.round.findFirst({ where: { id: round.id, phase: "settled" } })) ?? undefined,
  );
  const history = await player.trpc("query", "history.mine");
  const rounds = (history.data as { rounds: { roundId: string; bets: { stake: number }[] }[] })
    .rounds;
  expect(rounds.find((entry) => entry.roundId === round.id)?.bets[0]).toMatchObject({
    bet: "main",
    seat: 2,
    stake: 10_000,
  });
  // None of the commands is a line of the chat.
  expect(await db.chatMessage.count({ where: { tableId } })).toBe(0);
  expect((await checkBooks(db)).clean).toBe(true);
});

it("lines reach a guest's table stream as chat.message events, in order, and a guest may not write", async () => {
  const viewer = await guest(api.baseUrl);
  const other = await signUp(api, "neighbour");
  const stop = new AbortController();
  const response = await fetch(
    `${api.baseUrl}/trpc/tables.events?input=${encodeURIComponent(JSON.stringify({ slug: SLUG }))}`,
    { headers: viewer.requestHeaders(), signal: stop.signal },
  );
  let text = "";
  const decoder = new TextDecoder();
  const seen = (async () => {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      text += decoder.decode(chunk, { stream: true });
    }
  })().catch(() => undefined);
  const shows = (words: string) => () => Promise.resolve(text.includes(words) ? true : undefined);
  await until("the stream to open", shows("connected"));
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  expect((await say(player, "good game")).status).toBe(200);
  expect((await say(other, "nice hit")).status).toBe(200);
  await until("both lines on the stream", shows("nice hit"));
  const lines = [...text.matchAll(/"type":"chat\.message".*?"text":"([^"]*)"/g)].map((m) => m[1]);
  expect(lines).toEqual(["good game", "nice hit"]);
  const refused = await say(viewer, "let me in");
  expect(refused.status).toBe(403);
  stop.abort();
  await seen;
});
