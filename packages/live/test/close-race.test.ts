import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDb } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { balance, checkBooks } from "@fuda/ledger";

import { createBetDesk } from "../src";
import type { BetDesk, Placement } from "../src";
import { closeRound, newPlayer, openRound } from "./fixtures";
import { betsOf, inPlay } from "./helpers";

let database: TestDatabase;
let db: Db;
let desks: BetDesk[];
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { poolSize: 12 });
  // Two desks: two processes placing into the same round.
  // Each player floods the desks (25 slips): no pace, the race is the test.
  const pace = { perSecond: 1_000_000, burst: 1_000_000 };
  desks = [createBetDesk({ db, pace }), createBetDesk({ db, pace })];
});
afterAll(async () => {
  await Promise.all(desks.map((desk) => desk.close()));
  await db.$disconnect();
  await database.drop();
});

const GRANT = 1_000_000;
const nextTick = () => new Promise((resolve) => setImmediate(resolve));

describe("the close race: a bet is in the round with its reservation, or refused BETTING_CLOSED", () => {
  it(
    "200 placements from 8 players on two desks around a concurrent close",
    { timeout: 60_000 },
    async () => {
      const players = await Promise.all(Array.from({ length: 8 }, () => newPlayer(db, GRANT)));
      const { roundId } = await openRound(db, "pok-deng");
      const calls: { playerId: string; result: Promise<Placement> }[] = [];
      let closing: Promise<string[]> | undefined;
      for (let i = 0; i < 200; i++) {
        const playerId = players[i % players.length]!;
        const result = desks[i % 2]!.place({
          playerId,
          roundId,
          requestId: randomUUID(),
          bets: [{ bet: "seatPair", seat: (i % 5) + 1, amount: 1_000 }],
        });
        // Settled-or-not is read below; keep unhandled rejections away meanwhile.
        result.catch(() => undefined);
        calls.push({ playerId, result });
        if (i % 10 === 9) await nextTick();
        if (i === 100) {
          // Close once the desks have committed a batch: on a loaded machine the first batch
          // may not have reached PostgreSQL yet, and a close ahead of every bet races nothing.
          await Promise.any(calls.map((call) => call.result));
          closing = closeRound(db, roundId);
        }
      }
      const seenAtClose = await closing!;
      const outcomes = await Promise.allSettled(calls.map((call) => call.result));

      const rows = await betsOf(db, roundId);
      const placed = outcomes.flatMap((o) => (o.status === "fulfilled" ? [o.value] : []));
      const refusals = outcomes.flatMap((o) =>
        o.status === "rejected" ? [o.reason as unknown] : [],
      );
      for (const reason of refusals) expect(reason).toMatchObject({ code: "BETTING_CLOSED" });
      expect(placed.length + refusals.length).toBe(200);
      // Bets got in before the close (the last batches may land either side of it)...
      expect(placed.length).toBeGreaterThan(0);
      // ...and one sent once it has committed is refused.
      await expect(
        desks[0]!.place({
          playerId: players[0]!,
          roundId,
          requestId: randomUUID(),
          bets: [{ bet: "seatPair", seat: 1, amount: 1_000 }],
        }),
      ).rejects.toMatchObject({ code: "BETTING_CLOSED" });
      // Every accepted bet is a row of the round; no row without an accepted call.
      expect(rows.map((row) => row.id).sort()).toEqual(
        placed.flatMap((p) => p.bets.map((bet) => bet.id)).sort(),
      );
      // The close saw every bet that got in: none committed after it (the dealer settles these).
      expect(seenAtClose.sort()).toEqual(rows.map((row) => row.id).sort());
      // Nothing reserved without a bet row: every reservation is one slip's rows.
      const reserves = await db.ledgerTransfer.findMany({ where: { roundId, kind: "reserve" } });
      expect(reserves.map((t) => t.betId).sort()).toEqual(
        [...new Set(rows.map((row) => row.slipId))].sort(),
      );
      for (const playerId of players) {
        const reserved = rows
          .filter((row) => row.playerId === playerId)
          .reduce((sum, row) => sum + row.reserved, 0);
        expect(await inPlay(db, playerId, roundId)).toBe(reserved);
        expect(await balance({ db, playerId })).toBe(GRANT - reserved);
      }
      expect(await checkBooks(db)).toMatchObject({ clean: true });
    },
  );
});
