/**
 * The event hub (docs/live-tables.md, Events): one `LISTEN table_events` connection per process.
 * A notification carries its event whole (table_events_notify), handed at once to the in-memory
 * subscribers that may see it; only an event too long for NOTIFY comes as an id, and the hub then
 * reads every new row once, in pages. While a read runs, whole events wait behind it, in order,
 * and further ids only mark that another read is due.
 *
 * The connection outlives database outages: on error or end it reconnects with backoff,
 * listens again and reads from the last id it saw, so subscribers' streams stay open and miss
 * nothing. A slow safety poll covers a notification lost any other way.
 */
import { setTimeout as sleep } from "node:timers/promises";

import pg from "pg";

import type { Db } from "@fuda/db";
import { sqlClient } from "@fuda/db";

import type { TableEvent } from "./events";
import { readEvents } from "./events";
import { createHubCore, replayFromDatabase } from "./hub-core";
import { DEFAULT_MAX_QUEUE } from "./hub-subscriber";
import type { LiveLog } from "./log";
import { defaultLiveLog, oneLine } from "./log";
import type { EventHub } from "./services";

export interface EventHubOptions {
  db: Db;
  /** The database of `db`: the LISTEN connection is a client of its own, outside the pool. */
  connectionString: string;
  /** A warn line per connection loss or failed read, for the operator. */
  log?: LiveLog;
  /** Rows per read. */
  pageSize?: number;
  /** How often the hub reads without a notification, in case one was lost. */
  safetyPollMs?: number;
  /** Live events a subscriber may have waiting before it is ended as too slow. */
  maxQueue?: number;
  /** Reconnection delays: the first, doubled up to the last. */
  backoffMs?: { first: number; max: number };
}

const CHANNEL = "table_events";

/** The hub's LISTEN connection, as `pg_stat_activity` shows it: tests end it to prove recovery. */
export const LISTEN_QUERY = `LISTEN ${CHANNEL}`;

export function createEventHub({
  db,
  connectionString,
  log = defaultLiveLog(),
  pageSize = 1_000,
  safetyPollMs = 5_000,
  maxQueue = DEFAULT_MAX_QUEUE,
  backoffMs = { first: 250, max: 2_000 },
}: EventHubOptions): EventHub {
  let closed = false;
  let listener: pg.Client | undefined;
  /** The LISTEN connection is up: set once it listens, cleared at its first error or end. */
  let listening = false;
  let reading = false;
  let more = false;
  const closing = new AbortController();
  // New events are read on every notification: on node-postgres, several times cheaper.
  const reader = sqlClient(db);
  const core = createHubCore({
    maxQueue,
    replay: (subscriber, after, caughtUp) =>
      replayFromDatabase(
        { db, pageSize, backoffMs, closing: closing.signal, log },
        subscriber,
        after,
        caughtUp,
      ),
  });

  /** Reads everything after the last id handed, page by page, and hands it out. */
  async function readNew(): Promise<void> {
    for (;;) {
      const lastSeen = core.lastSeen();
      if (lastSeen === undefined) return;
      const page = await readEvents(reader, { afterId: lastSeen, limit: pageSize });
      for (const event of page) core.hand(event, BigInt(event.id));
      if (page.length < pageSize) return;
    }
  }

  /**
   * The highest event id a notification named. Events become visible in id order (the events
   * lock), so an id at or below the last one handed was handed by an earlier read: a step's
   * long events, notified one by one, cost one read, not two.
   */
  let notified = 0n;
  const unread = (): boolean => {
    const seen = core.lastSeen();
    return seen !== undefined && notified > seen;
  };
  /** A wake came during the last read, or a notified event is still unread. */
  const readAgain = (): boolean => !closed && (more || unread());
  const isClosed = (): boolean => closed;
  /**
   * Every event committed before the newest notification has been handed: cleared when the
   * LISTEN connection is lost or a read fails, set by the read that follows. Until then, and
   * while a read runs, whole events wait in `held`: handed after the read, those it did not
   * return, so every event is handed once and in id order (notifications come in commit order,
   * which is id order).
   */
  let current = false;
  let held: { event: TableEvent; id: bigint }[] = [];

  /** A notification: its event whole, or an id when the event is too long (table_events_notify). */
  function onNotification(message: pg.Notification): void {
    const payload = message.payload ?? "";
    if (payload.startsWith("{")) {
      const event = JSON.parse(payload) as TableEvent;
      const id = BigInt(event.id);
      if (current && !reading) {
        core.hand(event, id);
        return;
      }
      held.push({ event, id });
      if (!reading) wake();
      return;
    }
    const id = /^\d+$/.test(payload) ? BigInt(payload) : null;
    if (id === null) {
      wake();
      return;
    }
    if (id > notified) notified = id;
    // A running read reads again while it is unread.
    if (!reading && unread()) wake();
  }

  /** Starts a read, or marks one due when a read is running (a burst becomes one more read). */
  function wake(): void {
    if (closed) return;
    if (reading) {
      more = true;
      return;
    }
    reading = true;
    void (async () => {
      try {
        do {
          more = false;
          await readNew();
        } while (readAgain());
        // In the read's last turn: a notification after it is handed at once. A read that ends
        // between a lost connection and the new one's read does not make the hub current. Before
        // the hub knows where "new" starts (`begin`), nothing is handed: its first read finds them.
        const begun = core.lastSeen() !== undefined;
        current = listening && begun;
        if (begun) for (const { event, id } of held) core.hand(event, id);
      } catch (error) {
        // The database is likely away: the reconnect or the safety poll reads again, and finds
        // the events held meanwhile.
        current = false;
        log.warn({ reason: oneLine(error) }, "event hub: reading new events failed");
      } finally {
        held = [];
        reading = false;
      }
    })();
  }

  /** Connects, listens, learns where "new" starts; retried with backoff until closed. */
  async function connect(): Promise<void> {
    let delay = backoffMs.first;
    while (!closed) {
      const client = new pg.Client({ connectionString });
      try {
        client.on("notification", onNotification);
        await client.connect();
        await client.query(LISTEN_QUERY);
        if (core.lastSeen() === undefined) {
          // Listening already: an event committed after this read is also notified.
          // Read through the pool: the listener's last query stays LISTEN in pg_stat_activity.
          const rows = await db.$queryRaw<{ id: bigint }[]>`
            SELECT coalesce(max(id), 0) AS id FROM table_events`;
          core.begin(rows[0]!.id);
        }
        if (isClosed()) {
          await client.end();
          return;
        }
        listener = client;
        listening = true;
        client.on("error", (error) => {
          listening = false;
          current = false;
          log.warn({ reason: oneLine(error) }, "event hub: LISTEN connection lost: reconnecting");
        });
        client.once("end", () => {
          listening = false;
          current = false;
          listener = undefined;
          if (!closed) void connect();
        });
        // Whatever committed while no one listened.
        wake();
        return;
      } catch (error) {
        client.removeAllListeners();
        client.on("error", () => undefined);
        await client.end().catch(() => undefined);
        log.warn({ reason: oneLine(error), retryMs: delay }, "event hub: cannot LISTEN: retrying");
        await sleep(delay, undefined, { signal: closing.signal }).catch(() => undefined);
        delay = Math.min(delay * 2, backoffMs.max);
      }
    }
  }

  void connect();
  const poll = setInterval(wake, safetyPollMs);
  poll.unref();

  return {
    listen: core.listen,
    subscribe: core.subscribe,
    lastId: core.lastId,
    connected: () => listening,
    async close() {
      if (closed) return;
      closed = true;
      listening = false;
      closing.abort();
      clearInterval(poll);
      core.close();
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
