import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { FudaError } from "@fuda/errors";
import { balance, checkBooks } from "@fuda/ledger";

import type { BetDesk } from "../src";
import {
  cancelInterruptedRound,
  createBetDesk,
  studioCard,
  studioClose,
  studioCutCard,
  studioOpen,
  studioState,
} from "../src";
import { closeRound, newPlayer, openRound } from "./fixtures";
import { failure } from "./helpers";

let requests = 0;
const requestId = () => `cancel-${++requests}`;

describe("an operator cancels an interrupted round: every open bet refunded, its cards burned", () => {
  let database: TestDatabase;
  let db: Db;
  let desk: BetDesk;
  let tableId: string;
  const dealerId = "dealer-cancel";
  const call = () => ({ dealerId, tableId, consoleId: "console-c", requestId: requestId() });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await seed(db);
    tableId = (await db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } })).id;
    await db.table.update({ where: { id: tableId }, data: { dealing: "studio" } });
    await db.user.create({
      data: { id: dealerId, name: dealerId, email: `${dealerId}@studio.test`, role: "dealer" },
    });
    await db.tableDealer.create({ data: { tableId, dealerId, assignedBy: "admin" } });
    desk = createBetDesk({ db });
  });
  afterAll(async () => {
    await desk.close();
    await database.drop();
  });

  it("a studio round gone silent mid-deal: stakes back in the wallets, the books balance, the console opens the next round", async () => {
    await studioCard(db, { ...call(), card: "2S" });
    const opened = await studioOpen(db, call());
    const roundId = opened.round!.id;
    const [alice, bob] = [await newPlayer(db, 50_000), await newPlayer(db, 50_000)];
    await desk.place({
      playerId: alice,
      roundId,
      requestId: requestId(),
      bets: [{ bet: "banker", amount: 10_000 }],
    });
    await desk.place({
      playerId: bob,
      roundId,
      requestId: requestId(),
      bets: [
        { bet: "player", amount: 5_000 },
        { bet: "tie", amount: 1_000 },
      ],
    });
    await studioClose(db, call());
    await studioCard(db, { ...call(), card: "4D" });
    await studioCard(db, { ...call(), card: "9H" });
    expect(await balance({ db, playerId: alice })).toBe(40_000);
    const shoeBefore = await db.shoe.findFirstOrThrow({ where: { tableId, endedAt: null } });

    const cancelled = await cancelInterruptedRound(db, {
      operatorId: "op-1",
      roundId,
      reason: "console silent",
    });
    expect(cancelled).toMatchObject({ roundId, refunds: 3, refunded: 16_000, shoeEnded: false });
    // The two cards it took are burned; the shoe goes on.
    expect(cancelled.burned).toEqual([shoeBefore.position - 2, shoeBefore.position - 1]);

    expect(await balance({ db, playerId: alice })).toBe(50_000);
    expect(await balance({ db, playerId: bob })).toBe(50_000);
    const bets = await db.bet.findMany({ where: { roundId } });
    expect(bets.map((bet) => [bet.status, Number(bet.returned)])).toEqual(
      bets.map((bet) => ["refunded", Number(bet.reserved)]),
    );
    expect(await checkBooks(db)).toMatchObject({ clean: true, total: 0 });

    const round = await db.round.findUniqueOrThrow({ where: { id: roundId } });
    expect(round.phase).toBe("cancelled");
    const shoe = await db.shoe.findUniqueOrThrow({ where: { id: shoeBefore.id } });
    expect(shoe.endedAt).toBeNull();
    expect(shoe.burned).toEqual(expect.arrayContaining(cancelled.burned));

    const events = await db.tableEvent.findMany({
      where: { roundId, type: "round.cancelled" },
      orderBy: { id: "asc" },
    });
    expect(events[0]!.playerId).toBeNull();
    expect(events[0]!.payload).toMatchObject({ reason: "console silent", refunds: 3 });
    expect(events.filter((event) => event.playerId !== null)).toHaveLength(2);
    const [entry] = await db.auditEntry.findMany({
      where: { targetId: roundId, action: "rounds.cancel" },
    });
    expect(entry).toMatchObject({ actorId: "op-1", reason: "console silent" });
    expect(entry!.before).toEqual({ phase: "dealing" });

    // The console is between rounds again, on the same shoe.
    const state = await studioState(db, call());
    expect(state.round).toBeNull();
    expect(state.next.kind).toBe("open");
    expect(state.shoe?.id).toBe(shoeBefore.id);
  });

  it("a settled or cancelled round is not cancelled again, and nothing moves", async () => {
    const round = await db.round.findFirstOrThrow({
      where: { tableId, phase: "cancelled" },
    });
    const books = await checkBooks(db);
    const error = await failure(
      cancelInterruptedRound(db, { operatorId: "op-1", roundId: round.id, reason: "again" }),
    );
    expect(error).toBeInstanceOf(FudaError);
    expect((error as FudaError).code).toBe("CONFLICT");
    expect(await checkBooks(db)).toEqual(books);
  });

  it("the shoe's last round (cut card out) cancelled ends the shoe with its recorded order", async () => {
    const opened = await studioOpen(db, call());
    await studioCutCard(db, call());
    const shoe = await db.shoe.findFirstOrThrow({ where: { tableId, endedAt: null } });
    const cancelled = await cancelInterruptedRound(db, {
      operatorId: "op-1",
      roundId: opened.round!.id,
      reason: "studio lights out",
    });
    expect(cancelled).toMatchObject({ refunds: 0, shoeEnded: true, burned: [] });
    const ended = await db.shoe.findUniqueOrThrow({ where: { id: shoe.id } });
    expect(ended.endedAt).not.toBeNull();
    expect(ended.reveal).not.toBeNull();
    expect(await db.tableEvent.count({ where: { tableId, type: "shoe.ended" } })).toBe(1);
  });

  it("an automatic round being dealt is cancelled the same way", async () => {
    const { roundId } = await openRound(db, "baccarat-b");
    const player = await newPlayer(db, 20_000);
    await desk.place({
      playerId: player,
      roundId,
      requestId: requestId(),
      bets: [{ bet: "player", amount: 2_000 }],
    });
    await closeRound(db, roundId);
    expect((await db.round.findUniqueOrThrow({ where: { id: roundId } })).phase).toBe("dealing");
    await cancelInterruptedRound(db, { operatorId: "op-2", roundId, reason: "table fault" });
    expect(await balance({ db, playerId: player })).toBe(20_000);
    expect(await checkBooks(db)).toMatchObject({ clean: true });
  });
});
