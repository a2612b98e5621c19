import { setTimeout as sleep } from "node:timers/promises";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { poolOf, seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { NatsServer } from "@fuda/testkit";
import { startNatsServer, until } from "@fuda/testkit";

import type { EventHub, EventRelay, EventStream, NewEvent, TableEvent } from "../src";
import { recordingLog, sample } from "./helpers";
import {
  appendEvents,
  connectEventStream,
  createEventHub,
  createNatsEventHub,
  LISTEN_QUERY,
  readEvents,
  SlowSubscriberError,
  startEventRelay,
} from "../src";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let tableA: string;
let tableB: string;
const hubs: EventHub[] = [];
const { log, lines: logged } = recordingLog();
/** A NATS of the file's own, its stream, and the relay that publishes the events there. */
let nats: NatsServer;
let events: EventStream;
let relay: EventRelay;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seed(db);
  const tables = await db.table.findMany({ orderBy: { slug: "asc" } });
  tableA = tables[0]!.id;
  tableB = tables[1]!.id;
  nats = await startNatsServer();
  events = await connectEventStream({ url: nats.url, log });
  relay = startEventRelay({ db, connectionString: database.url, events, log });
});
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.close()));
});
afterAll(async () => {
  await relay.stop();
  await events.close();
  await nats.close();
  await database.drop();
});

type Transport = "LISTEN/NOTIFY" | "NATS JetStream";

const hubOn = (
  transport: Transport,
  options: { safetyPollMs?: number; maxQueue?: number } = {},
): EventHub => {
  const created =
    transport === "LISTEN/NOTIFY"
      ? createEventHub({ db, connectionString: database.url, log, pageSize: 7, ...options })
      : createNatsEventHub({ db, events, log, pageSize: 7, ...options });
  hubs.push(created);
  return created;
};
const hub = (options: { safetyPollMs?: number; maxQueue?: number } = {}): EventHub =>
  hubOn("LISTEN/NOTIFY", options);

/** The newest event id in `table_events`. */
async function newestId(): Promise<string> {
  const [newest] = await db.$queryRaw<{ id: bigint }[]>`
    SELECT coalesce(max(id), 0) AS id FROM table_events`;
  return newest!.id.toString();
}

/** Until the hub has read every committed event (the relay's publish comes first on NATS). */
async function caughtUp(h: EventHub): Promise<void> {
  const newest = await newestId();
  await until("the hub caught up", () => Promise.resolve(h.lastId() === newest ? true : undefined));
}

/** The dealer's write: events appended as the last statement of a transaction. */
const append = (events: NewEvent[]): Promise<void> =>
  db.$transaction((tx) => appendEvents(tx, events));

const event = (tableId: string, n: number, playerId: string | null = null): NewEvent => ({
  tableId,
  playerId,
  type: "bets.totals",
  // The payload's round number is the test's sequence number.
  payload: { roundId: "00000000-0000-4000-8000-000000000000", number: n, stakes: {}, bettors: 0 },
});

/** Reads `count` events from a stream, or fails after `ms`. */
async function take(
  stream: AsyncIterator<TableEvent>,
  count: number,
  ms = 5_000,
): Promise<TableEvent[]> {
  const got: TableEvent[] = [];
  const deadline = sleep(ms).then(() => "timeout" as const);
  while (got.length < count) {
    const next = await Promise.race([stream.next(), deadline]);
    if (next === "timeout") throw new Error(`timed out after ${got.length} of ${count} events`);
    if (next.done === true) throw new Error(`stream ended after ${got.length} of ${count}`);
    got.push(next.value);
  }
  return got;
}

/** Subscribes from the newest event now (as a client does with `tables.get`'s `lastEventId`). */
async function subscribed(
  h: EventHub,
  options: Parameters<EventHub["subscribe"]>[0],
): Promise<AsyncIterator<TableEvent>> {
  const [newest] = await db.$queryRaw<{ id: bigint }[]>`
    SELECT coalesce(max(id), 0) AS id FROM table_events`;
  const afterId = newest!.id.toString();
  const iterable = h.subscribe({ afterId, ...options });
  const stream = iterable[Symbol.asyncIterator]();
  // The generator registers on its first next(); keep that pending call for the caller.
  const first = stream.next();
  // Held for the caller, who may await it only later (a rejection is seen then).
  first.catch(() => undefined);
  await sleep(50);
  let used = false;
  return {
    next: () => {
      if (used) return stream.next();
      used = true;
      return first;
    },
    return: (value?: unknown) => stream.return!(value),
  };
}

const payloadN = (events: TableEvent[]): number[] =>
  events.map((e) => (e.type === "bets.totals" ? e.payload.number : Number.NaN));

describe.each<Transport>(["LISTEN/NOTIFY", "NATS JetStream"])(
  "the event hub on %s",
  (transport) => {
    const hub = (options: { maxQueue?: number } = {}): EventHub => hubOn(transport, options);

    it("fans one table's events out to every subscriber, in id order, and only that table's", async () => {
      const h = hub();
      const streams = await Promise.all(
        Array.from({ length: 50 }, () => subscribed(h, { tableId: tableA })),
      );
      const other = await subscribed(h, { tableId: tableB });
      await append([event(tableA, 1), event(tableB, 2), event(tableA, 3)]);
      await append([event(tableA, 4)]);
      for (const stream of streams) expect(payloadN(await take(stream, 3))).toEqual([1, 3, 4]);
      expect(payloadN(await take(other, 1))).toEqual([2]);
      for (const stream of [...streams, other]) await stream.return?.();
    });

    it("a private event reaches only its player; public ones reach everyone", async () => {
      const h = hub();
      const alice = await subscribed(h, { tableId: tableA, playerId: "alice" });
      const bob = await subscribed(h, { tableId: tableA, playerId: "bob" });
      const anonymous = await subscribed(h, { tableId: tableA });
      await append([event(tableA, 1), event(tableA, 2, "alice"), event(tableA, 3, "bob")]);
      await append([event(tableA, 4)]);
      expect(payloadN(await take(alice, 3))).toEqual([1, 2, 4]);
      expect(payloadN(await take(bob, 3))).toEqual([1, 3, 4]);
      expect(payloadN(await take(anonymous, 2))).toEqual([1, 4]);
    });

    it("a subscriber resuming from its last id gets every missed event once, in order, with events appended during the hand-over", async () => {
      const h = hub();
      const first = await subscribed(h, { tableId: tableA, playerId: "alice" });
      await append([event(tableA, 1), event(tableA, 2)]);
      const seen = await take(first, 2);
      await first.return?.();

      // Missed while away: more than one page (pageSize 7), one private to alice, one to bob.
      for (let n = 3; n <= 20; n += 1) {
        await append([event(tableA, n, n === 10 ? "alice" : n === 11 ? "bob" : null)]);
      }
      // The hub has read them: the subscriber is behind it and replays.
      await caughtUp(h);
      const resuming = h.subscribe({
        tableId: tableA,
        playerId: "alice",
        afterId: seen.at(-1)!.id,
      });
      const resumed = resuming[Symbol.asyncIterator]();
      // Appended while the replay runs: each must come once, after the replayed ones.
      const writers = (async () => {
        for (let n = 21; n <= 40; n += 1) await append([event(tableA, n)]);
      })();
      const rest = await take(resumed, 37);
      await writers;
      const expected = Array.from({ length: 38 }, (_, i) => i + 3).filter((n) => n !== 11);
      expect(payloadN(rest)).toEqual(expected);
      const ids = rest.map((e) => BigInt(e.id));
      for (let i = 1; i < ids.length; i += 1) expect(ids[i]! > ids[i - 1]!).toBe(true);
      const extra = await Promise.race([resumed.next(), sleep(300).then(() => "none")]);
      expect(extra).toBe("none");
    });

    it("a subscriber of every table resuming from its last id gets every table's missed events, then live ones, in id order", async () => {
      const h = hub();
      const afterId = await newestId();
      for (let n = 1; n <= 9; n += 1) await append([event(n % 2 === 0 ? tableA : tableB, n)]);
      await caughtUp(h);
      const stream = h.subscribe({ afterId })[Symbol.asyncIterator]();
      const missed = await take(stream, 9);
      await append([event(tableA, 10)]);
      const live = await take(stream, 1);
      expect(payloadN([...missed, ...live])).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      expect(new Set(missed.map((e) => e.tableId))).toEqual(new Set([tableA, tableB]));
      await stream.return?.();
    });

    it("concurrent writers: every subscriber sees each of the table's rows once, in strictly increasing id order", async () => {
      const h = hub();
      const streams = await Promise.all(
        Array.from({ length: 20 }, () => subscribed(h, { tableId: tableB })),
      );
      const before = await readEvents(db, { afterId: 0n, limit: 1_000_000 });
      const start = before.length === 0 ? 0n : BigInt(before.at(-1)!.id);
      // 40 transactions at once, each with 1 to 3 events, on both tables.
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          append(
            Array.from({ length: 1 + (i % 3) }, (_, j) =>
              event(i % 2 === 0 ? tableB : tableA, i * 10 + j),
            ),
          ),
        ),
      );
      const rows = await readEvents(db, { afterId: start, tableId: tableB, limit: 1_000 });
      for (const stream of streams) {
        const got = await take(stream, rows.length);
        expect(got.map((e) => e.id)).toEqual(rows.map((e) => e.id));
      }
    });

    it("measures each event's fan-out lag, from its commit to its hand-out", async () => {
      const h = hub();
      // Listening before the events commit, so they arrive live (handed out), not replayed.
      await until("the hub listening", () => Promise.resolve(h.connected() ? true : undefined));
      const stream = await subscribed(h, { tableId: tableA });
      const before = await sample("fuda_fanout_lag_seconds_count");
      const lagBefore = await sample("fuda_fanout_lag_seconds_sum");
      await append([event(tableA, 1), event(tableA, 2)]);
      expect(payloadN(await take(stream, 2))).toEqual([1, 2]);
      expect((await sample("fuda_fanout_lag_seconds_count")) - before).toBe(2);
      // Read within a second or so on this machine, and never negative.
      const lag = (await sample("fuda_fanout_lag_seconds_sum")) - lagBefore;
      expect(lag).toBeGreaterThanOrEqual(0);
      expect(lag).toBeLessThan(5);
      await stream.return?.();
    });

    it("ends a subscriber that lets too many events pile up, not the others", async () => {
      const h = hub({ maxQueue: 5 });
      const slow = await subscribed(h, { tableId: tableA });
      const fast = await subscribed(h, { tableId: tableA });
      for (let n = 0; n < 8; n += 1) {
        await append([event(tableA, n)]);
        expect(payloadN(await take(fast, 1))).toEqual([n]);
      }
      // The slow one held its first event and five more waiting: the seventh ended it.
      await expect(take(slow, 8)).rejects.toThrow(/more than 5 events waiting/);
      await append([event(tableA, 8)]);
      expect(payloadN(await take(fast, 1))).toEqual([8]);
    });

    it("listen: a callback subscriber resuming from its last id gets the missed events, then live ones, once each, in order", async () => {
      const h = hub();
      const [newest] = await db.$queryRaw<{ id: bigint }[]>`
      SELECT coalesce(max(id), 0) AS id FROM table_events`;
      for (let n = 1; n <= 16; n += 1) await append([event(tableA, n), event(tableB, n)]);
      await caughtUp(h);
      const got: TableEvent[] = [];
      let ended = false;
      let pagesAsked = 0;
      const stop = h.listen(
        { tableId: tableA, afterId: newest!.id.toString() },
        {
          event: (e) => got.push(e),
          end: () => (ended = true),
          // Each further page of the replay (pageSize 7: 16 missed) waits for the consumer.
          caughtUp: () => {
            pagesAsked += 1;
            return sleep(10);
          },
        },
      );
      for (let n = 17; n <= 24; n += 1) await append([event(tableA, n)]);
      await until("24 events", () => Promise.resolve(got.length >= 24 ? true : undefined), 5_000);
      expect(payloadN(got)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
      expect(pagesAsked).toBeGreaterThanOrEqual(2);
      stop();
      expect(ended).toBe(true);
      await append([event(tableA, 25)]);
      await sleep(200);
      expect(got).toHaveLength(24);
    });

    it("listen: a consumer that says it is lagging is ended as too slow, the others go on", async () => {
      const h = hub();
      const failures: (Error | undefined)[] = [];
      const slow: TableEvent[] = [];
      const fast: TableEvent[] = [];
      const listener = (into: TableEvent[], lagging: () => boolean) => ({
        event: (e: TableEvent) => into.push(e),
        end: (failure?: Error) => failures.push(failure),
        lagging,
      });
      // From the newest id, once the hub has connected: the listeners are then live at once (no
      // replay), and only a live event asks its consumer whether it is lagging. Listening before
      // (a slow first connection) would replay the events below without asking.
      const [newest] = await db.$queryRaw<{ id: bigint }[]>`
      SELECT coalesce(max(id), 0) AS id FROM table_events`;
      const afterId = newest!.id.toString();
      await until("the hub connected", () =>
        Promise.resolve(h.lastId() === afterId ? true : undefined),
      );
      h.listen(
        { tableId: tableA, afterId },
        listener(slow, () => slow.length >= 2),
      );
      h.listen(
        { tableId: tableA, afterId },
        listener(fast, () => false),
      );
      for (let n = 0; n < 4; n += 1) await append([event(tableA, n)]);
      await until("4 events", () => Promise.resolve(fast.length >= 4 ? true : undefined), 5_000);
      expect(payloadN(slow)).toEqual([0, 1]);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toBeInstanceOf(SlowSubscriberError);
    });

    it("close() ends every stream", async () => {
      const h = hub();
      const stream = await subscribed(h, { tableId: tableA });
      await h.close();
      expect((await stream.next()).done).toBe(true);
    });
  },
);

describe("the event hub on LISTEN/NOTIFY", () => {
  /** Counts the hub's reads of `table_events` while `run` runs. */
  async function countingReads(run: () => Promise<void>): Promise<number> {
    // The hub's reads go through the pool as named statements (Prisma names none).
    const pool = poolOf(db);
    const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
    let reads = 0;
    Object.assign(pool, {
      query: (config: unknown, ...rest: unknown[]) => {
        const named = config as { name?: string; text?: string };
        if (named.name !== undefined && named.text?.includes("FROM table_events") === true) {
          reads += 1;
        }
        return query(config, ...rest);
      },
    });
    try {
      await run();
    } finally {
      Object.assign(pool, { query });
    }
    return reads;
  }

  /**
   * A hub subscribed to table A, its first read over: an event appended and taken (a read of a
   * hub just started, slow on a loaded machine, would be counted).
   */
  async function readHub(): Promise<AsyncIterator<TableEvent>> {
    const h = hub({ safetyPollMs: 60_000 });
    const stream = await subscribed(h, { tableId: tableA });
    await append([event(tableA, 0)]);
    expect(payloadN(await take(stream, 1))).toEqual([0]);
    return stream;
  }

  it("hands events from their notifications, as the table holds them, without reading them", async () => {
    const stream = await readHub();
    const after = BigInt(await newestId());
    const handed: TableEvent[] = [];
    const reads = await countingReads(async () => {
      for (let step = 0; step < 5; step++) {
        await append([1, 2, 3, 4, 5, 6].map((n) => event(tableA, step * 10 + n)));
        handed.push(...(await take(stream, 6)));
        // Any read a notification would start has begun by now.
        await sleep(50);
      }
    });
    expect(reads).toBe(0);
    expect(handed).toEqual(await readEvents(db, { afterId: after, tableId: tableA }));
  });

  it("reads an event too long for its notification once, and hands the whole ones behind it in order", async () => {
    const stream = await readHub();
    // NOTIFY takes under 8000 bytes: this event comes as its id.
    const long: NewEvent = {
      tableId: tableA,
      type: "bets.totals",
      payload: {
        roundId: "00000000-0000-4000-8000-000000000000",
        number: 2,
        stakes: Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`bet${i}`, i])),
        bettors: 0,
      },
    };
    const reads = await countingReads(async () => {
      // Three steps back to back: the whole events of the third may come during the read.
      await append([event(tableA, 1)]);
      await append([long, event(tableA, 3)]);
      await append([event(tableA, 4), event(tableA, 5)]);
      expect(payloadN(await take(stream, 5))).toEqual([1, 2, 3, 4, 5]);
      await sleep(50);
    });
    expect(reads).toBe(1);
  });

  it("survives its LISTEN connection being killed: events appended afterwards still arrive", async () => {
    const h = hub({ safetyPollMs: 60_000 });
    const stream = await subscribed(h, { tableId: tableA });
    await append([event(tableA, 1)]);
    expect(payloadN(await take(stream, 1))).toEqual([1]);
    expect(h.connected()).toBe(true);
    // connected() read at every turn of the event loop while the connection is away.
    const states = new Set<boolean>();
    const watch = setInterval(() => states.add(h.connected()), 1);

    const killed = await db.$queryRawUnsafe<{ ok: boolean }[]>(
      `SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity
       WHERE datname = current_database() AND query = $1 AND pid <> pg_backend_pid()`,
      LISTEN_QUERY,
    );
    expect(killed.length).toBeGreaterThanOrEqual(1);
    // Appended while the hub has no LISTEN connection: read on reconnecting.
    await append([event(tableA, 2)]);
    await sleep(300);
    await append([event(tableA, 3)]);
    // The safety poll is a minute away: only the reconnect can deliver these.
    expect(payloadN(await take(stream, 2, 5_000))).toEqual([2, 3]);
    clearInterval(watch);
    expect(states).toEqual(new Set([true, false]));
    expect(h.connected()).toBe(true);
    expect(
      logged.some(
        (line) => line.level === "warn" && line.message.includes("LISTEN connection lost"),
      ),
    ).toBe(true);
    await h.close();
    expect(h.connected()).toBe(false);
  });

  it("is not connected while it cannot LISTEN, and says so at warn", async () => {
    const away = createEventHub({
      db,
      connectionString: "postgresql://postgres@127.0.0.1:1/nowhere",
      log,
      backoffMs: { first: 20, max: 20 },
    });
    hubs.push(away);
    await sleep(200);
    expect(away.connected()).toBe(false);
    expect(
      logged.some((line) => line.level === "warn" && line.message.includes("cannot LISTEN")),
    ).toBe(true);
  });
});
