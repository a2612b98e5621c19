/**
 * A player's action in the dealer's own process reaches the table's runner in memory: the runner
 * deals on from the round the action wrote, without reading the table again (acted-here.ts).
 */
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { poolOf, seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { until } from "@fuda/testkit";

import type { TableEvent } from "../src";
import { act, auditLiveTables, silentLog, sit, startLive } from "../src";
import { newPlayer } from "./fixtures";

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seed(db);
});
afterAll(() => database.drop());

/** `act` in a process of its own: it hands nothing to this process's runners. */
const actElsewhere = (input: object): Promise<unknown> =>
  promisify(execFile)(
    process.execPath,
    [
      "--import",
      "tsx",
      fileURLToPath(new URL("act-elsewhere.ts", import.meta.url)),
      database.url,
      JSON.stringify(input),
    ],
    { cwd: fileURLToPath(new URL("..", import.meta.url)) },
  );

describe("a player's action in the dealer's process", () => {
  it("is dealt on from the round it wrote: the runner reads the table again only after the round settles", async () => {
    const table = await db.table.findUniqueOrThrow({ where: { slug: "joker-blackjack" } });
    await db.table.updateMany({ where: { id: { not: table.id } }, data: { status: "CLOSED" } });
    await db.table.update({
      where: { id: table.id },
      data: { settings: { seats: 7, actionSeconds: 30 } },
    });
    const playerId = await newPlayer(db, 1_000_000);
    await sit(db, { playerId, tableId: table.id, seat: 1 });

    // The runner's table reads go through the pool as named statements (Prisma names none).
    const pool = poolOf(db);
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    let reads = 0;
    Object.assign(pool, {
      query: (config: unknown, ...rest: unknown[]) => {
        const named = config as { name?: string; text?: string };
        if (named.text?.includes("LEFT JOIN rounds r ON r.table_id = t.id") === true) reads += 1;
        return query(config, ...rest);
      },
    });
    const live = startLive({
      db,
      connectionString: database.url,
      timing: { dealDelayMs: 0, resultPauseMs: 100, bettingWindowMs: () => 500 },
      log: silentLog,
    });
    const acts: Promise<unknown>[] = [];
    /** The round being watched: the reads at its first turn, and its actions. */
    let watched: { roundId: string; readsAtTurn: number; acts: number } | undefined;
    let readsBetween: number | undefined;
    const stop = live.hub.listen(
      { tableId: table.id },
      {
        event(event: TableEvent) {
          const payload = event.payload as { roundId: string; seat?: number; actions?: string[] };
          if (event.type === "round.opened") {
            const bets = [{ bet: "main", seat: 1, amount: 1_000 }];
            const requestId = randomUUID();
            void live.desk.place({ playerId, roundId: payload.roundId, bets, requestId });
          } else if (event.type === "turn.started" && payload.seat === 1) {
            if (watched?.roundId !== payload.roundId) {
              watched = { roundId: payload.roundId, readsAtTurn: reads, acts: 0 };
            }
            // Hit once, then stand: the dealer plays after the last decision.
            const action = watched.acts === 0 ? "hit" : "stand";
            watched.acts += 1;
            acts.push(
              act(db, {
                playerId,
                roundId: payload.roundId,
                seat: 1,
                action: payload.actions!.includes(action) ? action : payload.actions![0]!,
                requestId: randomUUID(),
              }),
            );
          } else if (event.type === "round.settled" && event.playerId === null) {
            // A round with no turn for the seat (a blackjack dealt) is not the one watched.
            if (watched?.roundId === payload.roundId && readsBetween === undefined) {
              readsBetween = reads - watched.readsAtTurn;
            }
          }
        },
        end: () => undefined,
      },
    );
    try {
      await until(
        "a round with the seat's decisions settled",
        () => Promise.resolve(readsBetween !== undefined || undefined),
        20_000,
      );
      await Promise.all(acts);
    } finally {
      stop();
      await live.stop();
      Object.assign(pool, { query });
    }
    expect(watched!.acts).toBeGreaterThanOrEqual(1);
    // From the seat's first turn to the settlement, the runner stepped from the rounds the
    // actions wrote.
    expect(readsBetween).toBe(0);
    expect(await auditLiveTables(db)).toEqual([]);
  });
  it("taken in another process, it is dealt on at once: the runner waiting for it reads the table when its events come", async () => {
    const table = await db.table.findUniqueOrThrow({ where: { slug: "joker-blackjack" } });
    await db.table.update({
      where: { id: table.id },
      data: { settings: { seats: 7, actionSeconds: 60 } },
    });
    const playerId = await newPlayer(db, 1_000_000);
    await sit(db, { playerId, tableId: table.id, seat: 2 });
    const live = startLive({
      db,
      connectionString: database.url,
      timing: { dealDelayMs: 0, resultPauseMs: 100, bettingWindowMs: () => 500 },
      log: silentLog,
    });
    /** When the seat's last action was sent, and how long after it the round settled. */
    let actedAt = 0;
    let settledAfter: number | undefined;
    let roundId: string | undefined;
    const stop = live.hub.listen(
      { tableId: table.id },
      {
        event(event: TableEvent) {
          const payload = event.payload as { roundId: string; seat?: number; actions?: string[] };
          if (event.type === "round.opened" && roundId === undefined) {
            const bets = [{ bet: "main", seat: 2, amount: 1_000 }];
            void live.desk.place({
              playerId,
              roundId: payload.roundId,
              bets,
              requestId: randomUUID(),
            });
          } else if (
            event.type === "turn.started" &&
            payload.seat === 2 &&
            (roundId ?? payload.roundId) === payload.roundId
          ) {
            roundId = payload.roundId;
            // The runner waits on from its own table meanwhile, through many polls.
            const action = payload.actions!.includes("stand") ? "stand" : "declineInsurance";
            const input = { playerId, roundId, seat: 2, action, requestId: randomUUID() };
            actedAt = Date.now();
            void actElsewhere(input);
          } else if (event.type === "round.settled" && event.playerId === null) {
            if (payload.roundId === roundId) {
              settledAfter = Date.now() - actedAt;
            }
          }
        },
        end: () => undefined,
      },
    );
    try {
      // The seat's timer is 60 s: only the action's events can have the round dealt sooner.
      await until(
        "the round settled after the action",
        () => Promise.resolve(settledAfter !== undefined || undefined),
        40_000,
      );
    } finally {
      stop();
      await live.stop();
    }
    // The other process starts, acts and ends in a few seconds.
    expect(settledAfter).toBeLessThan(20_000);
    expect(await auditLiveTables(db)).toEqual([]);
  });
});
