/**
 * The outbox relay (docs/scaling.md, Events over NATS): `table_events` is the outbox. A step's
 * events are rows of its own transaction, so a step that rolled back published nothing and a
 * step that committed is published even when its node dies the next instant: the relay reads
 * committed rows in id order (appendEvents makes ids visible in commit order) and publishes each
 * to its table's subject with the event id as the message id.
 *
 * One relay publishes at a time, cluster-wide: it holds a session advisory lock on a connection
 * of its own, and every other candidate waits on the same lock, so a relay that dies (its
 * connection ends with it) is replaced at once. Publishes are pipelined, each expecting the
 * stream's last sequence to be the one before it: a publish that fails fails every later one of
 * the page, so the stream never holds an event after a missing one. After a failure the relay
 * asks the stream where it stands and goes on from there; `event_relay` keeps the last id
 * acknowledged, for a stream that has lost or expired its messages.
 */
import { setTimeout as sleep } from "node:timers/promises";

import type { PubAck } from "@nats-io/jetstream";
import pg from "pg";

import type { Db } from "@fuda/db";
import { eventsPublished } from "@fuda/telemetry";

import { readEvents } from "./events";
import type { Backoff } from "./hub-core";
import type { LiveLog } from "./log";
import { defaultLiveLog, oneLine } from "./log";
import type { EventStream } from "./nats-events";
import { eventOf } from "./nats-events";

/** The relay's lock: one publisher per database. */
const RELAY_LOCK = 0x6675_6472; // "fudr"

export interface EventRelayOptions {
  db: Db;
  /** The database of `db`: the lock and LISTEN connection is a client of its own. */
  connectionString: string;
  events: EventStream;
  log?: LiveLog;
  /** Events per page: published together, their acknowledgements awaited together. */
  pageSize?: number;
  /** How often the relay reads without a notification, in case one was lost. */
  pollMs?: number;
  backoffMs?: Backoff;
  /** How long a publish waits for JetStream's acknowledgement. */
  publishTimeoutMs?: number;
}

export interface EventRelay {
  /** True while this process holds the lock and publishes. */
  publishing(): boolean;
  stop(): Promise<void>;
}

/** The stream's end: the last event id it holds (or the relay's record) and its last sequence. */
interface Position {
  eventId: bigint;
  seq: number;
}

export function startEventRelay({
  db,
  connectionString,
  events,
  log = defaultLiveLog(),
  pageSize = 500,
  pollMs = 1_000,
  backoffMs = { first: 250, max: 2_000 },
  publishTimeoutMs = 5_000,
}: EventRelayOptions): EventRelay {
  const closing = new AbortController();
  /** A function, not the flag: it changes across awaits. */
  const stopping = (): boolean => closing.signal.aborted;
  let holder: pg.Client | undefined;
  let held = false;

  let due = false;
  let waiter: (() => void) | undefined;
  const wake = (): void => {
    due = true;
    waiter?.();
  };
  /** Waits for a notification, the poll or the end, whichever comes first. */
  async function nap(ms: number): Promise<void> {
    if (!due) {
      await new Promise<void>((resolve) => {
        waiter = resolve;
        const timer = setTimeout(resolve, ms);
        timer.unref();
      });
      waiter = undefined;
    }
    due = false;
  }

  async function position(): Promise<Position> {
    const state = await events.state();
    const seq = state.last_seq;
    if (state.messages > 0) {
      const last = await events.jsm.streams.getMessage(events.stream, { seq });
      if (last !== null) return { eventId: eventOf(last).id, seq };
    }
    const rows = await db.$queryRaw<{ id: bigint }[]>`
      SELECT coalesce((SELECT published_id FROM event_relay WHERE id = 1),
        (SELECT max(id) FROM table_events), 0) AS id`;
    return { eventId: rows[0]!.id, seq };
  }

  /** Publishes one page; returns the new position, or throws after recording what was stored. */
  async function publish(from: Position): Promise<Position | undefined> {
    const page = await readEvents(db, { afterId: from.eventId, limit: pageSize });
    if (page.length === 0) return undefined;
    const acks = await Promise.allSettled(
      page.map((event, index) =>
        events.js.publish(events.subjectOf(event.tableId), JSON.stringify(event), {
          msgID: event.id,
          expect: { lastSequence: from.seq + index },
          timeout: publishTimeoutMs,
        }),
      ),
    );
    let stored = 0;
    while (stored < acks.length && acks[stored]!.status === "fulfilled") stored += 1;
    let reached = from;
    if (stored > 0) {
      const ack = acks[stored - 1] as PromiseFulfilledResult<PubAck>;
      reached = { eventId: BigInt(page[stored - 1]!.id), seq: ack.value.seq };
      eventsPublished.inc(stored);
      await db.$executeRaw`
        UPDATE event_relay SET published_id = ${reached.eventId}, updated_at = now() WHERE id = 1`;
    }
    if (stored < acks.length) throw (acks[stored] as PromiseRejectedResult).reason;
    return reached;
  }

  /** Publishes while the lock is held: from the stream's end, again after every failure. */
  async function relay(): Promise<void> {
    let at: Position | undefined;
    let delay = backoffMs.first;
    while (held && !closing.signal.aborted) {
      try {
        at ??= await position();
        const next = await publish(at);
        delay = backoffMs.first;
        if (next === undefined) await nap(pollMs);
        else at = next;
      } catch (error) {
        at = undefined;
        log.warn({ reason: oneLine(error), retryMs: delay }, "event relay: publishing failed");
        await sleep(delay, undefined, { signal: closing.signal }).catch(() => undefined);
        delay = Math.min(delay * 2, backoffMs.max);
      }
    }
  }

  async function run(): Promise<void> {
    let delay = backoffMs.first;
    while (!closing.signal.aborted) {
      const client = new pg.Client({ connectionString });
      client.on("error", (error) => {
        if (held) log.warn({ reason: oneLine(error) }, "event relay: lock connection lost");
        held = false;
        wake();
      });
      client.on("end", () => {
        held = false;
        wake();
      });
      client.on("notification", wake);
      try {
        holder = client;
        await client.connect();
        // Waits while another node relays; granted the moment its connection ends.
        await client.query("SELECT pg_advisory_lock($1)", [RELAY_LOCK]);
        await client.query("LISTEN table_events");
        if (stopping()) break;
        held = true;
        delay = backoffMs.first;
        log.info({}, "event relay: publishing table events to NATS");
        await relay();
      } catch (error) {
        if (!stopping()) {
          log.warn({ reason: oneLine(error), retryMs: delay }, "event relay: cannot take the lock");
        }
      } finally {
        held = false;
        holder = undefined;
        await client.end().catch(() => undefined);
      }
      await sleep(delay, undefined, { signal: closing.signal }).catch(() => undefined);
      delay = Math.min(delay * 2, backoffMs.max);
    }
  }

  const running = run();
  return {
    publishing: () => held,
    async stop() {
      closing.abort();
      held = false;
      wake();
      // Ends a wait on the lock too.
      await holder?.end().catch(() => undefined);
      await running;
    },
  };
}
