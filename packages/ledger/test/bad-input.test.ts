import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { FudaError } from "@fuda/errors";

import {
  adjust,
  checkBooks,
  grant,
  history,
  MAX_REASON_LENGTH,
  refund,
  reserve,
  settle,
  transfer,
} from "../src";
import type { LedgerClient } from "../src";
import { failure, ledgerRows } from "./helpers";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await grant(database.db, { playerId: "ana" });
});
afterAll(async () => {
  await database.drop();
});

const game = { playerId: "ana", roundId: "r1", betId: "b1" };
const operator = { requestId: "q1", playerId: "ana", operatorId: "op", reason: "goodwill" };

const cases: [string, (db: LedgerClient) => Promise<unknown>, string][] = [
  ["a negative amount", (db) => reserve(db, { ...game, amount: -100 }), "amount"],
  ["a zero amount", (db) => reserve(db, { ...game, amount: 0 }), "amount"],
  ["a fractional amount", (db) => reserve(db, { ...game, amount: 10.5 }), "amount"],
  ["an unsafe integer", (db) => reserve(db, { ...game, amount: 2 ** 53 }), "amount"],
  ["an amount that is a string", (db) => reserve(db, { ...game, amount: "5" as never }), "amount"],
  ["NaN", (db) => grant(db, { playerId: "ben", amount: Number.NaN }), "amount"],
  [
    "a negative part of a settlement",
    (db) => settle(db, { ...game, returned: 100, lost: -1, won: 0 }),
    "lost",
  ],
  [
    "a settlement of nothing",
    (db) => settle(db, { ...game, returned: 0, lost: 0, won: 0 }),
    "returned",
  ],
  ["a zero adjustment", (db) => adjust(db, { ...operator, amount: 0 }), "amount"],
  ["an empty reason", (db) => adjust(db, { ...operator, amount: 5, reason: " " }), "reason"],
  [
    "an oversized reason",
    (db) => adjust(db, { ...operator, amount: 5, reason: "x".repeat(MAX_REASON_LENGTH + 1) }),
    "reason",
  ],
  ["no operator", (db) => adjust(db, { ...operator, operatorId: "", amount: 5 }), "operatorId"],
  [
    "an oversized bet id",
    (db) => reserve(db, { ...game, betId: "b".repeat(201), amount: 5 }),
    "betId",
  ],
  [
    "the wallet of a player who has none",
    (db) => reserve(db, { ...game, playerId: "nobody", amount: 5 }),
    "playerId",
  ],
  [
    "the stake in play of a round the player never bet in",
    (db) => refund(db, { ...game, roundId: "never", amount: 5 }),
    "roundId",
  ],
  [
    "an unknown account kind",
    (db) =>
      transfer(db, {
        id: "t1",
        kind: "adjust",
        operatorId: "op",
        reason: "r",
        legs: [{ from: { kind: "bank" } as never, to: { kind: "house" }, amount: 5 }],
      }),
    "legs[0].from",
  ],
  [
    "an unknown account as a leg's source",
    (db) =>
      transfer(db, {
        id: "t2",
        kind: "refund",
        legs: [
          {
            from: { kind: "in_play", playerId: "ana", roundId: "zz" },
            to: { kind: "house" },
            amount: 5,
          },
        ],
      }),
    "legs[0].from",
  ],
  [
    "a leg from an account to itself",
    (db) =>
      transfer(db, {
        id: "t3",
        kind: "adjust",
        operatorId: "op",
        reason: "r",
        legs: [{ from: { kind: "house" }, to: { kind: "house" }, amount: 5 }],
      }),
    "legs[0].to",
  ],
  ["a history page of 0", (db) => history({ db, playerId: "ana", limit: 0 }), "limit"],
  [
    "a history cursor that is not an id",
    (db) => history({ db, playerId: "ana", cursor: "1; --" }),
    "cursor",
  ],
];

describe("bad input is BAD_INPUT naming the field, and nothing is written", () => {
  it.each(cases)("%s", async (_, call, field) => {
    const before = await ledgerRows(database.db);
    const error = await failure(call(database.db));
    expect(error).toBeInstanceOf(FudaError);
    expect(error).toMatchObject({ code: "BAD_INPUT", details: { field } });
    expect((error as FudaError).message).toMatch(
      new RegExp(`^${field.replace(/[[\]]/g, "\\$&")}: `),
    );
    expect(await ledgerRows(database.db)).toEqual(before);
  });

  it("the books are clean after all of them", async () => {
    expect(await checkBooks(database.db)).toMatchObject({ clean: true });
  });
});

describe("the database itself keeps the rules when code is bypassed", () => {
  it("refuses a negative wallet or stake in play", async () => {
    const error = await failure(
      database.db.$executeRawUnsafe(
        `UPDATE ledger_accounts SET balance = -1 WHERE kind = 'wallet'`,
      ),
    );
    expect(String(error)).toMatch(/ledger_accounts_balance_non_negative/);
    await reserve(database.db, { playerId: "ana", roundId: "db", betId: "b", amount: 1 });
    const inPlayError = await failure(
      database.db.$executeRawUnsafe(
        `UPDATE ledger_accounts SET balance = -1 WHERE kind = 'in_play'`,
      ),
    );
    expect(String(inPlayError)).toMatch(/ledger_accounts_balance_non_negative/);
  });

  it("lets the counter-accounts go negative (they pay out)", async () => {
    const rows = await database.db.$queryRaw<{ kind: string; balance: bigint }[]>`
      SELECT kind::text, balance FROM ledger_accounts WHERE kind = 'grants'`;
    expect(rows[0]!.balance).toBeLessThan(0n);
  });

  it("refuses to update or delete an entry or a transfer", async () => {
    for (const sql of [
      `UPDATE ledger_entries SET amount = amount + 1`,
      `DELETE FROM ledger_entries`,
      `TRUNCATE ledger_entries CASCADE`,
      `UPDATE ledger_transfers SET reason = 'edited'`,
      `DELETE FROM ledger_transfers`,
    ]) {
      expect(String(await failure(database.db.$executeRawUnsafe(sql)))).toMatch(/append-only/);
    }
  });

  it("checkBooks reports an account whose balance differs from its entries", async () => {
    await database.db.$executeRawUnsafe(
      `UPDATE ledger_accounts SET balance = balance + 7 WHERE kind = 'wallet' AND owner = 'ana'`,
    );
    const books = await checkBooks(database.db);
    expect(books).toMatchObject({ clean: false, total: 7, transfers: [] });
    expect(books.accounts).toEqual([
      expect.objectContaining({
        kind: "wallet",
        owner: "ana",
        entriesSum: books.accounts[0]!.balance - 7,
      }),
    ]);
  });

  it("checkBooks reports entries whose account or transfer does not exist (there are no foreign keys)", async () => {
    // Balanced among themselves, on accounts that do not exist: only the orphan check sees them.
    await database.db.$executeRawUnsafe(
      `INSERT INTO ledger_entries (transfer_id, account_id, amount, balance_before, balance_after, account_version)
       VALUES ('ghost', 999999, 5, 0, 5, 1), ('ghost', 999998, -5, 5, 0, 1)`,
    );
    const books = await checkBooks(database.db);
    expect(books).toMatchObject({ clean: false, transfers: [] });
    expect(books.orphans.map(({ accountId, transferId }) => [accountId, transferId])).toEqual([
      [999999, "ghost"],
      [999998, "ghost"],
    ]);
  });
});
