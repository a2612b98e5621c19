import { setTimeout as sleep } from "node:timers/promises";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDb, seed } from "@fuda/db";
import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { createFeedClient } from "@fuda/feed-client";
import type { FeedClient } from "@fuda/feed-client";
import { appendEvents, voidRound } from "@fuda/live";
import type { Live } from "@fuda/live";
import { revealShoe, shoeFromJson, shoeJsonOf } from "@fuda/shoe";
import { roundPhases, sseSubscribers } from "@fuda/telemetry";
import { until } from "@fuda/testkit";

import { readerUrl } from "../src/reader";
import { startFeedStack } from "./feed-stack";
import type { FeedStack } from "./feed-stack";
import { newPartnerKey, newStaff } from "./partner";
import { openStream } from "./sse";
import type { StreamEvent } from "./sse";

let database: TestDatabase;
/** The feed as main.ts starts it: the reader role's pool, and a hub listening through it. */
let reader: Db;
let stack: FeedStack;
let live: Live | undefined;
let baseUrl: string;
let authorization: string;
let feed: FeedClient;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  const { key } = await newPartnerKey(database.db);
  authorization = `Bearer ${key}`;
  const url = readerUrl(database.url);
  reader = createDb(url);
  stack = await startFeedStack(database, { feedDb: reader, feedUrl: url, heartbeatMs: 100 });
  baseUrl = stack.baseUrl;
  live = stack.live;
  feed = createFeedClient({ baseUrl: `${baseUrl}/v1`, key });
});

afterAll(async () => {
  await live?.stop();
  await stack.close();
  await reader.$disconnect();
  await database.drop();
});

const open = (query = "", headers: Record<string, string> = {}) =>
  openStream(`${baseUrl}/v1/stream${query}`, { authorization, ...headers });

/** The public rows of `table_events` the stream carries, after `after`, as the stream names them. */
async function published(after: bigint, upTo?: bigint, table?: string) {
  const rows = await database.db.$queryRaw<{ id: bigint; type: string }[]>`
    SELECT e.id, e.type FROM table_events e JOIN tables t ON t.id = e.table_id
    WHERE e.id > ${after} AND (${upTo ?? null}::bigint IS NULL OR e.id <= ${upTo ?? null}::bigint)
      AND e.player_id IS NULL AND e.type IN ('round.settled', 'round.voided', 'shoe.ended')
      AND (${table ?? null}::text IS NULL OR t.slug = ${table ?? null}::text)
    ORDER BY e.id`;
  return rows.map((row) => ({
    id: row.id.toString(),
    event: row.type === "shoe.ended" ? "shoe.revealed" : row.type,
  }));
}

/** GET /rounds/{id}'s answer; a failure names its status and problem. */
async function roundAsFeedAnswers(id: string) {
  const { data, error, response } = await feed.GET("/rounds/{id}", { params: { path: { id } } });
  expect({ status: response.status, error }).toEqual({ status: 200, error: undefined });
  return data;
}

const idsOf = (events: StreamEvent[]) => events.map(({ id, event }) => ({ id, event }));

describe("GET /v1/stream", () => {
  it("refuses a request without a key (401), bad parameters (400 naming them), an unknown table (404)", async () => {
    const cases: [string, Record<string, string>, number, string | undefined][] = [
      ["", { authorization: "" }, 401, undefined],
      ["", { authorization: "Bearer fuda_pk_nope" }, 401, undefined],
      ["?lastEventId=abc", {}, 400, "lastEventId"],
      ["?lastEventId=-1", {}, 400, "lastEventId"],
      ["", { "last-event-id": "1e3" }, 400, "Last-Event-ID"],
      ["?lastEventId=5", { "last-event-id": "x" }, 400, "Last-Event-ID"],
      [`?table=${"a".repeat(101)}`, {}, 400, "table"],
      ["?table=", {}, 400, "table"],
      ["?table=no-such-table", {}, 404, "table"],
    ];
    for (const [query, headers, status, parameter] of cases) {
      const response = await fetch(`${baseUrl}/v1/stream${query}`, {
        headers: { authorization, ...headers },
      });
      const where = `${query} ${JSON.stringify(headers)}`;
      expect({ where, status: response.status }).toEqual({ where, status });
      expect(response.headers.get("content-type"), where).toBe("application/problem+json");
      const body = (await response.json()) as { status: number; parameter?: string };
      expect(body.status, where).toBe(status);
      expect(body.parameter, where).toBe(parameter);
    }
  });

  it("counts each open stream in fuda_sse_subscribers until its client leaves", async () => {
    const streams = async () =>
      (await sseSubscribers.get()).values.find((value) => value.labels.stream === "feed.stream")
        ?.value ?? 0;
    // Before the tests that stream: only streams of other files (steady) may be open.
    let before = await streams();
    await until("the count to settle", async () => {
      await sleep(200);
      const now = await streams();
      const settled = now === before;
      before = now;
      return settled ? true : undefined;
    });
    const opened = [await open(), await open("?table=baccarat-a")];
    await until("two open streams", async () =>
      (await streams()) === before + 2 ? true : undefined,
    );
    for (const stream of opened) stream.close();
    await until("both counted down", async () => ((await streams()) === before ? true : undefined));
  });

  it("a client that drops and reconnects with Last-Event-ID gets every missed event once, in order", async () => {
    const first = await open();
    expect(first.status).toBe(200);
    expect(first.contentType).toMatch(/^text\/event-stream/);
    const before = await first.read(3);
    first.close();
    // The first connection's events are consecutive: the hub hands on every one from its start.
    expect(idsOf(before)).toEqual(
      await published(BigInt(before[0]!.id) - 1n, BigInt(before[2]!.id)),
    );
    const last = BigInt(before.at(-1)!.id);
    // Rounds keep settling while the client is away.
    await until("ten results published since the drop", async () =>
      (await published(last)).length >= 10 ? true : undefined,
    );
    const missed = await published(last);
    const resumed = await open("", { "last-event-id": last.toString() });
    // Every missed event from table_events, then live ones past them.
    const after = await resumed.readPast(BigInt(missed.at(-1)!.id));
    const more = await resumed.read(2);
    resumed.close();
    const received = [...after, ...more];
    expect(idsOf(received)).toEqual(await published(last, BigInt(received.at(-1)!.id)));
    expect(new Set(received.map((event) => event.id)).size).toBe(received.length);

    // The same resume for a client that can only set the URL.
    const byQuery = await open(`?lastEventId=${last}`);
    expect(idsOf(await byQuery.read(received.length))).toEqual(idsOf(received));
    byQuery.close();
  }, 120_000);

  it("follows one table with `table`, from any past event id", async () => {
    const stream = await open("?table=pok-deng&lastEventId=0");
    const events = await stream.read(6);
    stream.close();
    expect(new Set(events.map((event) => event.data.table))).toEqual(new Set(["pok-deng"]));
    expect(idsOf(events)).toEqual(await published(0n, BigInt(events.at(-1)!.id), "pok-deng"));
  }, 60_000);

  it("carries only finished rounds, as GET /rounds/{id} answers them, and shoes only once ended", async () => {
    const stream = await open("?lastEventId=0");
    const events = await stream.read(20);
    stream.close();
    await live!.stop();
    live = undefined;
    for (const { event, data } of events) {
      expect(event).toBe("round.settled");
      const stored = await database.db.round.findUniqueOrThrow({ where: { id: String(data.id) } });
      expect(stored.phase).toBe("settled");
      expect(data.status).toBe("settled");
      // Every card of a settled round is revealed; the stream shows what the table showed.
      expect((data.cards as { card: number }[]).map((card) => card.card)).toEqual(stored.cards);
      // As GET answers it now, but for its burns: face down until the shoe ends, and the stream
      // told the round before its shoe's end if it has ended since.
      const answered = await roundAsFeedAnswers(stored.id);
      const ended = await database.db.shoe.findUniqueOrThrow({ where: { id: stored.shoeId } });
      expect(data).toEqual(
        ended.endedAt === null
          ? answered
          : {
              ...answered,
              burns: (answered!.burns as { card: number | null }[]).map((burn) => ({
                ...burn,
                card: null,
              })),
            },
      );
    }

    // The shoe in play has not ended: its order is not in the stream. Ended as the dealer's
    // endShoe ends one, it comes with its reveal, which verifies.
    const shoe = await database.db.shoe.findFirstOrThrow({
      where: { endedAt: null, table: { slug: "baccarat-a" } },
    });
    const quiet = await open(`?lastEventId=0&table=baccarat-a`);
    const shown = await published(0n, undefined, "baccarat-a");
    const all = await quiet.readPast(BigInt(shown.at(-1)!.id) - 1n);
    expect(idsOf(all)).toEqual(shown);
    expect(all.some((event) => event.event === "shoe.revealed" && event.data.id === shoe.id)).toBe(
      false,
    );
    const state = shoeFromJson(shoeJsonOf(shoe.state));
    const reveal = revealShoe(state);
    await database.db.$transaction(async (tx) => {
      await tx.shoe.update({
        where: { id: shoe.id },
        data: { endedAt: new Date(), reveal: { salt: reveal.salt, cards: reveal.cards } },
      });
      await appendEvents(tx, [
        {
          tableId: shoe.tableId,
          type: "shoe.ended",
          payload: {
            shoeId: shoe.id,
            reveal: { salt: reveal.salt, cards: reveal.cards },
            rounds: 0,
          },
        },
      ]);
    });
    const [revealed] = await quiet.read(1);
    // Idle now: only heartbeats.
    expect(await quiet.readFor(500)).toEqual([]);
    expect(quiet.comments).toContain("heartbeat");
    quiet.close();
    expect(revealed!.event).toBe("shoe.revealed");
    expect(revealed!.data).toMatchObject({
      id: shoe.id,
      commitment: shoe.commitment,
      reveal: { salt: reveal.salt, cards: reveal.cards },
      verifies: true,
      verification: null,
    });
  }, 60_000);

  it("announces a settled round an operator voids as round.voided, the round as GET /rounds/{id} answers it now", async () => {
    // The dealer stopped in the test before: the stream that opens now waits for new events.
    const round = await database.db.round.findFirstOrThrow({
      where: { phase: "settled", voidedAt: null },
      orderBy: { settledAt: "desc" },
    });
    const operator = await newStaff(database.db, "operator");
    const stream = await open();
    const table = await database.db.table.findUniqueOrThrow({ where: { id: round.tableId } });
    const voids = () =>
      roundPhases
        .get()
        .then(
          ({ values }) =>
            values.find((v) => v.labels.table === table.slug && v.labels.phase === "voided")
              ?.value ?? 0,
        );
    const before = await voids();
    await voidRound(database.db, {
      operatorId: operator.id,
      roundId: round.id,
      reason: "dealt from the wrong shoe",
    });
    // The dashboard's rounds by phase count a void too, though the round's phase stays settled.
    expect((await voids()) - before).toBe(1);
    const [voided] = await stream.read(1);
    stream.close();
    expect(voided!.event).toBe("round.voided");
    expect(voided!.data).toEqual(await roundAsFeedAnswers(round.id));
    expect(voided!.data).toMatchObject({
      id: round.id,
      void: true,
      voidReason: "dealt from the wrong shoe",
    });
    // Its id is the public round.voided row's: a client resuming before it gets it again.
    const [row] = await published(BigInt(voided!.id) - 1n, BigInt(voided!.id));
    expect(row).toEqual({ id: voided!.id, event: "round.voided" });
  });
});
