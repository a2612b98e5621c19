import { setTimeout as sleep } from "node:timers/promises";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { NatsServer } from "@fuda/testkit";
import { startNatsServer, until } from "@fuda/testkit";

import type { EventHub, EventRelay, EventStream, NewEvent, TableEvent } from "../src";
import {
  appendEvents,
  connectEventStream,
  createNatsEventHub,
  readEvents,
  startEventRelay,
} from "../src";
import { recordingLog } from "./helpers";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let tableA: string;
let tableB: string;
let nats: NatsServer;
let events: EventStream;
const { log, lines: logged } = recordingLog();
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seed(db);
  const tables = await db.table.findMany({ orderBy: { slug: "asc" } });
  tableA = tables[0]!.id;
  tableB = tables[1]!.id;
  nats = await startNatsServer();
  events = await connectEventStream({ url: nats.url, log });
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});
afterAll(async () => {
  await events.close();
  await nats.close();
  await database.drop();
});

const relayOn = (): EventRelay => {
  const relay = startEventRelay({
    db,
    connectionString: database.url,
    events,
    log,
    backoffMs: { first: 50, max: 500 },
    publishTimeoutMs: 1_000,
  });
  closers.push(() => relay.stop());
  return relay;
};
const hubOn = (): EventHub => {
  const hub = createNatsEventHub({ db, events, log, pageSize: 5 });
  closers.push(() => hub.close());
  return hub;
};

const append = (list: NewEvent[]): Promise<void> => db.$transaction((tx) => appendEvents(tx, list));
const event = (tableId: string, n: number): NewEvent => ({
  tableId,
  type: "bets.totals",
  payload: { roundId: "00000000-0000-4000-8000-000000000000", number: n, stakes: {}, bettors: 0 },
});
const numbers = (list: TableEvent[]): number[] =>
  list.map((e) => (e.type === "bets.totals" ? e.payload.number : Number.NaN));

/** Every message of the stream, in stream order: its subject, message id and event. */
async function stored(): Promise<{ subject: string; msgId: string; event: TableEvent }[]> {
  const { state } = await events.jsm.streams.info(events.stream);
  const messages = [];
  for (let seq = state.first_seq; seq <= state.last_seq; seq += 1) {
    const message = await events.jsm.streams.getMessage(events.stream, { seq });
    if (message === null) continue;
    messages.push({
      subject: message.subject,
      msgId: message.header.get("Nats-Msg-Id"),
      event: message.json<TableEvent>(),
    });
  }
  return messages;
}

async function newestId(): Promise<string> {
  const [newest] = await db.$queryRaw<{ id: bigint }[]>`
    SELECT coalesce(max(id), 0) AS id FROM table_events`;
  return newest!.id.toString();
}

/** Until the stream's last message is the newest committed event. */
async function published(): Promise<void> {
  const newest = await newestId();
  await until(
    "the relay caught up",
    async () => {
      const { state } = await events.jsm.streams.info(events.stream);
      if (state.messages === 0) return undefined;
      const last = await events.jsm.streams.getMessage(events.stream, { seq: state.last_seq });
      return last?.json<TableEvent>().id === newest ? true : undefined;
    },
    10_000,
  );
}

/** A callback subscriber collecting its events. */
function collect(hub: EventHub, options: Parameters<EventHub["listen"]>[0]): TableEvent[] {
  const got: TableEvent[] = [];
  const stop = hub.listen(options, {
    event: (e) => {
      got.push(e);
    },
    end: () => undefined,
  });
  closers.push(() => {
    stop();
    return Promise.resolve();
  });
  return got;
}

describe("the outbox relay", () => {
  it("publishes every committed event once, in id order, on its table's subject, with its id as the message id; a rolled-back step publishes nothing", async () => {
    relayOn();
    const start = BigInt(await newestId());
    await append([event(tableA, 1), event(tableB, 2)]);
    await db
      .$transaction(async (tx) => {
        await appendEvents(tx, [event(tableA, 99)]);
        throw new Error("the step failed");
      })
      .catch(() => undefined);
    await append([event(tableA, 3)]);
    await published();
    const rows = await readEvents(db, { afterId: start, limit: 100 });
    const messages = (await stored()).filter(({ event }) => BigInt(event.id) > start);
    expect(messages.map(({ event }) => event.id)).toEqual(rows.map((row) => row.id));
    expect(numbers(messages.map(({ event }) => event))).toEqual([1, 2, 3]);
    for (const { subject, msgId, event } of messages) {
      expect(msgId).toBe(event.id);
      expect(subject).toBe(events.subjectOf(event.tableId));
    }
    // The relay records how far it published after the publish itself: the stream can be read
    // first.
    await until(
      "the relay's record at the last event",
      async () => {
        const [record] = await db.$queryRaw<{ id: bigint }[]>`
        SELECT published_id AS id FROM event_relay`;
        return record!.id.toString() === rows.at(-1)!.id || undefined;
      },
      10_000,
    );
  });

  it("one relay publishes at a time; when it stops, another takes over at once and goes on with no gap and no duplicate", async () => {
    const first = relayOn();
    await until("a relay publishing", () => Promise.resolve(first.publishing() || undefined));
    const second = relayOn();
    await sleep(300);
    expect(second.publishing()).toBe(false);
    const start = BigInt(await newestId());
    for (let n = 0; n < 10; n += 1) await append([event(tableA, n)]);
    await first.stop();
    await until("the second relay publishing", () =>
      Promise.resolve(second.publishing() || undefined),
    );
    for (let n = 10; n < 20; n += 1) await append([event(tableA, n)]);
    await published();
    const messages = (await stored()).filter(({ event }) => BigInt(event.id) > start);
    expect(numbers(messages.map(({ event }) => event))).toEqual(
      Array.from({ length: 20 }, (_, n) => n),
    );
  });
});

describe("the event hub on NATS", () => {
  it("NATS killed and started again: every event reaches the subscribers once, in order, those committed meanwhile after it comes back", async () => {
    relayOn();
    const hub = hubOn();
    await until("the hub consuming", () => Promise.resolve(hub.connected() || undefined));
    const afterId = await newestId();
    const got = collect(hub, { tableId: tableA, afterId });
    await append([event(tableA, 1)]);
    await until("the first event", () => Promise.resolve(got.length === 1 || undefined));

    await nats.stop();
    await until("the hub seeing NATS gone", () => Promise.resolve(!hub.connected() || undefined));
    for (let n = 2; n <= 6; n += 1) await append([event(tableA, n), event(tableB, n)]);
    await sleep(1_500);
    expect(got).toHaveLength(1);
    await nats.start();

    for (let n = 7; n <= 9; n += 1) await append([event(tableA, n)]);
    await until("every event", () => Promise.resolve(got.length >= 9 || undefined), 20_000);
    await sleep(300);
    expect(numbers(got)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(hub.connected()).toBe(true);
    expect(logged.some((line) => line.message.includes("event relay: publishing failed"))).toBe(
      true,
    );
  }, 40_000);

  it("the stream lost (deleted) while nodes run: it is made again, and events go on with none lost or doubled", async () => {
    relayOn();
    const hub = hubOn();
    await until("the hub consuming", () => Promise.resolve(hub.connected() || undefined));
    const got = collect(hub, { tableId: tableA, afterId: await newestId() });
    await append([event(tableA, 1)]);
    await until("the first event", () => Promise.resolve(got.length === 1 || undefined));
    await events.jsm.streams.delete(events.stream);
    for (let n = 2; n <= 5; n += 1) await append([event(tableA, n)]);
    await until("every event", () => Promise.resolve(got.length >= 5 || undefined), 15_000);
    await sleep(300);
    expect(numbers(got)).toEqual([1, 2, 3, 4, 5]);
  }, 30_000);

  it("a viewer resuming from an id older than the stream keeps reads the rest from PostgreSQL, then goes on live", async () => {
    relayOn();
    const hub = hubOn();
    const afterId = await newestId();
    for (let n = 1; n <= 12; n += 1) await append([event(tableA, n)]);
    await published();
    // The stream forgets them (as its max age would).
    await events.jsm.streams.purge(events.stream);
    await until("the hub caught up", async () => {
      const newest = await newestId();
      return hub.lastId() === newest ? true : undefined;
    });
    const got = collect(hub, { tableId: tableA, afterId });
    await until("the missed events", () => Promise.resolve(got.length >= 12 || undefined));
    await append([event(tableA, 13)]);
    await until("the live one", () => Promise.resolve(got.length >= 13 || undefined));
    expect(numbers(got)).toEqual(Array.from({ length: 13 }, (_, n) => n + 1));
  });

  it("a viewer resuming on a hub that started after its last id finds its place in the stream", async () => {
    relayOn();
    const afterId = await newestId();
    for (let n = 1; n <= 9; n += 1) await append([event(tableA, n), event(tableB, n)]);
    await published();
    // A new node: it remembers no sequence, so it searches the stream for the viewer's id.
    const hub = hubOn();
    await until("the hub ready", () => Promise.resolve(hub.connected() || undefined));
    const middle = (
      await readEvents(db, { afterId: BigInt(afterId), tableId: tableA, limit: 4 })
    ).at(-1)!.id;
    const got = collect(hub, { tableId: tableA, afterId: middle });
    await until("the rest", () => Promise.resolve(got.length >= 5 || undefined));
    await sleep(200);
    expect(numbers(got)).toEqual([5, 6, 7, 8, 9]);
  });
});
