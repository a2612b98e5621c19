/**
 * Sign-in throttling (docs/accounts.md, Sign-in defences): counts of failed or spent attempts
 * per account and per address, and the waits they earn, in PostgreSQL's `auth_throttles` so
 * that every game API node sees the same counts. One row per key; each wait earned in a row is
 * twice the last, up to a cap, and the streak is forgotten after a quiet spell.
 */
import type { Db } from "@fuda/db";
import { Prisma, sqlClient } from "@fuda/db";

/** How many attempts a key may spend within a window before it must wait. */
export interface ThrottleRule {
  /** Attempts allowed per window; the one that reaches this number starts a wait. */
  attempts: number;
  windowMs: number;
  /** The first wait; each following one is twice the last. */
  firstWaitMs: number;
  maxWaitMs: number;
}

/** A key's row in `auth_throttles`. */
export interface ThrottleCount {
  /** Attempts counted in the window (0 right after a wait starts). */
  failures: number;
  windowStartsAt: Date;
  /** Waits earned in a row. */
  locks: number;
  lockedUntil: Date | null;
}

/** After this long with no wait, a key's next wait is the first again. */
export const FORGET_AFTER_MS = 60 * 60_000;

/** The wait a key earns with its `locks`-th wait in a row (0 for the first). */
export function waitFor(rule: ThrottleRule, locks: number): number {
  return Math.min(rule.firstWaitMs * 2 ** Math.min(locks, 30), rule.maxWaitMs);
}

/**
 * A key's count after one more attempt at `now`: the decision itself. `spend` makes the same
 * one in SQL, in one statement, so that concurrent attempts on any node each count once.
 */
export function afterAttempt(
  count: ThrottleCount | undefined,
  rule: ThrottleRule,
  now: number,
): ThrottleCount {
  const at = new Date(now);
  const windowOver = count === undefined || count.windowStartsAt.getTime() <= now - rule.windowMs;
  const failures = windowOver ? 1 : count.failures + 1;
  const lockedUntil = count?.lockedUntil ?? null;
  const forgotten = lockedUntil !== null && lockedUntil.getTime() <= now - FORGET_AFTER_MS;
  const streak = count === undefined || forgotten ? 0 : count.locks;
  if (failures < rule.attempts) {
    return {
      failures,
      windowStartsAt: windowOver ? at : count.windowStartsAt,
      locks: streak,
      lockedUntil,
    };
  }
  return {
    failures: 0,
    windowStartsAt: at,
    locks: streak + 1,
    lockedUntil: new Date(now + waitFor(rule, streak)),
  };
}

/** The waits of a streak, first to the cap: what `waitFor` gives, as an array for SQL. */
function waitsOf(rule: ThrottleRule): number[] {
  const waits = [waitFor(rule, 0)];
  while (waits.length <= 30 && waits.at(-1)! < rule.maxWaitMs) {
    waits.push(waitFor(rule, waits.length));
  }
  return waits;
}

export interface Throttle {
  /** The latest end of a wait among `keys` still running, or undefined when none is. */
  waitingUntil(keys: string[], now?: number): Promise<Date | undefined>;
  /**
   * Counts an attempt against `key` under `rule` (afterAttempt). The end of the wait this
   * attempt started, else undefined.
   */
  spend(key: string, rule: ThrottleRule, now?: number): Promise<Date | undefined>;
  /** A success: the key's count starts again (a wait already earned runs on). */
  clear(key: string): Promise<void>;
  /** Deletes rows with no wait running and no count in a live window. */
  sweep(now?: number): Promise<number>;
}

export function createThrottle(db: Db): Throttle {
  const sql = sqlClient(db);
  return {
    async waitingUntil(keys, now = Date.now()) {
      if (keys.length === 0) return undefined;
      const rows = await sql.$queryRaw<{ until: Date | null }[]>`
        SELECT max(locked_until) AS until FROM auth_throttles
        WHERE key = ANY(${keys}::text[]) AND locked_until > ${new Date(now)}`;
      return rows[0]?.until ?? undefined;
    },

    async spend(key, rule, now = Date.now()) {
      const at = new Date(now);
      const first = afterAttempt(undefined, rule, now);
      const waits = waitsOf(rule);
      // afterAttempt on the row as it is, the row locked by the upsert: the same decision.
      const windowOver = Prisma.sql`t.window_starts_at <= ${new Date(now - rule.windowMs)}`;
      const failures = Prisma.sql`(CASE WHEN ${windowOver} THEN 1 ELSE t.failures + 1 END)`;
      const streak = Prisma.sql`(CASE WHEN t.locked_until <= ${new Date(now - FORGET_AFTER_MS)}
        THEN 0 ELSE t.locks END)`;
      const reached = Prisma.sql`${failures} >= ${rule.attempts}::int`;
      const rows = await sql.$queryRaw<{ started: Date | null }[]>`
        INSERT INTO auth_throttles AS t
          (key, failures, window_starts_at, locks, locked_until, updated_at)
        VALUES (${key}, ${first.failures}::int, ${first.windowStartsAt}, ${first.locks}::int,
          ${first.lockedUntil}::timestamptz, ${at})
        ON CONFLICT (key) DO UPDATE SET
          failures = CASE WHEN ${reached} THEN 0 ELSE ${failures} END,
          window_starts_at = CASE WHEN ${reached} OR ${windowOver} THEN ${at}::timestamptz
            ELSE t.window_starts_at END,
          locks = CASE WHEN ${reached} THEN ${streak} + 1 ELSE ${streak} END,
          locked_until = CASE WHEN ${reached}
            THEN ${at}::timestamptz + interval '1 millisecond' *
              (${waits}::int[])[least(${streak} + 1, ${waits.length}::int)]
            ELSE t.locked_until END,
          updated_at = ${at}
        RETURNING CASE WHEN failures = 0 THEN locked_until END AS started`;
      return rows[0]?.started ?? undefined;
    },

    async clear(key) {
      await db.$executeRaw`UPDATE auth_throttles SET failures = 0 WHERE key = ${key}`;
    },

    async sweep(now = Date.now()) {
      // No key's window is longer than an hour: a row untouched for one counts nothing.
      return db.$executeRaw`
        DELETE FROM auth_throttles
        WHERE (locked_until IS NULL OR locked_until <= ${new Date(now - FORGET_AFTER_MS)})
          AND updated_at <= ${new Date(now - FORGET_AFTER_MS)}`;
    },
  };
}
