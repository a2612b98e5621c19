/**
 * The event hub on NATS JetStream (docs/scaling.md, Events over NATS): the same subscribers and
 * hand-over as the LISTEN hub (hub-core.ts), but live events come from one ordered consumer of
 * the whole stream rather than from PostgreSQL, so a node serving viewers reads no event row.
 *
 * A subscriber that comes back with a last id replays from the stream: its first sequence after
 * that id is found in the hub's memory of recent ids (or by a binary search of the stream), then
 * read message by message with direct gets on its table's subject. An id older than the stream's
 * first message is replayed from `table_events`, the one read a stream edge may still make.
 */
import { setTimeout as sleep } from "node:timers/promises";

import type { ConsumerMessages } from "@nats-io/jetstream";
import { DeliverPolicy } from "@nats-io/jetstream";

import type { Db } from "@fuda/db";

import type { Backoff } from "./hub-core";
import { createHubCore, replayFromDatabase } from "./hub-core";
import type { Subscriber } from "./hub-subscriber";
import { DEFAULT_MAX_QUEUE } from "./hub-subscriber";
import type { LiveLog } from "./log";
import { defaultLiveLog, oneLine } from "./log";
import type { EventStream } from "./nats-events";
import { eventOf } from "./nats-events";
import type { EventHub } from "./services";

export interface NatsEventHubOptions {
  db: Db;
  events: EventStream;
  log?: LiveLog;
  /** Rows per read of a replay from PostgreSQL. */
  pageSize?: number;
  maxQueue?: number;
  backoffMs?: Backoff;
  /** Recent event ids remembered with their stream sequence: a reconnect's replay starts there. */
  remembered?: number;
}

/** Ids and sequences of the recent events, oldest first, in two parallel arrays. */
class RecentSequences {
  private ids: bigint[] = [];
  private seqs: number[] = [];

  constructor(private readonly size: number) {}

  add(id: bigint, seq: number): void {
    this.ids.push(id);
    this.seqs.push(seq);
    if (this.ids.length >= this.size * 2) {
      this.ids = this.ids.slice(this.size);
      this.seqs = this.seqs.slice(this.size);
    }
  }

  /** The sequence of the first event after `id`, when `id` is at or past the oldest remembered. */
  after(id: bigint): number | undefined {
    const { ids } = this;
    if (ids.length === 0 || id < ids[0]!) return undefined;
    let low = 0;
    let high = ids.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (ids[middle]! <= id) low = middle + 1;
      else high = middle;
    }
    return low < ids.length ? this.seqs[low] : this.seqs[ids.length - 1]! + 1;
  }
}

export function createNatsEventHub({
  db,
  events,
  log = defaultLiveLog(),
  pageSize = 1_000,
  maxQueue = DEFAULT_MAX_QUEUE,
  backoffMs = { first: 250, max: 2_000 },
  remembered = 100_000,
}: NatsEventHubOptions): EventHub {
  const closing = new AbortController();
  /** A function, not the flag: it changes across awaits. */
  const stopping = (): boolean => closing.signal.aborted;
  const recent = new RecentSequences(remembered);
  let consuming = false;
  let messages: ConsumerMessages | undefined;
  const fromDatabase = (subscriber: Subscriber, after: bigint, caughtUp?: () => Promise<void>) =>
    replayFromDatabase(
      { db, pageSize, backoffMs, closing: closing.signal, log },
      subscriber,
      after,
      caughtUp,
    );
  const core = createHubCore({
    maxQueue,
    replay: (subscriber, after, caughtUp) => replay(subscriber, after, caughtUp),
  });

  /** The event id a stream sequence holds, or undefined when the stream no longer has it. */
  async function idAt(seq: number): Promise<bigint | undefined> {
    const message = await events.jsm.streams.getMessage(events.stream, { seq }).catch(() => null);
    return message === null ? undefined : eventOf(message).id;
  }

  /**
   * The first stream sequence after event `id`; undefined when the stream does not reach back to
   * it (its first message is later), so the events after `id` may be only in PostgreSQL.
   */
  async function sequenceAfter(id: bigint): Promise<number | undefined> {
    const known = recent.after(id);
    if (known !== undefined) return known;
    const state = await events.state();
    if (state.messages === 0) return undefined;
    const first = await idAt(state.first_seq);
    if (first === undefined || first > id) return undefined;
    // The first sequence whose id is past `id`, between the first (not past it) and the end.
    let low = state.first_seq + 1;
    let high = state.last_seq + 1;
    while (low < high) {
      const middle = Math.floor((low + high) / 2);
      const at = await idAt(middle);
      if (at === undefined) return undefined;
      if (at <= id) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  /** A subscriber's missed events from the stream, one direct get each, then live. */
  async function replay(
    subscriber: Subscriber,
    after: bigint,
    caughtUp: (() => Promise<void>) | undefined,
  ): Promise<void> {
    const subject =
      subscriber.filter.tableId === undefined
        ? events.everyTable
        : events.subjectOf(subscriber.filter.tableId);
    const gone = (): boolean => subscriber.isEnded || closing.signal.aborted;
    let seq: number | undefined;
    let delay = backoffMs.first;
    let read = 0;
    while (!gone()) {
      try {
        if (seq === undefined) {
          seq = await sequenceAfter(after);
          if (seq === undefined) {
            await fromDatabase(subscriber, after, caughtUp);
            return;
          }
        }
        const message = await events.jsm.direct.getMessage(events.stream, {
          seq,
          next_by_subj: subject,
        });
        if (message === null) break;
        const { event, id } = eventOf(message);
        subscriber.replayed(event, id);
        seq = message.seq + 1;
        delay = backoffMs.first;
        read += 1;
        if (read % pageSize === 0 && caughtUp !== undefined) await caughtUp();
      } catch (error) {
        // "no message found" ends the replay (JetStream's 404); anything else is retried.
        if (isNotFound(error)) break;
        log.warn({ reason: oneLine(error) }, "event hub: replaying from NATS failed: retrying");
        await sleep(delay, undefined, { signal: closing.signal }).catch(() => undefined);
        delay = Math.min(delay * 2, backoffMs.max);
      }
    }
    subscriber.goLive();
  }

  /** Where "new" starts: the stream's last event, or the relay's record when it holds none. */
  async function start(): Promise<number> {
    const state = await events.state();
    const last = state.messages > 0 ? await idAt(state.last_seq) : undefined;
    if (last !== undefined) {
      core.begin(last);
    } else {
      const rows = await db.$queryRaw<{ id: bigint }[]>`
        SELECT coalesce((SELECT published_id FROM event_relay WHERE id = 1), 0) AS id`;
      core.begin(rows[0]!.id);
    }
    return state.last_seq + 1;
  }

  /**
   * One ordered consumer of every table's subject, for as long as the hub runs. After NATS comes
   * back the consumer is made again at once from the next sequence (the server's may be gone; the
   * client would otherwise notice only at its next missed heartbeat).
   */
  async function consume(): Promise<void> {
    let delay = backoffMs.first;
    let next: number | undefined;
    while (!closing.signal.aborted) {
      try {
        next ??= await start();
        // A stream made again (NATS lost its files) starts its sequences over: so does the hub,
        // and the ids it has handed already are dropped.
        const { last_seq: last, first_seq: first } = await events.state();
        if (next > last + 1) next = Math.max(first, 1);
        const consumer = await events.js.consumers.get(events.stream, {
          filter_subjects: events.everyTable,
          deliver_policy: DeliverPolicy.StartSequence,
          opt_start_seq: next,
        });
        const current = await consumer.consume({ max_messages: 1_000, expires: 5_000 });
        messages = current;
        // Made again by us, from where the hub is, when the server lost it or its stream.
        void (async () => {
          for await (const status of current.status()) {
            if (LOST.has(status.type)) current.stop();
          }
        })().catch(() => undefined);
        consuming = true;
        delay = backoffMs.first;
        for await (const message of messages) {
          const { event, id } = eventOf(message);
          next = message.seq + 1;
          if (core.hand(event, id)) recent.add(id, message.seq);
        }
        continue;
      } catch (error) {
        if (stopping()) return;
        log.warn({ reason: oneLine(error), retryMs: delay }, "event hub: NATS consumer failed");
      } finally {
        consuming = false;
        messages = undefined;
      }
      await sleep(delay, undefined, { signal: closing.signal }).catch(() => undefined);
      delay = Math.min(delay * 2, backoffMs.max);
    }
  }

  const off = events.onReconnect(() => {
    messages?.stop();
  });
  void consume();

  return {
    listen: core.listen,
    subscribe: core.subscribe,
    lastId: core.lastId,
    connected: () => consuming && events.connected(),
    async close() {
      if (closing.signal.aborted) return;
      closing.abort();
      off();
      consuming = false;
      await messages?.close().catch(() => undefined);
      core.close();
    },
  };
}

/** A consumer's notifications after which the hub makes its consumer again. */
const LOST = new Set([
  "stream_not_found",
  "consumer_not_found",
  "consumer_deleted",
  "heartbeats_missed",
]);

function isNotFound(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (("code" in error && (error.code === 404 || error.code === "404")) ||
      ("message" in error && /not found/i.test(String(error.message))))
  );
}
