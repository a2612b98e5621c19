import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { FudaError } from "@fuda/errors";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";

import { failure, ledgerRows } from "./helpers";
import {
  adjust,
  balance,
  carryOver,
  checkBooks,
  grant,
  history,
  refund,
  reserve,
  settle,
  STARTING_GRANT,
  transfer,
  walletHistoryOutput,
  walletOf,
} from "../src";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.drop();
});

describe("the ledger moves points between accounts", () => {
  it("a new player's welcome grant is 10,000 points, once", async () => {
    const first = await grant(database.db, { playerId: "ana" });
    expect(first).toMatchObject({ id: "grant/welcome/ana", kind: "grant", replayed: false });
    expect(first.entries.map((e) => [e.account, e.amount, e.balanceAfter])).toEqual([
      [{ kind: "grants" }, -STARTING_GRANT, -STARTING_GRANT],
      [{ kind: "wallet", playerId: "ana" }, STARTING_GRANT, STARTING_GRANT],
    ]);
    const again = await grant(database.db, { playerId: "ana" });
    expect(again).toEqual({ ...first, replayed: true });
    expect(await balance({ db: database.db, playerId: "ana" })).toBe(1_000_000);
    expect(await checkBooks(database.db)).toMatchObject({ clean: true, total: 0 });
  });

  it("the same id with different content is a CONFLICT and changes nothing", async () => {
    await grant(database.db, { playerId: "ben" });
    const error = await failure(grant(database.db, { playerId: "ben", amount: 5 }));
    expect(error).toBeInstanceOf(FudaError);
    expect(error).toMatchObject({ code: "CONFLICT", details: { field: "id" } });
    expect(await balance({ db: database.db, playerId: "ben" })).toBe(STARTING_GRANT);
  });

  it("a bet's round: reserve, then settle returns the stake and pays the winnings from the house", async () => {
    await grant(database.db, { playerId: "cai" });
    await reserve(database.db, { playerId: "cai", roundId: "r1", betId: "b1", amount: 10_000 });
    await reserve(database.db, { playerId: "cai", roundId: "r1", betId: "b2", amount: 5_000 });
    expect(await balance({ db: database.db, playerId: "cai" })).toBe(STARTING_GRANT - 15_000);
    const won = await settle(database.db, {
      playerId: "cai",
      roundId: "r1",
      betId: "b1",
      returned: 10_000,
      lost: 0,
      won: 9_500,
    });
    expect(won.entries.map((e) => [e.account.kind, e.amount])).toEqual([
      ["house", -9_500],
      ["wallet", 19_500],
      ["in_play", -10_000],
    ]);
    await settle(database.db, {
      playerId: "cai",
      roundId: "r1",
      betId: "b2",
      returned: 0,
      lost: 5_000,
      won: 0,
    });
    expect(await balance({ db: database.db, playerId: "cai" })).toBe(STARTING_GRANT + 4_500);
    expect(await checkBooks(database.db)).toMatchObject({ clean: true });
  });

  it("a refund gives the stake back; an operator's adjustment records who and why", async () => {
    await grant(database.db, { playerId: "dee" });
    await reserve(database.db, { playerId: "dee", roundId: "r2", betId: "b1", amount: 2_500 });
    await refund(database.db, { playerId: "dee", roundId: "r2", betId: "b1", amount: 2_500 });
    await adjust(database.db, {
      requestId: "req-1",
      playerId: "dee",
      operatorId: "op-1",
      amount: -100,
      reason: "duplicate welcome bonus",
    });
    expect(await balance({ db: database.db, playerId: "dee" })).toBe(STARTING_GRANT - 100);
    const rows = await database.db.$queryRaw<{ operator_id: string; reason: string }[]>`
      SELECT operator_id, reason FROM ledger_transfers WHERE id = 'adjust/req-1'`;
    expect(rows).toEqual([{ operator_id: "op-1", reason: "duplicate welcome bonus" }]);
  });

  it("a wallet cannot pay more than it holds: INSUFFICIENT_FUNDS with the balance and the amount", async () => {
    await walletOf(database.db, "eve");
    await transfer(database.db, {
      id: "seed/eve",
      kind: "adjust",
      operatorId: "op",
      reason: "test",
      legs: [{ from: { kind: "house" }, to: { kind: "wallet", playerId: "eve" }, amount: 300 }],
    });
    const before = await ledgerRows(database.db);
    const error = await failure(
      reserve(database.db, { playerId: "eve", roundId: "r3", betId: "b1", amount: 301 }),
    );
    // Not even the stake-in-play account it would have credited is created.
    expect(await ledgerRows(database.db)).toEqual(before);
    expect(error).toMatchObject({
      code: "INSUFFICIENT_FUNDS",
      details: { balance: 300, amount: 301, account: "wallet" },
    });
    expect(await balance({ db: database.db, playerId: "eve" })).toBe(300);
  });
});

describe("a player's history", () => {
  it("pages newest first with a cursor, without duplicates or gaps while entries arrive", async () => {
    await grant(database.db, { playerId: "fay" });
    for (let bet = 1; bet <= 5; bet++) {
      await reserve(database.db, { playerId: "fay", roundId: "h", betId: `b${bet}`, amount: bet });
    }
    const first = await history({ db: database.db, playerId: "fay", limit: 4 });
    expect(first.entries.map((e) => e.amount)).toEqual([-5, -4, -3, -2]);
    // New entries arrive between pages: they belong above the first page, not in the next one.
    await reserve(database.db, { playerId: "fay", roundId: "h", betId: "b6", amount: 6 });
    const second = await history({
      db: database.db,
      playerId: "fay",
      cursor: first.nextCursor,
      limit: 4,
    });
    expect(second.entries.map((e) => e.amount)).toEqual([-1, STARTING_GRANT]);
    expect(second.nextCursor).toBeNull();
    expect(walletHistoryOutput.parse(second)).toEqual(second);
    expect(second.entries[1]).toMatchObject({
      kind: "grant",
      balanceBefore: 0,
      balanceAfter: STARTING_GRANT,
    });
    const fresh = await history({ db: database.db, playerId: "fay", limit: 1 });
    expect(fresh.entries.map((e) => e.amount)).toEqual([-6]);
  });

  it("shows only the player's own wallet", async () => {
    const page = await history({ db: database.db, playerId: "nobody" });
    expect(page).toEqual({ entries: [], nextCursor: null });
  });
});

describe("a guest's points follow them to the account they sign up as", () => {
  it("carries the whole wallet over once, and nothing from an empty one", async () => {
    await grant(database.db, { playerId: "guest-gil" });
    await reserve(database.db, { playerId: "guest-gil", roundId: "c", betId: "b1", amount: 300 });
    const moved = await carryOver(database.db, { fromPlayerId: "guest-gil", toPlayerId: "gil" });
    expect(moved).toMatchObject({ id: "carry_over/guest-gil", kind: "carry_over" });
    expect(await balance({ db: database.db, playerId: "gil" })).toBe(STARTING_GRANT - 300);
    expect(await balance({ db: database.db, playerId: "guest-gil" })).toBe(0);

    // A repeat finds the guest's wallet empty: nothing moves twice.
    expect(await carryOver(database.db, { fromPlayerId: "guest-gil", toPlayerId: "gil" })).toBe(
      null,
    );
    expect(await carryOver(database.db, { fromPlayerId: "nobody", toPlayerId: "gil" })).toBe(null);
    expect(await balance({ db: database.db, playerId: "gil" })).toBe(STARTING_GRANT - 300);
    expect((await checkBooks(database.db)).clean).toBe(true);
  });
});
