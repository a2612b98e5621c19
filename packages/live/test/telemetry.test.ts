import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDb, seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { HmacDrbg } from "@fuda/shoe";
import { createLogger, tableLastTransition, withRequestId } from "@fuda/telemetry";
import { until } from "@fuda/testkit";

import { createBetDesk, startDealer } from "../src";
import type { BetDesk, Dealer, LiveLog } from "../src";
import { closeRound, newPlayer, openRound, setTableStatus } from "./fixtures";
import { failure, sample } from "./helpers";

const POINT = 100;

/** A pino logger (the servers' own) writing its JSON lines into memory. */
function memoryLogger(level: string): { log: LiveLog; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger("live-test", {
    level,
    destination: {
      write(line: string) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  });
  return { log, lines };
}

describe("the bet desk's metrics and log lines", () => {
  let database: TestDatabase;
  let db: Db;
  let desk: BetDesk;
  const { log, lines } = memoryLogger("info");
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb(database.url, { poolSize: 8 });
    desk = createBetDesk({ db, log });
  });
  afterAll(async () => {
    await desk.close();
    await db.$disconnect();
    await database.drop();
  });

  it("counts each bet placed by game and each refusal by its code, one info line each in the caller's request", async () => {
    const [rich, other, poor] = [
      await newPlayer(db),
      await newPlayer(db),
      await newPlayer(db, 10 * POINT),
    ];
    const { roundId } = await openRound(db, "baccarat-a");
    const closed = (await openRound(db, "baccarat-b")).roundId;
    await closeRound(db, closed);
    const reasons = ["INSUFFICIENT_FUNDS", "BETTING_CLOSED", "BAD_INPUT"];
    const refusedBy = async () =>
      Object.fromEntries(
        await Promise.all(
          reasons.map(async (reason) => [
            reason,
            await sample("fuda_bets_refused_total", { reason }),
          ]),
        ),
      ) as Record<string, number>;
    const before = {
      placed: await sample("fuda_bets_placed_total", { game: "baccarat" }),
      refused: await refusedBy(),
      batches: await sample("fuda_bet_batch_size_count"),
      slips: await sample("fuda_bet_batch_size_sum"),
      timed: await sample("fuda_bet_batch_duration_seconds_count"),
    };
    const place = (request: string, playerId: string, round: string, bets: object[]) =>
      withRequestId(request, () =>
        desk.place({
          playerId,
          roundId: round,
          requestId: randomUUID(),
          bets: bets as { bet: string; amount: number }[],
        }),
      );
    // Together, so the two accepted slips and the two refused in the batch may share one.
    const results = await Promise.allSettled([
      place("req-rich", rich, roundId, [
        { bet: "banker", amount: 100 * POINT },
        { bet: "tie", amount: 10 * POINT },
      ]),
      place("req-other", other, roundId, [{ bet: "player", amount: 50 * POINT }]),
      place("req-poor", poor, roundId, [{ bet: "player", amount: 20 * POINT }]),
      place("req-closed", rich, closed, [{ bet: "player", amount: 5 * POINT }]),
      // Refused before any batch: the input itself is wrong.
      place("req-input", rich, roundId, [{ bet: "player", amount: -5 }]),
    ]);
    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
      "rejected",
    ]);

    expect((await sample("fuda_bets_placed_total", { game: "baccarat" })) - before.placed).toBe(3);
    const refused = await refusedBy();
    for (const reason of reasons) expect(refused[reason]! - before.refused[reason]!).toBe(1);
    // Four slips reached a batch (the bad input did not), in one batch or more, each timed.
    const batches = (await sample("fuda_bet_batch_size_count")) - before.batches;
    expect(batches).toBeGreaterThanOrEqual(1);
    expect((await sample("fuda_bet_batch_size_sum")) - before.slips).toBe(4);
    expect((await sample("fuda_bet_batch_duration_seconds_count")) - before.timed).toBe(batches);

    const placed = lines.filter((line) => line.msg === "bet placed");
    expect(
      placed.map(({ requestId, table, round, spot, amount }) => ({
        requestId,
        table,
        round,
        spot,
        amount,
      })),
    ).toEqual(
      expect.arrayContaining([
        {
          requestId: "req-rich",
          table: "baccarat-a",
          round: roundId,
          spot: "banker",
          amount: 100 * POINT,
        },
        { requestId: "req-rich", table: "baccarat-a", round: roundId, spot: "tie", amount: 1_000 },
        {
          requestId: "req-other",
          table: "baccarat-a",
          round: roundId,
          spot: "player",
          amount: 5_000,
        },
      ]),
    );
    expect(placed).toHaveLength(3);
    const refusals = lines
      .filter((line) => line.msg === "bet refused")
      .map(({ requestId, reason, level }) => ({ requestId, reason, level }));
    expect(refusals).toEqual(
      expect.arrayContaining([
        { requestId: "req-poor", reason: "INSUFFICIENT_FUNDS", level: 30 },
        { requestId: "req-closed", reason: "BETTING_CLOSED", level: 30 },
        { requestId: "req-input", reason: "BAD_INPUT", level: 30 },
      ]),
    );
    // The player is no label and no field of any line.
    for (const line of [...placed, ...refusals]) {
      expect(JSON.stringify(line)).not.toMatch(/player-/);
    }
  });

  it("a replayed request counts and logs nothing again; an undo logs what it gave back", async () => {
    const player = await newPlayer(db);
    const { roundId } = await openRound(db, "baccarat-a");
    const input = {
      playerId: player,
      roundId,
      requestId: randomUUID(),
      bets: [{ bet: "banker", amount: 30 * POINT }],
    };
    await desk.place(input);
    const before = await sample("fuda_bets_placed_total", { game: "baccarat" });
    const logged = lines.length;
    expect(await desk.place(input)).toMatchObject({ replayed: true });
    expect(await sample("fuda_bets_placed_total", { game: "baccarat" })).toBe(before);
    expect(lines.slice(logged).filter((line) => line.msg === "bet placed")).toEqual([]);

    await withRequestId("req-undo", () => desk.undo({ playerId: player, roundId }));
    expect(lines.find((line) => line.msg === "bets undone")).toMatchObject({
      requestId: "req-undo",
      table: "baccarat-a",
      round: roundId,
      bets: 1,
      amount: 30 * POINT,
    });
    await closeRound(db, roundId);
    const refusedBefore = await sample("fuda_bets_refused_total", { reason: "BETTING_CLOSED" });
    expect(await failure(desk.undo({ playerId: player, roundId }))).toMatchObject({
      code: "BETTING_CLOSED",
    });
    // An undo refused is no bet refused.
    expect(await sample("fuda_bets_refused_total", { reason: "BETTING_CLOSED" })).toBe(
      refusedBefore,
    );
    expect(lines.at(-1)).toMatchObject({ msg: "undo refused", reason: "BETTING_CLOSED" });
  });
});

describe("the dealer's metrics and log lines", () => {
  let database: TestDatabase;
  let dealer: Dealer | undefined;
  const { log, lines } = memoryLogger("debug");
  beforeAll(async () => {
    database = await createTestDatabase();
    await seed(database.db);
  });
  afterAll(async () => {
    await dealer?.stop();
    await database.drop();
  });

  it("counts each phase a round enters by table, times the phases it leaves, logs each at debug, and reports the open tables it deals", async () => {
    const db = database.db;
    // The series are the process's: a file before this one in the worker must have left none.
    const leftBefore = (await tableLastTransition.get()).values.map((value) => value.labels.table);
    expect(leftBefore).toEqual([]);
    const paused = await db.table.findUniqueOrThrow({ where: { slug: "baccarat-b" } });
    await setTableStatus(db, paused.id, "PAUSED");
    const open = await db.table.count({ where: { status: "OPEN" } });
    const phases = async () => ({
      betting: await sample("fuda_round_phases_total", { table: "baccarat-a", phase: "betting" }),
      dealing: await sample("fuda_round_phases_total", { table: "baccarat-a", phase: "dealing" }),
      settled: await sample("fuda_round_phases_total", { table: "baccarat-a", phase: "settled" }),
    });
    const timed = (phase: string) =>
      sample("fuda_round_phase_duration_seconds_count", { game: "baccarat", phase });
    const before = { ...(await phases()), timed: await timed("betting") };
    const started = Date.now() / 1000;

    dealer = startDealer({
      db,
      connectionString: database.url,
      timing: {
        dealDelayMs: 0,
        resultPauseMs: 0,
        bettingWindowMs: () => 40,
        totalsIntervalMs: 20,
        lateCloseGraceMs: 10_000,
      },
      claimIntervalMs: 100,
      rng: () => new HmacDrbg({ serverSeed: "0a0b0c" }),
      log,
    });
    const round = await until(
      "a round of baccarat-a to settle",
      async () =>
        (await db.round.findFirst({ where: { table: { slug: "baccarat-a" }, phase: "settled" } }))
          ?.id,
      30_000,
    );
    // The runner counts a phase once its step has committed: a moment after the row shows it.
    const after = await until("the settled round counted", async () => {
      const now = await phases();
      return now.settled > before.settled ? now : undefined;
    });
    expect(after.betting - before.betting).toBeGreaterThanOrEqual(1);
    expect(after.dealing - before.dealing).toBeGreaterThanOrEqual(1);
    expect(after.settled - before.settled).toBeGreaterThanOrEqual(1);
    expect((await timed("betting")) - before.timed).toBeGreaterThanOrEqual(1);

    const steps = lines
      .filter((line) => line.msg === "round phase" && line.round === round)
      .map(({ level, table, phase }) => ({ level, table, phase }));
    expect(steps).toEqual([
      { level: 20, table: "baccarat-a", phase: "betting" },
      { level: 20, table: "baccarat-a", phase: "dealing" },
      { level: 20, table: "baccarat-a", phase: "settled" },
    ]);

    await until("the dealer to count its tables", async () =>
      (await sample("fuda_tables_open")) === open - 1 ? true : undefined,
    );
    const last = await sample("fuda_table_last_transition_seconds", { table: "baccarat-a" });
    expect(last).toBeGreaterThanOrEqual(started);
    // A paused table is not stuck: it has no last transition to grow old (gone once its runner
    // reads the pause: a runner that kept its table since the last round reads it at its open).
    await until("the paused table's last transition gone", async () => {
      const series = (await tableLastTransition.get()).values;
      return series.some((value) => value.labels.table === "baccarat-b") ? undefined : true;
    });

    await dealer.stop();
    dealer = undefined;
    expect(await sample("fuda_tables_open")).toBe(0);
    const left = (await tableLastTransition.get()).values;
    expect(left.map((value) => value.labels.table)).not.toContain("baccarat-a");
    // Its waits are a minute each at most: a full run busy on both cores took the whole default.
  }, 120_000);
});
