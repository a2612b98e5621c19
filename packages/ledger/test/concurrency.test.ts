import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDb } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { FudaError } from "@fuda/errors";

import { balance, checkBooks, grant, reserve } from "../src";
import { failure, ledgerRows } from "./helpers";

let database: TestDatabase;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  // Enough connections that many reservations really run at once in PostgreSQL, and few enough
  // to leave most of a default server's 100 to the other test processes running beside it.
  db = createDb(database.url, { poolSize: 20 });
});
afterAll(async () => {
  await db.$disconnect();
  await database.drop();
});

// A loaded machine can keep a transaction waiting for a connection longer than Prisma's 2 s.
const patient = { maxWait: 60_000, timeout: 60_000 };

describe("concurrent reservations on one wallet", () => {
  it("100 reservations of 10 points over 500 points: exactly 50 succeed, the rest are INSUFFICIENT_FUNDS", async () => {
    await grant(db, { playerId: "p", amount: 50_000 });
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, bet) =>
        db.$transaction(
          (tx) => reserve(tx, { playerId: "p", roundId: "r", betId: `b${bet}`, amount: 1_000 }),
          patient,
        ),
      ),
    );
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(50);
    expect(refused).toHaveLength(50);
    for (const error of refused) {
      expect(error).toBeInstanceOf(FudaError);
      expect(error).toMatchObject({
        code: "INSUFFICIENT_FUNDS",
        details: { balance: 0, amount: 1_000, account: "wallet" },
      });
    }
    expect(await balance({ db, playerId: "p" })).toBe(0);
    expect(await checkBooks(db)).toMatchObject({ clean: true });
  });
});

describe("a transaction killed in the middle", () => {
  it(
    "leaves no partial transfer, and the same reservation posts once when retried",
    { timeout: 60_000 },
    async () => {
      await grant(db, { playerId: "k", amount: 10_000 });
      const before = await ledgerRows(db);
      let backendPid: ((pid: number) => void) | undefined;
      const pid = new Promise<number>((resolve) => (backendPid = resolve));
      const killed = failure(
        db.$transaction(async (tx) => {
          await reserve(tx, { playerId: "k", roundId: "killed", betId: "b1", amount: 4_000 });
          const [row] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
          backendPid!(row!.pid);
          // Posted but not committed: the connection dies here.
          await tx.$queryRaw`SELECT pg_sleep(30)`;
        }, patient),
      );
      // If the transaction fails before it sleeps, there is no backend to kill: fail, never hang.
      await db.$queryRaw`SELECT pg_terminate_backend(${await Promise.race([pid, killed.then(() => -1)])}::int)`;
      expect(await killed).toBeInstanceOf(Error);
      expect(await ledgerRows(db)).toEqual(before);
      expect(await balance({ db, playerId: "k" })).toBe(10_000);
      expect(await checkBooks(db)).toMatchObject({ clean: true });

      const retried = await reserve(db, {
        playerId: "k",
        roundId: "killed",
        betId: "b1",
        amount: 4_000,
      });
      expect(retried.replayed).toBe(false);
      expect(await balance({ db, playerId: "k" })).toBe(6_000);
    },
  );
});
