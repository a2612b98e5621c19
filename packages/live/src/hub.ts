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
import { fanoutLag } from "@fuda/telemetry";

import type { TableEvent } from "./events";
import { readEvents } from "./events";
import { streamOf } from "./hub-stream";
import type { EventListener, SubscriberFilter } from "./hub-subscriber";
import { DEFAULT_MAX_QUEUE, Subscriber } from "./hub-subscriber";
import type { LiveLog } from "./log";
import { defaultLiveLog, oneLine } from "./log";
import type { EventHub, SubscribeOptions } from "./services";

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
  /** Subscribers by table id; every table's under "*". */
  const byTable = new Map<string, Set<Subscriber>>();
  let lastSeen: bigint | undefined;
  let closed = false;
  let listener: pg.Client | undefined;
  /** The LISTEN connection is up: set once it listens, cleared at its first error or end. */
  let listening = false;
  let reading = false;
  let more = false;
  const closing = new AbortController();

  let isReady = false;
  let markReady: () => void = () => undefined;
  /** Resolves once `lastSeen` is known: "new events" means after it. */
  const ready = new Promise<void>((resolve) => {
    markReady = () => {
      isReady = true;
      resolve();
    };
  });

  /**
   * One live event to every subscriber of its table, synchronously: `id` parsed once here. The
   * lag is the event's commit (its `created_at`, the transaction's start: a step's transaction
   * is short) to the end of the writes to its subscribers.
   */
  const hand = (event: TableEvent, id: bigint): void => {
    for (const key of [event.tableId, "*"]) {
      const subscribers = byTable.get(key);
      if (subscribers === undefined) continue;
      for (const subscriber of subscribers) subscriber.push(event, id);
    }
    fanoutLag.observe(Math.max(0, Date.now() - Date.parse(event.at)) / 1000);
  };

  /** Reads everything after `lastSeen`, page by page, and hands it out. */
  async function readNew(): Promise<void> {
    if (lastSeen === undefined) return;
    for (;;) {
      const page = await readEvents(db, { afterId: lastSeen, limit: pageSize });
      for (const event of page) {
        const id = BigInt(event.id);
        lastSeen = id;
        hand(event, id);
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
        log.warn({ reason: oneLine(error) }, "event hub: reading new events failed");
      } finally {
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
        listening = true;
        client.on("error", (error) => {
          listening = false;
          log.warn({ reason: oneLine(error) }, "event hub: LISTEN connection lost: reconnecting");
        });
        client.once("end", () => {
          listening = false;
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

  /** The subscriber's missed events, in pages at the consumer's pace; an outage only delays them. */
  async function replay(
    subscriber: Subscriber,
    after: bigint,
    caughtUp: (() => Promise<void>) | undefined,
  ): Promise<void> {
    let cursor = after;
    let delay = backoffMs.first;
    let pages = 0;
    const gone = (): boolean => subscriber.isEnded || isClosed();
    while (!gone()) {
      if (pages > 0 && caughtUp !== undefined) await caughtUp();
      if (gone()) return;
      let page: TableEvent[];
      try {
        page = await readEvents(db, {
          afterId: cursor,
          tableId: subscriber.filter.tableId,
          limit: pageSize,
        });
        delay = backoffMs.first;
      } catch (error) {
        log.warn({ reason: oneLine(error) }, "event hub: replaying missed events failed: retrying");
        await sleep(delay, undefined, { signal: closing.signal }).catch(() => undefined);
        delay = Math.min(delay * 2, backoffMs.max);
        continue;
      }
      pages += 1;
      for (const event of page) {
        cursor = BigInt(event.id);
        subscriber.replayed(event, cursor);
      }
      if (page.length < pageSize) break;
    }
    subscriber.goLive();
  }

  /** Registers a subscriber: from here on, an event is either read by its replay or held. */
  function start(options: SubscribeOptions, afterId: bigint | undefined, listener: EventListener) {
    const filter: SubscriberFilter = { tableId: options.tableId, playerId: options.playerId };
    const key = options.tableId ?? "*";
    const from = afterId ?? lastSeen!;
    // Nothing to replay for a subscriber already up to date (most of them: no query each).
    const behind = from < lastSeen!;
    const abort = (): void => {
      subscriber.end();
    };
    let subscribers = byTable.get(key);
    if (subscribers === undefined) byTable.set(key, (subscribers = new Set()));
    const table = subscribers;
    const subscriber = new Subscriber(filter, from, behind, maxQueue, listener, () => {
      options.signal?.removeEventListener("abort", abort);
      table.delete(subscriber);
      if (table.size === 0 && byTable.get(key) === table) byTable.delete(key);
    });
    table.add(subscriber);
    options.signal?.addEventListener("abort", abort, { once: true });
    if (options.signal?.aborted === true) subscriber.end();
    if (behind) void replay(subscriber, from, listener.caughtUp?.bind(listener));
    return subscriber;
  }

  function listen(options: SubscribeOptions, listener: EventListener): () => void {
    // Parsed before anything is registered: a bad id throws to the caller.
    const afterId =
      options.afterId !== undefined && options.afterId !== null && options.afterId !== ""
        ? BigInt(options.afterId)
        : undefined;
    let subscriber: Subscriber | undefined;
    let stopped = false;
    const begin = (): void => {
      if (stopped || closed) listener.end();
      else subscriber = start(options, afterId, listener);
    };
    if (isReady) begin();
    else void ready.then(begin);
    return () => {
      if (subscriber !== undefined) subscriber.end();
      else stopped = true;
    };
  }

  return {
    listen,
    subscribe: (options) => streamOf(listen, options, maxQueue),
    lastId: () => (lastSeen ?? 0n).toString(),
    connected: () => listening,
    async close() {
      if (closed) return;
      closed = true;
      listening = false;
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
