/**
 * The event hub (docs/live-tables.md, Events): one `LISTEN table_events` connection per process.
 * A notification carries only an event id; the hub then reads every new row once, in pages, and
 * hands each to the in-memory subscribers that may see it. Bursts are coalesced: while a read
 * runs, further notifications only mark that another read is due.
 *
 * The connection outlives database outages: on error or end it reconnects with backoff,
 * listens again and reads from the last id it saw, so subscribers' streams stay open and miss
 * nothing. A slow safety poll covers a notification lost any other way.
 */
import { setTimeout as sleep } from "node:timers/promises";

import pg from "pg";

import type { Db } from "@fuda/db";

import type { TableEvent } from "./events";
import { readEvents } from "./events";
import type { SubscriberFilter } from "./hub-subscriber";
import { DEFAULT_MAX_QUEUE, sees, Subscriber } from "./hub-subscriber";
import type { EventHub, SubscribeOptions } from "./services";

export interface EventHubOptions {
  db: Db;
  /** The database of `db`: the LISTEN connection is a client of its own, outside the pool. */
  connectionString: string;
  /** One line per connection loss or failed read, for the operator. */
  log?: (line: string) => void;
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
  log = (line) => {
    console.error(line);
  },
  pageSize = 1_000,
  safetyPollMs = 5_000,
  maxQueue = DEFAULT_MAX_QUEUE,
  backoffMs = { first: 250, max: 2_000 },
}: EventHubOptions): EventHub {
  /** Subscribers by table id; every table's under "*". */
  const byTable = new Map<string, Set<Subscriber>>();
  let lastSeen: bigint | undefined;
  let closed = false;
  let listener: pg.Client | undefined;
  let reading = false;
  let more = false;
  const closing = new AbortController();

  let markReady: () => void = () => undefined;
  /** Resolves once `lastSeen` is known: "new events" means after it. */
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  const hand = (event: TableEvent): void => {
    for (const key of [event.tableId, "*"]) {
      const subscribers = byTable.get(key);
      if (subscribers === undefined) continue;
      for (const subscriber of subscribers) {
        if (sees(subscriber.filter, event)) subscriber.push(event);
      }
    }
  };

  /** Reads everything after `lastSeen`, page by page, and hands it out. */
  async function readNew(): Promise<void> {
    if (lastSeen === undefined) return;
    for (;;) {
      const page = await readEvents(db, { afterId: lastSeen, limit: pageSize });
      for (const event of page) {
        lastSeen = BigInt(event.id);
        hand(event);
      }
      if (page.length < pageSize) return;
    }
  }

  /** A notification came during the last read. */
  const readAgain = (): boolean => more && !closed;
  const isClosed = (): boolean => closed;

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
      } catch (error) {
        // The database is likely away: the reconnect or the safety poll reads again.
        log(`event hub: reading new events failed: ${message(error)}`);
      } finally {
        reading = false;
      }
    })();
  }

  /** Connects, listens, learns where "new" starts; retried with backoff until closed. */
  async function listen(): Promise<void> {
    let delay = backoffMs.first;
    while (!closed) {
      const client = new pg.Client({ connectionString });
      try {
        client.on("notification", wake);
        await client.connect();
        await client.query(LISTEN_QUERY);
        if (lastSeen === undefined) {
          // Listening already: an event committed after this read is also notified.
          // Read through the pool: the listener's last query stays LISTEN in pg_stat_activity.
          const rows = await db.$queryRaw<{ id: bigint }[]>`
            SELECT coalesce(max(id), 0) AS id FROM table_events`;
          lastSeen = rows[0]!.id;
          markReady();
        }
        if (isClosed()) {
          await client.end();
          return;
        }
        listener = client;
        client.on("error", (error) => {
          log(`event hub: LISTEN connection lost: ${message(error)}`);
        });
        client.once("end", () => {
          listener = undefined;
          if (!closed) void listen();
        });
        // Whatever committed while no one listened.
        wake();
        return;
      } catch (error) {
        client.removeAllListeners();
        client.on("error", () => undefined);
        await client.end().catch(() => undefined);
        log(`event hub: cannot LISTEN (retrying in ${delay} ms): ${message(error)}`);
        await sleep(delay, undefined, { signal: closing.signal }).catch(() => undefined);
        delay = Math.min(delay * 2, backoffMs.max);
      }
    }
  }

  void listen();
  const poll = setInterval(wake, safetyPollMs);
  poll.unref();

  /** The subscriber's missed events, in pages; an outage only delays them. */
  async function* replay(
    filter: SubscriberFilter,
    after: bigint,
    open: () => boolean,
  ): AsyncGenerator<TableEvent> {
    let cursor = after;
    let delay = backoffMs.first;
    while (open() && !closed) {
      let page: TableEvent[];
      try {
        page = await readEvents(db, { afterId: cursor, tableId: filter.tableId, limit: pageSize });
        delay = backoffMs.first;
      } catch (error) {
        log(`event hub: replaying missed events failed (retrying): ${message(error)}`);
        await sleep(delay, undefined, { signal: closing.signal }).catch(() => undefined);
        delay = Math.min(delay * 2, backoffMs.max);
        continue;
      }
      for (const event of page) {
        cursor = BigInt(event.id);
        if (sees(filter, event)) yield event;
      }
      if (page.length < pageSize) return;
    }
  }

  async function* subscribe(options: SubscribeOptions): AsyncGenerator<TableEvent> {
    await ready;
    if (closed) return;
    const filter: SubscriberFilter = { tableId: options.tableId, playerId: options.playerId };
    const subscriber = new Subscriber(filter, maxQueue);
    const key = options.tableId ?? "*";
    let subscribers = byTable.get(key);
    if (subscribers === undefined) byTable.set(key, (subscribers = new Set()));
    subscribers.add(subscriber);
    // Registered before the replay starts: an event is either read by the replay or queued.
    const afterId =
      options.afterId !== undefined && options.afterId !== null && options.afterId !== ""
        ? BigInt(options.afterId)
        : lastSeen!;
    const abort = (): void => {
      subscriber.end();
    };
    options.signal?.addEventListener("abort", abort, { once: true });
    if (options.signal?.aborted === true) subscriber.end();
    // Nothing to replay for a subscriber already up to date (most of them: no query each).
    const behind = afterId < lastSeen!;
    const replayed = (after: bigint, open: () => boolean) =>
      replay(filter, after, () => behind && open());
    yield* subscriber.stream(afterId, replayed, () => {
      options.signal?.removeEventListener("abort", abort);
      subscribers.delete(subscriber);
      if (subscribers.size === 0 && byTable.get(key) === subscribers) byTable.delete(key);
    });
  }

  return {
    subscribe,
    lastId: () => (lastSeen ?? 0n).toString(),
    async close() {
      if (closed) return;
      closed = true;
      closing.abort();
      clearInterval(poll);
      for (const subscribers of byTable.values()) {
        for (const subscriber of subscribers) subscriber.end();
      }
      byTable.clear();
      markReady();
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

const message = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ");
