import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { tableEventSchema } from "@fuda/api";
import type { Db } from "@fuda/db";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { EventHub } from "@fuda/live";
import { appendEvents, createEventHub, silentLog } from "@fuda/live";
import { sseSubscribers } from "@fuda/telemetry";
import { until } from "@fuda/testkit";

import { createGameApiServer } from "../src/server";

// A table's events over real HTTP as server-sent events, read as a browser's EventSource would:
// each event's `id:` kept, and sent back as `Last-Event-ID` when reconnecting.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let hub: EventHub;
let server: ReturnType<typeof createGameApiServer>;
let baseUrl: string;
let tableId: string;
const desk = {
  place: () => Promise.reject(new Error("not in this test")),
  undo: () => Promise.reject(new Error("not in this test")),
  close: () => Promise.resolve(),
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await seed(db);
  tableId = (await db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } })).id;
  hub = createEventHub({ db, connectionString: database.url, log: silentLog });
  server = createGameApiServer({ db, live: { desk, hub } });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/trpc`;
});

afterAll(async () => {
  await hub.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.drop();
});

interface Received {
  id: string;
  n: number;
}

/** An SSE reader: the events with an id (tRPC's tracked ones), as they arrive. */
function openStream(input: object, lastEventId?: string) {
  const controller = new AbortController();
  const received: Received[] = [];
  const url = `${baseUrl}/tables.events?input=${encodeURIComponent(JSON.stringify(input))}`;
  const opened = fetch(url, {
    signal: controller.signal,
    headers: lastEventId === undefined ? {} : { "last-event-id": lastEventId },
  });
  const done = (async () => {
    // A stream dropped once the server counted it may not have answered this client yet.
    const response = await opened.catch((error: unknown) => {
      if (controller.signal.aborted) return null;
      throw error;
    });
    if (response === null) return;
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) return;
      buffer += decoder.decode(chunk.value as Uint8Array);
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const id = /^id: ?(.+)$/m.exec(block)?.[1];
        const data = /^data: ?(.*)$/m.exec(block)?.[1];
        if (id === undefined || id === "" || data === undefined || data === "") continue;
        // Each message is one event of the catalog, as the contract reads it.
        const event = tableEventSchema.parse(JSON.parse(data));
        expect(event.id).toBe(id);
        received.push({ id, n: event.type === "card.dealt" ? event.payload.number : Number.NaN });
      }
    }
  })();
  return {
    received,
    async until(count: number, ms = 5_000): Promise<void> {
      const deadline = Date.now() + ms;
      while (received.length < count && Date.now() < deadline) await sleep(10);
      expect(received.length).toBeGreaterThanOrEqual(count);
    },
    async drop(): Promise<void> {
      controller.abort();
      await done;
    },
  };
}

const append = (from: number, to: number) =>
  db.$transaction((tx) =>
    appendEvents(
      tx,
      Array.from({ length: to - from + 1 }, (_, i) => ({
        tableId,
        type: "card.dealt" as const,
        // The round number is the test's sequence number.
        payload: {
          roundId: "00000000-0000-4000-8000-000000000000",
          number: from + i,
          position: "player-1",
          card: 1,
          totals: {},
        },
      })),
    ),
  );

describe("tables.events over HTTP", () => {
  it("each open stream counts in fuda_sse_subscribers until its client leaves", async () => {
    const open = async () =>
      (await sseSubscribers.get()).values.find((value) => value.labels.stream === "tables.events")
        ?.value ?? 0;
    // The first streams of this file: only streams of other files (steady) may be open.
    let before = await open();
    await until("the count to settle", async () => {
      await sleep(200);
      const now = await open();
      const settled = now === before;
      before = now;
      return settled ? true : undefined;
    });
    const streams = [openStream({ slug: "baccarat-a" }), openStream({ slug: "baccarat-b" })];
    await until("two open streams", async () => ((await open()) === before + 2 ? true : undefined));
    for (const stream of streams) await stream.drop();
    await until("both counted down", async () => ((await open()) === before ? true : undefined));
  });

  it("a client that drops and reconnects with Last-Event-ID gets every missed event once, in order", async () => {
    const first = await fetch(
      `${baseUrl}/tables.get?input=${encodeURIComponent('{"slug":"baccarat-a"}')}`,
    );
    const { lastEventId } = ((await first.json()) as { result: { data: { lastEventId: string } } })
      .result.data;
    const stream = openStream({ slug: "baccarat-a", lastEventId });
    await sleep(100);
    await append(1, 3);
    await stream.until(3);
    await stream.drop();

    // Missed while away, in several transactions.
    for (let n = 4; n <= 30; n += 3) await append(n, n + 2);
    const last = stream.received.at(-1)!.id;
    const resumed = openStream({ slug: "baccarat-a" }, last);
    // And some while the reconnection is being served.
    const during = (async () => {
      for (let n = 31; n <= 40; n += 1) await append(n, n);
    })();
    await during;
    await resumed.until(37);
    await sleep(200);
    await resumed.drop();
    expect(stream.received.map((e) => e.n)).toEqual([1, 2, 3]);
    expect(resumed.received.map((e) => e.n)).toEqual(Array.from({ length: 37 }, (_, i) => i + 4));
    const ids = [...stream.received, ...resumed.received].map((e) => BigInt(e.id));
    for (let i = 1; i < ids.length; i += 1) expect(ids[i]! > ids[i - 1]!).toBe(true);
  });

  it("the direct stream speaks tRPC's own SSE wire, byte for byte", async () => {
    const viaTrpc = createGameApiServer({ db, live: { desk, hub }, directTableEvents: false });
    await new Promise<void>((resolve) => viaTrpc.listen(0, "127.0.0.1", resolve));
    try {
      const [newest] = await db.$queryRaw<{ id: bigint }[]>`SELECT max(id) AS id FROM table_events`;
      await append(100, 104);
      const read = async (origin: string): Promise<string> => {
        const controller = new AbortController();
        const input = encodeURIComponent(JSON.stringify({ slug: "baccarat-a" }));
        const response = await fetch(`${origin}/trpc/tables.events?input=${input}`, {
          signal: controller.signal,
          headers: { "last-event-id": newest!.id.toString() },
        });
        expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
        const reader = response.body!.getReader();
        let text = "";
        while ((text.match(/\nid: /g) ?? []).length < 5) {
          const chunk = await reader.read();
          if (chunk.done) break;
          text += new TextDecoder().decode(chunk.value as Uint8Array);
        }
        controller.abort();
        return text;
      };
      const direct = await read(baseUrl.replace(/\/trpc$/, ""));
      const trpc = await read(`http://127.0.0.1:${(viaTrpc.address() as AddressInfo).port}`);
      expect(direct).toContain("event: connected");
      expect(direct).toBe(trpc);
    } finally {
      viaTrpc.closeAllConnections();
      await new Promise((resolve) => viaTrpc.close(resolve));
    }
  });

  it("an unknown table ends the stream with NOT_FOUND naming the slug", async () => {
    const response = await fetch(
      `${baseUrl}/tables.events?input=${encodeURIComponent('{"slug":"nope"}')}`,
    );
    // tRPC answers a stream's headers first; the refusal is the stream's one error event.
    const text = await response.text();
    expect(text).toMatch(/event: serialized-error/);
    expect(text).toContain('slug: no table \\"nope\\"');
    expect(text).toContain('"reason":"NOT_FOUND"');
  });
});
