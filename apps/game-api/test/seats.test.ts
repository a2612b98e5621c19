/**
 * Seats at a seated table over HTTP (docs/live-tables.md, Seats): `seats.sit` and `seats.leave`,
 * one player per seat, the table's seats-per-player limit, clear refusals that change nothing,
 * and every change announced as a table event and shown by `tables.get`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";

import type { Browser, GameApi } from "./http";
import { signUp, startGameApi } from "./http";

let database: TestDatabase;
let api: GameApi;
let tableId: string;
beforeAll(async () => {
  database = await createTestDatabase();
  api = await startGameApi({ databaseUrl: database.url });
  await seed(api.db);
  tableId = (await api.db.table.findUniqueOrThrow({ where: { slug: "joker-blackjack" } })).id;
});
afterAll(async () => {
  await api.stop();
  await database.drop();
});

const sit = (browser: Browser, seat: number, table = tableId) =>
  browser.trpc("mutation", "seats.sit", { tableId: table, seat });
const leave = (browser: Browser, seat: number) =>
  browser.trpc("mutation", "seats.leave", { tableId, seat });

async function seatsShown(browser: Browser): Promise<{ seat: number; playerId: string }[]> {
  const reply = await browser.trpc("query", "tables.get", { slug: "joker-blackjack" });
  return (reply.data as { seats: { seat: number; playerId: string }[] }).seats;
}

const seatEvents = () =>
  api.db.tableEvent.findMany({
    where: { tableId, type: { startsWith: "seat." } },
    orderBy: { id: "asc" },
  });

async function userId(browser: Browser): Promise<string> {
  return ((await browser.actor()) as { userId: string }).userId;
}

describe("seats.sit and seats.leave", () => {
  it("a player sits, is shown in the table's view and its stream, and leaves an empty seat at once", async () => {
    const alice = await signUp(api, "alice");
    const id = await userId(alice);
    const before = (await seatEvents()).length;
    const taken = await sit(alice, 3);
    expect(taken).toMatchObject({ status: 200, data: { seat: 3, playerId: id, leaving: false } });
    expect(await seatsShown(alice)).toEqual([expect.objectContaining({ seat: 3, playerId: id })]);
    const row = await api.db.seat.findUniqueOrThrow({
      where: { tableId_seat: { tableId, seat: 3 } },
    });
    // The wallet at sit-down: the last seat's joker effect compares against it.
    expect(Number(row.sitDownBalance)).toBe(
      ((await alice.trpc("query", "wallet.balance")).data as { balance: number }).balance,
    );

    expect(await leave(alice, 3)).toMatchObject({ status: 200, data: { seat: 3, left: true } });
    expect(await seatsShown(alice)).toEqual([]);
    const events = (await seatEvents()).slice(before);
    expect(events.map((event) => [event.type, (event.payload as { seat: number }).seat])).toEqual([
      ["seat.taken", 3],
      ["seat.left", 3],
    ]);
  });

  it("one player per seat, even when five ask for it at once", async () => {
    const players = await Promise.all([1, 2, 3, 4, 5].map((n) => signUp(api, `rush-${n}`)));
    const replies = await Promise.all(players.map((player) => sit(player, 5)));
    expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
    for (const refused of replies.filter((reply) => reply.status !== 200)) {
      expect(refused).toMatchObject({
        status: 409,
        reason: "CONFLICT",
        message: "seat: seat 5 is taken",
      });
    }
    const winner = players[replies.findIndex((reply) => reply.status === 200)]!;
    expect(await seatsShown(winner)).toEqual([
      expect.objectContaining({ seat: 5, playerId: await userId(winner) }),
    ]);
    await leave(winner, 5);
  });

  it("one seat per player unless the table allows more", async () => {
    const bob = await signUp(api, "bob");
    expect((await sit(bob, 1)).status).toBe(200);
    expect(await sit(bob, 2)).toMatchObject({
      status: 409,
      reason: "CONFLICT",
      message: "seat: at most 1 seat per player at this table",
    });
    expect(await sit(bob, 1)).toMatchObject({
      status: 409,
      message: "seat: seat 1 is already yours",
    });
    await api.db.table.update({
      where: { id: tableId },
      data: { settings: { seats: 7, maxSeatsPerPlayer: 2 } },
    });
    try {
      expect((await sit(bob, 2)).status).toBe(200);
      expect(await sit(bob, 4)).toMatchObject({
        status: 409,
        message: "seat: at most 2 seats per player at this table",
      });
    } finally {
      await api.db.table.update({ where: { id: tableId }, data: { settings: { seats: 7 } } });
      await leave(bob, 1);
      await leave(bob, 2);
    }
  });

  it("refuses what is not a seat, a table without seats and someone else's seat, changing nothing", async () => {
    const carol = await signUp(api, "carol");
    const dave = await signUp(api, "dave");
    expect((await sit(dave, 6)).status).toBe(200);
    const baccarat = await api.db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } });
    const before = await api.db.seat.count();
    const eventsBefore = (await seatEvents()).length;

    expect(await sit(carol, 8)).toMatchObject({
      status: 400,
      reason: "BAD_INPUT",
      message: "seat: a seat from 1 to 7",
    });
    const zero = await sit(carol, 0);
    expect(zero.status).toBe(400);
    expect(zero.message).toContain("seat: from 1");
    expect(await sit(carol, 1, baccarat.id)).toMatchObject({
      status: 409,
      message: "tableId: table baccarat-a has no seats",
    });
    expect(await sit(carol, 1, "00000000-0000-4000-8000-000000000000")).toMatchObject({
      status: 404,
      reason: "NOT_FOUND",
    });
    expect(await leave(carol, 6)).toMatchObject({
      status: 404,
      message: "seat: seat 6 is not yours at this table",
    });
    expect(await api.db.seat.count()).toBe(before);
    expect((await seatEvents()).length).toBe(eventsBefore);
    await leave(dave, 6);
  });

  it("an anonymous caller may not sit", async () => {
    const stranger = (await signUp(api, "stranger")).fork();
    stranger.cookies.clear();
    expect((await sit(stranger, 2)).status).toBe(401);
  });
});
