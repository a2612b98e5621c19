/**
 * Sign-in throttling (docs/security.md, Sign-in defences): counts of failed or spent attempts
 * per account and per address, and the waits they earn, in PostgreSQL's `auth_throttles` so
 * that every game API node sees the same counts. One row per key; each wait earned in a row is
 * twice the last, up to a cap, and the streak is forgotten after a quiet spell.
 */
import type { Db } from "@fuda/db";
import { sqlClient } from "@fuda/db";

/** How many attempts a key may spend within a window before it must wait. */
export interface ThrottleRule {
  /** Attempts allowed per window; the next one waits. */
  attempts: number;
  windowMs: number;
  /** The first wait; each following one is twice the last. */
  firstWaitMs: number;
  maxWaitMs: number;
}

/** After this long with no wait, a key's next wait is the first again. */
export const FORGET_AFTER_MS = 60 * 60_000;

/** The wait a key earns with its `locks`-th wait in a row (0 for the first). */
export function waitFor(rule: ThrottleRule, locks: number): number {
  return Math.min(rule.firstWaitMs * 2 ** Math.min(locks, 30), rule.maxWaitMs);
}

export interface Throttle {
  /** The latest end of a wait among `keys` still running, or undefined when none is. */
  waitingUntil(keys: string[], now?: number): Promise<Date | undefined>;
  /**
   * Counts an attempt against `key` under `rule`; the attempt that reaches the rule's number
   * starts a wait. The wait's end when one started, else undefined.
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
      // One statement: concurrent attempts on any node each count once.
      const [row] = await sql.$queryRaw<{ failures: number; locks: number }[]>`
        INSERT INTO auth_throttles AS t (key, failures, window_starts_at, locks, updated_at)
        VALUES (${key}, 1, ${at}, 0, ${at})
        ON CONFLICT (key) DO UPDATE SET
          failures = CASE WHEN t.window_starts_at <= ${new Date(now - rule.windowMs)}
            THEN 1 ELSE t.failures + 1 END,
          window_starts_at = CASE WHEN t.window_starts_at <= ${new Date(now - rule.windowMs)}
            THEN ${at} ELSE t.window_starts_at END,
          locks = CASE WHEN t.locked_until IS NOT NULL
              AND t.locked_until <= ${new Date(now - FORGET_AFTER_MS)} THEN 0 ELSE t.locks END,
          updated_at = ${at}
        RETURNING failures, locks`;
      if (row === undefined || row.failures < rule.attempts) return undefined;
      const until = new Date(now + waitFor(rule, row.locks));
      // Conditional on the count just read: of concurrent attempts, one starts the wait.
      const locked = await sql.$queryRaw<{ locked_until: Date }[]>`
        UPDATE auth_throttles SET locks = locks + 1, locked_until = ${until}, failures = 0,
          window_starts_at = ${at}, updated_at = ${at}
        WHERE key = ${key} AND failures = ${row.failures}
        RETURNING locked_until`;
      return locked[0]?.locked_until ?? until;
    },

    async clear(key) {
      await db.$executeRaw`UPDATE auth_throttles SET failures = 0 WHERE key = ${key}`;
    },

    async sweep(now = Date.now()) {
      return db.$executeRaw`
        DELETE FROM auth_throttles
        WHERE (locked_until IS NULL OR locked_until <= ${new Date(now - FORGET_AFTER_MS)})
          AND updated_at <= ${new Date(now - FORGET_AFTER_MS)}`;
    },
  };
}
