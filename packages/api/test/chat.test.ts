/**
 * The table chat's procedures on a real database (docs/chat.md): who writes, paces, text rules,
 * the history, moderation with its audit, and joker blackjack's chat bets through the bet path.
 */
import { randomUUID } from "node:crypto";

import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Actor } from "@fuda/auth";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import { createBetDesk, createChatDesk, readEvents } from "@fuda/live";
import type { BetDesk, ChatDesk, EventHub } from "@fuda/live";
import { closeRound, newPlayer, openRound } from "@fuda/live/testing";

import { appRouter, createCallerFactory } from "../src";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let desk: BetDesk;
let chat: ChatDesk;
let operatorId: string;
let tableId: string;
let jokerTableId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  desk = createBetDesk({ db });
  chat = createChatDesk({ db, sweepEveryMs: 0 });
  await openRound(db, "baccarat-a");
  tableId = (await db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } })).id;
  jokerTableId = (await db.table.findUniqueOrThrow({ where: { slug: "joker-blackjack" } })).id;
  operatorId = `operator-${randomUUID()}`;
  await db.user.create({
    data: { id: operatorId, name: "Floor", email: `${operatorId}@test.fuda`, role: "operator" },
  });
});
afterAll(async () => {
  await chat.close();
  await desk.close();
  await database.drop();
});

const createCaller = createCallerFactory(appRouter);
// The hub is another part's: these procedures never touch it.
const hub = {} as EventHub;
const callerOf = (actor: Actor) => createCaller({ db, actor, live: { desk, hub, chat } });
const player = (userId: string) => callerOf({ kind: "player", userId });
const operator = () =>
  callerOf({ kind: "operator", userId: operatorId, role: "operator", signedInAt: Date.now() });

const refusal = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    const cause = error.cause as { code?: string; details?: Record<string, unknown> } | undefined;
    return {
      code: error.code,
      reason: cause?.code,
      details: cause?.details,
      message: error.message,
    };
  }
  throw new Error("expected a refusal");
};

const say = (userId: string, text: string, table = tableId) =>
  player(userId).chat.send({ tableId: table, text, requestId: randomUUID() });

const namedPlayer = async (name: string, amount?: number) => {
  const id = await newPlayer(db, amount);
  await db.user.update({ where: { id }, data: { name } });
  return id;
};

describe("chat.send and chat.history", () => {
  it("posts lines in order, as events too, and a retried request posts nothing twice", async () => {
    const aiko = await namedPlayer("Aiko");
    const ben = await namedPlayer("Ben");
    const first = await say(aiko, "  こんにちは   <b>everyone</b> ");
    expect(first).toMatchObject({ kind: "message", line: { name: "Aiko", role: "player" } });
    if (first.kind !== "message") throw new Error("a line");
    expect(first.line.text).toBe("こんにちは everyone");
    const requestId = randomUUID();
    const second = await player(ben).chat.send({ tableId, text: "good luck", requestId });
    const again = await player(ben).chat.send({ tableId, text: "good luck", requestId });
    expect(again).toEqual(second);

    const history = await callerOf({ kind: "anonymous" }).chat.history({ tableId });
    const mine = history.lines.filter((line) => [aiko, ben].includes(line.userId));
    expect(mine.map((line) => line.text)).toEqual(["こんにちは everyone", "good luck"]);
    const events = (await readEvents(db, { afterId: 0n, tableId })).filter(
      (event) => event.type === "chat.message" && [aiko, ben].includes(event.payload.userId),
    );
    expect(events.map((event) => event.type === "chat.message" && event.payload.text)).toEqual([
      "こんにちは everyone",
      "good luck",
    ]);
  });

  it("pages older lines with nextCursor, newest last", async () => {
    const table = (await db.table.findUniqueOrThrow({ where: { slug: "pok-deng" } })).id;
    const writers = await Promise.all([1, 2, 3].map((n) => namedPlayer(`Writer ${n}`)));
    for (const [n, writer] of writers.entries()) await say(writer, `line ${n + 1}`, table);
    const anonymous = callerOf({ kind: "anonymous" });
    const newest = await anonymous.chat.history({ tableId: table, limit: 2 });
    expect(newest.lines.map((line) => line.text)).toEqual(["line 2", "line 3"]);
    const older = await anonymous.chat.history({
      tableId: table,
      limit: 2,
      cursor: newest.nextCursor!,
    });
    expect(older).toMatchObject({ lines: [{ text: "line 1" }], nextCursor: null });
  });

  it("refuses a flood with the wait, storing nothing of it", async () => {
    const flooder = await namedPlayer("Flood");
    for (const n of [1, 2, 3]) await say(flooder, `burst ${n}`);
    const refused = await refusal(say(flooder, "burst 4"));
    expect(refused).toMatchObject({
      code: "TOO_MANY_REQUESTS",
      reason: "RATE_LIMITED",
      details: { rule: "TOO_FAST", field: "text" },
    });
    expect(refused.details!.retryAfterMs).toBeGreaterThan(0);
    expect(refused.details!.retryAfterMs).toBeLessThanOrEqual(1_000);
    const stored = await db.chatMessage.findMany({ where: { userId: flooder } });
    expect(stored.map((line) => line.text)).toEqual(["burst 1", "burst 2", "burst 3"]);
  });

  it("refuses guests, empty text, HTML-only text and more than 200 characters", async () => {
    expect(
      await refusal(
        callerOf({ kind: "anonymous" }).chat.send({ tableId, text: "hi", requestId: "a" }),
      ),
    ).toMatchObject({ code: "UNAUTHORIZED", details: { rule: "SIGN_IN_TO_CHAT" } });
    const guest = await newPlayer(db);
    await db.user.update({ where: { id: guest }, data: { isAnonymous: true } });
    expect(await refusal(say(guest, "hi"))).toMatchObject({
      code: "FORBIDDEN",
      details: { rule: "SIGN_IN_TO_CHAT" },
    });
    const writer = await namedPlayer("Writer");
    expect(await refusal(say(writer, " <script></script> "))).toMatchObject({
      code: "BAD_REQUEST",
      details: { field: "text", rule: "REQUIRED" },
    });
    expect(await refusal(say(writer, "あ".repeat(201)))).toMatchObject({
      code: "BAD_REQUEST",
      details: { field: "text", rule: "TOO_BIG" },
    });
    expect(await say(writer, "あ".repeat(200))).toMatchObject({ kind: "message" });
    expect(await db.chatMessage.count({ where: { userId: { in: [guest] } } })).toBe(0);
  });

  it("marks a dealer's and an operator's lines; a dealer writes only at their tables", async () => {
    const dealerId = `dealer-${randomUUID()}`;
    await db.user.create({
      data: { id: dealerId, name: "Dealer Mai", email: `${dealerId}@test.fuda`, role: "dealer" },
    });
    const dealer = callerOf({ kind: "dealer", userId: dealerId, signedInAt: Date.now() });
    expect(
      await refusal(dealer.chat.send({ tableId, text: "welcome", requestId: randomUUID() })),
    ).toMatchObject({ code: "FORBIDDEN", details: { rule: "NOT_YOUR_TABLE" } });
    await db.tableDealer.create({ data: { tableId, dealerId, assignedBy: operatorId } });
    expect(
      await dealer.chat.send({ tableId, text: "welcome", requestId: randomUUID() }),
    ).toMatchObject({ kind: "message", line: { role: "dealer", name: "Dealer Mai" } });
    expect(
      await operator().chat.send({ tableId, text: "hello from the floor", requestId: "op-1" }),
    ).toMatchObject({ kind: "message", line: { role: "operator" } });
  });
});

describe("admin.chat", () => {
  it("deletes a line for everyone: gone from the history, a chat.deleted event, audited", async () => {
    const rude = await namedPlayer("Rude");
    const sent = await say(rude, "something rude");
    if (sent.kind !== "message") throw new Error("a line");
    const deleted = await operator().admin.chat.delete({ messageId: sent.line.id, reason: "rude" });
    expect(deleted.messageId).toBe(sent.line.id);
    const history = await callerOf({ kind: "anonymous" }).chat.history({ tableId });
    expect(history.lines.some((line) => line.id === sent.line.id)).toBe(false);
    const events = await readEvents(db, { afterId: 0n, tableId });
    expect(
      events.some((e) => e.type === "chat.deleted" && e.payload.messageId === sent.line.id),
    ).toBe(true);
    const listed = await operator().admin.chat.list({ userId: rude });
    expect(listed.lines[0]).toMatchObject({ id: sent.line.id, deletedBy: "Floor" });
    const audit = await db.auditEntry.findFirst({
      where: { action: "chat.delete", targetId: sent.line.id },
    });
    expect(audit).toMatchObject({ actorId: operatorId, reason: "rude" });
    expect(await refusal(operator().admin.chat.delete({ messageId: sent.line.id }))).toMatchObject({
      code: "CONFLICT",
    });
  });

  it("mutes for a time and bans; a muted player is refused and an unmuted one writes", async () => {
    const loud = await namedPlayer("Loud");
    const muted = await operator().admin.chat.mute({ userId: loud, minutes: 5, reason: "spam" });
    expect(Date.parse(muted.until!)).toBeGreaterThan(Date.now() + 4 * 60_000);
    const refused = await refusal(say(loud, "can I talk?"));
    expect(refused).toMatchObject({
      code: "FORBIDDEN",
      details: { rule: "MUTED", until: muted.until },
    });
    expect((await operator().admin.chat.mutes()).mutes.map((m) => m.userId)).toContain(loud);
    await operator().admin.chat.ban({ userId: loud });
    expect(await refusal(say(loud, "now?"))).toMatchObject({
      details: { rule: "MUTED", until: null },
    });
    await operator().admin.chat.unmute({ userId: loud });
    expect(await say(loud, "thanks")).toMatchObject({ kind: "message" });
    const actions = await db.auditEntry.findMany({
      where: { targetId: loud },
      orderBy: { at: "asc" },
    });
    expect(actions.map((entry) => entry.action)).toEqual(["chat.mute", "chat.ban", "chat.unmute"]);
    expect(await db.chatMessage.count({ where: { userId: loud } })).toBe(1);
  });

  it("is for operators only", async () => {
    const someone = await newPlayer(db);
    expect(await refusal(player(someone).admin.chat.list({}))).toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("chat bets at joker blackjack", () => {
  let seats = 0;
  /** A seated player (each in a seat of their own) on a fresh joker blackjack round. */
  async function seated(name: string) {
    const id = await namedPlayer(name, 1_000_000);
    const { roundId } = await openRound(db, "joker-blackjack");
    seats += 1;
    const seat = seats;
    await player(id).seats.sit({ tableId: jokerTableId, seat });
    return { id, roundId, seat };
  }

  it("a number in the window is the seat's main bet in points, through the bet path", async () => {
    const { id, roundId, seat } = await seated("Chip");
    const answer = await say(id, "１００", jokerTableId);
    expect(answer).toEqual({ kind: "bet", roundId, seat, amount: 10_000, balance: 990_000 });
    expect((await player(id).bets.mine({ roundId })).stakes).toEqual([
      { bet: "main", seat, amount: 10_000 },
    ]);
    // A command is not a line of the chat.
    expect(await db.chatMessage.count({ where: { userId: id } })).toBe(0);
  });

  it("refuses as the bet slip does: above the limit, outside the window", async () => {
    const { id, roundId, seat } = await seated("Over");
    const table = await db.table.findUniqueOrThrow({ where: { id: jokerTableId } });
    const max = (table.limits as Record<string, { max: number }>).main!.max;
    const points = max / 100 + 1;
    const byChat = await refusal(say(id, String(points), jokerTableId));
    const bySlip = await refusal(
      player(id).bets.place({
        roundId,
        requestId: randomUUID(),
        bets: [{ bet: "main", seat, amount: points * 100 }],
      }),
    );
    expect(byChat).toEqual(bySlip);
    expect(byChat.details).toMatchObject({ rule: "ABOVE_MAX" });

    // A round with a bet closes (one without waits for a bet: docs/live-tables.md).
    await say(id, "100", jokerTableId);
    await closeRound(db, roundId);
    const closedByChat = await refusal(say(id, "100", jokerTableId));
    const closedBySlip = await refusal(
      player(id).bets.place({
        roundId,
        requestId: randomUUID(),
        bets: [{ bet: "main", seat, amount: 10_000 }],
      }),
    );
    expect(closedByChat).toEqual(closedBySlip);
    expect(closedByChat.reason).toBe("BETTING_CLOSED");
  });

  it("with the table's chatBets off, or for a player not seated, a number is only chat", async () => {
    const { id } = await seated("Quiet");
    const table = await db.table.findUniqueOrThrow({ where: { id: jokerTableId } });
    await db.table.update({
      where: { id: jokerTableId },
      data: { settings: { ...(table.settings as object), chatBets: false } },
    });
    try {
      expect(await say(id, "100", jokerTableId)).toMatchObject({
        kind: "message",
        line: { text: "100" },
      });
    } finally {
      await db.table.update({ where: { id: jokerTableId }, data: { settings: table.settings! } });
    }
    const standing = await namedPlayer("Standing");
    expect(await say(standing, "100", jokerTableId)).toMatchObject({ kind: "message" });
  });
});
