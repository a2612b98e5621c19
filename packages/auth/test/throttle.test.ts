/**
 * Sign-in throttling's counts (docs/accounts.md, Sign-in defences): the decision as a pure
 * function, and the one SQL statement that makes it on a real PostgreSQL, alone and with
 * attempts racing from two game API nodes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { createDb } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";

import type { ThrottleCount, ThrottleRule } from "../src/throttle";
import { afterAttempt, createThrottle, FORGET_AFTER_MS, waitFor } from "../src/throttle";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** The account rule's defaults: 5 a minute, then 30 s, 60 s … up to 15 min. */
const account: ThrottleRule = {
  attempts: 5,
  windowMs: MINUTE,
  firstWaitMs: 30 * SECOND,
  maxWaitMs: 15 * MINUTE,
};
const T0 = Date.parse("2026-03-01T12:00:00Z");

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

/** Attempts at the given times, through the pure function. */
const counted = (times: number[], rule = account): ThrottleCount | undefined =>
  times.reduce<ThrottleCount | undefined>(
    (count, now) => afterAttempt(count, rule, now),
    undefined,
  );

const rowOf = async (db: Db, key: string): Promise<ThrottleCount | undefined> => {
  const row = await db.authThrottle.findUnique({ where: { key } });
  return row === null
    ? undefined
    : {
        failures: row.failures,
        windowStartsAt: row.windowStartsAt,
        locks: row.locks,
        lockedUntil: row.lockedUntil,
      };
};

let keys = 0;
const freshKey = () => `account:throttle-test-${++keys}@example.com`;

describe("the waits", () => {
  it("each wait earned in a row is twice the last, up to the cap", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 40].map((locks) => waitFor(account, locks) / SECOND)).toEqual([
      30, 60, 120, 240, 480, 900, 900, 900,
    ]);
  });
});

describe("the decision (afterAttempt)", () => {
  it("the 5th attempt within a minute starts a 30 s wait and the count starts again", () => {
    const four = counted([0, 1, 2, 3].map((s) => T0 + s * SECOND));
    expect(four).toMatchObject({ failures: 4, locks: 0, lockedUntil: null });
    const fifth = afterAttempt(four, account, T0 + 4 * SECOND);
    expect(fifth).toEqual({
      failures: 0,
      windowStartsAt: new Date(T0 + 4 * SECOND),
      locks: 1,
      lockedUntil: new Date(T0 + 34 * SECOND),
    });
  });

  it("attempts spread wider than the window never wait", () => {
    // Windows open at 0, 70 and 140 s: never more than two attempts in one.
    const spread = counted([0, 50, 70, 120, 140, 190].map((s) => T0 + s * SECOND));
    expect(spread).toEqual({
      failures: 2,
      windowStartsAt: new Date(T0 + 140 * SECOND),
      locks: 0,
      lockedUntil: null,
    });
  });

  it("the next streak waits 60 s, the one after 120 s; an hour after a wait, 30 s again", () => {
    const streak = (from: number) => [0, 1, 2, 3, 4].map((s) => from + s * SECOND);
    /** The wait the last of `times` started, in seconds. */
    const waitOf = (times: number[]) =>
      (counted(times)!.lockedUntil!.getTime() - times.at(-1)!) / SECOND;
    const one = streak(T0);
    const two = [...one, ...streak(T0 + 40 * SECOND)];
    const three = [...two, ...streak(T0 + 110 * SECOND)];
    expect([waitOf(one), waitOf(two), waitOf(three)]).toEqual([30, 60, 120]);
    const end = counted(three)!.lockedUntil!.getTime();
    expect(waitOf([...three, ...streak(end + FORGET_AFTER_MS - MINUTE)])).toBe(240);
    expect(waitOf([...three, ...streak(end + FORGET_AFTER_MS)])).toBe(30);
  });
});

describe("the statement (spend) on PostgreSQL", () => {
  it("leaves the row afterAttempt gives, attempt after attempt, and says which attempt started a wait", async () => {
    const throttle = createThrottle(database.db);
    const key = freshKey();
    const seconds = [0, 1, 2, 3, 4, 40, 41, 42, 43, 44, 200, 400, 401, 3_000, 7_000, 7_001];
    let expected: ThrottleCount | undefined;
    const waits: [number, number][] = [];
    for (const s of seconds) {
      const now = T0 + s * SECOND;
      expected = afterAttempt(expected, account, now);
      const started = await throttle.spend(key, account, now);
      expect(await rowOf(database.db, key), `at ${s} s`).toEqual(expected);
      // A count of 0 is a wait that started with this attempt.
      expect(started, `at ${s} s`).toEqual(
        expected.failures === 0 ? expected.lockedUntil : undefined,
      );
      if (started !== undefined) waits.push([s, (started.getTime() - now) / SECOND]);
    }
    // Two streaks in the run, 30 s then 60 s; by 7,000 s the streak is forgotten.
    expect(waits).toEqual([
      [4, 30],
      [44, 60],
    ]);
    expect(expected?.locks).toBe(0);
  });

  it("counts every one of 60 racing attempts from two nodes once: 12 waits, each twice the last", async () => {
    const otherNode = createDb(database.url);
    try {
      const nodes = [createThrottle(database.db), createThrottle(otherNode)];
      const key = freshKey();
      const rule: ThrottleRule = { ...account, maxWaitMs: 1_000 * MINUTE };
      const now = T0;
      const started = await Promise.all(
        Array.from({ length: 60 }, (_, i) => nodes[i % 2]!.spend(key, rule, now)),
      );
      const waits = started.filter((until) => until !== undefined).map((d) => d.getTime() - now);
      expect(waits.sort((a, b) => a - b)).toEqual(
        Array.from({ length: 12 }, (_, locks) => waitFor(rule, locks)),
      );
      expect(await rowOf(database.db, key)).toEqual(
        counted(
          Array.from({ length: 60 }, () => now),
          rule,
        ),
      );
    } finally {
      await otherNode.$disconnect();
    }
  });

  it("a running wait refuses every key it holds; a success clears the count, not the wait", async () => {
    const throttle = createThrottle(database.db);
    const key = freshKey();
    const other = freshKey();
    for (let i = 0; i < 4; i++) await throttle.spend(other, account, T0);
    await throttle.clear(other);
    expect((await rowOf(database.db, other))?.failures).toBe(0);
    for (let i = 0; i < 5; i++) await throttle.spend(key, account, T0);
    expect(await throttle.waitingUntil([other, key], T0 + SECOND)).toEqual(
      new Date(T0 + 30 * SECOND),
    );
    await throttle.clear(key);
    expect(await throttle.waitingUntil([key], T0 + 29 * SECOND)).toEqual(
      new Date(T0 + 30 * SECOND),
    );
    expect(await throttle.waitingUntil([key], T0 + 30 * SECOND)).toBeUndefined();
    expect(await throttle.waitingUntil([], T0)).toBeUndefined();
  });

  it("the sweep deletes rows an hour quiet, and keeps a streak still remembered", async () => {
    const throttle = createThrottle(database.db);
    const [quiet, recent, remembered] = [freshKey(), freshKey(), freshKey()];
    const long: ThrottleRule = { ...account, firstWaitMs: 15 * MINUTE };
    await throttle.spend(quiet, account, T0);
    await throttle.spend(recent, account, T0 + FORGET_AFTER_MS);
    // Its wait ends at T0 + 15 min: its streak counts until an hour after that.
    for (let i = 0; i < 5; i++) await throttle.spend(remembered, long, T0);
    const left = async () =>
      (
        await database.db.authThrottle.findMany({
          where: { key: { in: [quiet, recent, remembered] } },
          select: { key: true },
        })
      )
        .map((row) => row.key)
        .sort();
    await throttle.sweep(T0 + FORGET_AFTER_MS + MINUTE);
    expect(await left()).toEqual([recent, remembered].sort());
    await throttle.sweep(T0 + FORGET_AFTER_MS + 20 * MINUTE);
    expect(await left()).toEqual([recent]);
  });
});
