/**
 * What every event hub does whatever carries its events (docs/live-tables.md, Events;
 * docs/scaling.md, Events over NATS): the subscribers by table, the hand-out of each live event
 * to them, and the registration that decides whether a new subscriber must first replay what it
 * missed. The transport (LISTEN/NOTIFY and PostgreSQL in hub.ts, JetStream in nats-hub.ts) says
 * where "new" starts, hands live events in id order and replays a subscriber's missed ones.
 */
import { setTimeout as sleep } from "node:timers/promises";

import type { Db } from "@fuda/db";
import { fanoutLag } from "@fuda/telemetry";

import type { TableEvent } from "./events";
import { readEvents } from "./events";
import { streamOf } from "./hub-stream";
import type { EventListener, SubscriberFilter } from "./hub-subscriber";
import { Subscriber } from "./hub-subscriber";
import type { LiveLog } from "./log";
import { oneLine } from "./log";
import type { EventHub, SubscribeOptions } from "./services";

/** Reads a subscriber's missed events after `after`, then calls `subscriber.goLive()`. */
export type Replay = (
  subscriber: Subscriber,
  after: bigint,
  caughtUp: (() => Promise<void>) | undefined,
) => Promise<void>;

export interface HubCore extends Pick<EventHub, "listen" | "subscribe" | "lastId"> {
  /**
   * One live event to every subscriber of its table, synchronously. An id at or below the last
   * handed is dropped (a transport may deliver one twice); returns whether it was handed.
   */
  hand(event: TableEvent, id: bigint): boolean;
  /** The last id handed, or where "new" starts; undefined until `begin`. */
  lastSeen(): bigint | undefined;
  /** Where "new" starts, once the transport knows: subscribers wait for it. */
  begin(lastSeen: bigint): void;
  /** Ends every subscriber; later ones end at once. */
  close(): void;
}

export function createHubCore({ maxQueue, replay }: { maxQueue: number; replay: Replay }): HubCore {
  /** Subscribers by table id; every table's under "*". */
  const byTable = new Map<string, Set<Subscriber>>();
  let lastSeen: bigint | undefined;
  let closed = false;
  let isReady = false;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = () => {
      isReady = true;
      resolve();
    };
  });

  /**
   * The lag is the event's commit (its `created_at`, the transaction's start: a step's
   * transaction is short) to the end of the writes to its subscribers.
   */
  function hand(event: TableEvent, id: bigint): boolean {
    if (lastSeen !== undefined && id <= lastSeen) return false;
    lastSeen = id;
    for (const key of [event.tableId, "*"]) {
      const subscribers = byTable.get(key);
      if (subscribers === undefined) continue;
      for (const subscriber of subscribers) subscriber.push(event, id);
    }
    fanoutLag.observe(Math.max(0, Date.now() - Date.parse(event.at)) / 1000);
    return true;
  }

  /** Registers a subscriber: from here on, an event is either read by its replay or held. */
  function start(options: SubscribeOptions, afterId: bigint | undefined, listener: EventListener) {
    const filter: SubscriberFilter = { tableId: options.tableId, playerId: options.playerId };
    const key = options.tableId ?? "*";
    const newest = lastSeen!;
    const from = afterId ?? newest;
    // Nothing to replay for a subscriber already up to date (most of them: no query each).
    const behind = from < newest;
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
    hand,
    listen,
    subscribe: (options) => streamOf(listen, options, maxQueue),
    lastId: () => (lastSeen ?? 0n).toString(),
    lastSeen: () => lastSeen,
    begin(from) {
      lastSeen ??= from;
      markReady();
    },
    close() {
      if (closed) return;
      closed = true;
      for (const subscribers of byTable.values()) {
        for (const subscriber of subscribers) subscriber.end();
      }
      byTable.clear();
      markReady();
    },
  };
}

export interface Backoff {
  first: number;
  max: number;
}

/**
 * A subscriber's missed events from `table_events`, in pages at the consumer's pace, then live;
 * an outage only delays them (each failed read is retried with backoff until the hub closes).
 */
export async function replayFromDatabase(
  {
    db,
    pageSize,
    backoffMs,
    closing,
    log,
  }: { db: Db; pageSize: number; backoffMs: Backoff; closing: AbortSignal; log: LiveLog },
  subscriber: Subscriber,
  after: bigint,
  caughtUp: (() => Promise<void>) | undefined,
): Promise<void> {
  let cursor = after;
  let delay = backoffMs.first;
  let pages = 0;
  const gone = (): boolean => subscriber.isEnded || closing.aborted;
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
      await sleep(delay, undefined, { signal: closing }).catch(() => undefined);
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
