import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import { grant } from "@fuda/ledger";
import { until } from "@fuda/testkit";

import { startBooksWatch } from "../src";
import type { BooksWatch } from "../src";
import { recordingLog, sample } from "./telemetry";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let watch: BooksWatch | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await watch?.stop();
  await database.drop();
});

describe("the books watch", () => {
  it("reports balanced books as 1, books with a balance off its entries as 0 with an error line, and when it checked", async () => {
    await grant(db, { playerId: "books-a", amount: 50_000 });
    await grant(db, { playerId: "books-b", amount: 20_000 });
    const { log, lines } = recordingLog();
    const started = Date.now() / 1000;
    watch = startBooksWatch({ db, everyMs: 50, log });
    await until("a first check", async () =>
      (await sample("fuda_ledger_books_checked_seconds")) >= started ? true : undefined,
    );
    expect(await sample("fuda_ledger_books_balanced")).toBe(1);
    expect(lines).toEqual([]);

    // A balance that no longer is the sum of its entries, as only a write outside the ledger makes.
    await db.$executeRaw`
      UPDATE ledger_accounts SET balance = balance + 1
      WHERE kind = 'wallet' AND owner = 'books-a'`;
    await until("the next check to see it", async () =>
      (await sample("fuda_ledger_books_balanced")) === 0 ? true : undefined,
    );
    const line = lines.find((logged) => logged.message === "ledger books do not balance");
    expect(line).toMatchObject({
      level: "error",
      fields: { accounts: 1, transfers: 0, orphans: 0, total: 1 },
    });
    const checked = await sample("fuda_ledger_books_checked_seconds");
    expect(checked).toBeGreaterThanOrEqual(started);
    expect(checked).toBeLessThanOrEqual(Date.now() / 1000);

    await db.$executeRaw`
      UPDATE ledger_accounts SET balance = balance - 1
      WHERE kind = 'wallet' AND owner = 'books-a'`;
    expect(await watch.check()).toMatchObject({ clean: true });
    expect(await sample("fuda_ledger_books_balanced")).toBe(1);
  });
});
