import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, expect, it } from "vitest";

import { poolOf, seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { silentLog, startLive, voidRound } from "@fuda/live";
import { rawRequest } from "@fuda/testkit";
import type { RawAnswer } from "@fuda/testkit";

import { createFeedServer } from "../src/server";
import { untilListed } from "./listed";
import { newPartnerKey, newStaff } from "./partner";

// `GET /v1/rounds` is answered in front of trpc-to-openapi (src/rounds-route.ts). Every request
// below goes to a feed doing that and to one leaving it to trpc-to-openapi, on the same
// database: the answers must be the same, status, headers (but the date) and
// bytes, pages, refusals and compression alike.
let database: TestDatabase;
let direct: Server;
let viaAdapter: Server;
let authorization: string;

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
let directUrl: string;
let adapterUrl: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  authorization = `Bearer ${(await newPartnerKey(database.db)).key}`;
  // Rounds of every shared table, dealt with no pauses, then no more: the pages hold still.
  const live = startLive({
    db: database.db,
    connectionString: database.url,
    timing: { dealDelayMs: 0, resultPauseMs: 0, bettingWindowMs: () => 0 },
    log: silentLog,
  });
  const finished = () =>
    database.db.round.count({ where: { phase: { in: ["settled", "cancelled"] } } });
  while ((await finished()) < 60) await new Promise((resolve) => setTimeout(resolve, 200));
  await live.stop();
  await untilListed(database.db);
  const rateLimit = { perSecond: 10_000, burst: 10_000 };
  direct = createFeedServer({ db: database.db, rateLimit });
  viaAdapter = createFeedServer({ db: database.db, rateLimit, directRounds: false });
  [directUrl, adapterUrl] = await Promise.all([listen(direct), listen(viaAdapter)]);
}, 120_000);

afterAll(async () => {
  for (const server of [direct, viaAdapter]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await database.drop();
});

const comparable = ({ status, headers, bytes }: RawAnswer) => {
  const { date: _date, ...rest } = headers;
  return { status, headers: rest, body: bytes.toString("base64") };
};

/** The request sent to both feeds: their answers, compared. */
async function both(
  target: string,
  { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const send = (origin: string) =>
    rawRequest(origin, method, target, {
      // One id for both: it is in the problems' bodies.
      headers: { authorization, "x-request-id": "rounds-route-comparison", ...headers },
    });
  const [fromDirect, fromAdapter] = await Promise.all([send(directUrl), send(adapterUrl)]);
  expect(comparable(fromDirect), `${method} ${target}`).toEqual(comparable(fromAdapter));
  return fromDirect;
}

const gzip = { "accept-encoding": "gzip" };

it("answers pages as trpc-to-openapi does, to the byte: filters, paging, compression, HEAD", async () => {
  const first = await both("/v1/rounds?limit=20");
  expect(first.status).toBe(200);
  const page = JSON.parse(first.body) as {
    rounds: { finishedAt: string; shoe: string }[];
    nextCursor: string;
    hasMore: boolean;
  };
  expect(page.rounds).toHaveLength(20);
  expect(page.hasMore).toBe(true);
  const { finishedAt: from } = page.rounds[3]!;
  const { finishedAt: to } = page.rounds[15]!;
  for (const target of [
    "/v1/rounds",
    "/v1/rounds?limit=20",
    `/v1/rounds?limit=20&cursor=${page.nextCursor}`,
    "/v1/rounds?table=baccarat-a&limit=3",
    "/v1/rounds?game=pok-deng&limit=5",
    `/v1/rounds?from=${from}&to=${to}`,
    `/v1/rounds?shoe=${page.rounds[0]!.shoe}&limit=200`,
    // Names the schema does not know are left aside.
    "/v1/rounds?limit=7&colour=red",
    // The last page: fewer than asked, no more after it.
    `/v1/rounds?limit=200&cursor=${page.nextCursor}`,
  ]) {
    await both(target);
    const zipped = await both(target, { headers: gzip });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    await both(target, { headers: { "accept-encoding": "gzip;q=0" } });
    await both(target, { method: "HEAD", headers: gzip });
  }
  // A small page (here an empty one) is not worth compressing.
  const empty = "/v1/rounds?from=2000-01-01T00:00:00Z&to=2000-01-02T00:00:00Z";
  expect((await both(empty, { headers: gzip })).headers).not.toHaveProperty("content-encoding");
}, 60_000);

it("refuses what trpc-to-openapi refuses, with the same problem", async () => {
  for (const target of [
    "/v1/rounds?limit=0",
    "/v1/rounds?limit=abc",
    "/v1/rounds?limit=201",
    "/v1/rounds?limit=2.5",
    "/v1/rounds?limit=5&limit=6",
    "/v1/rounds?table=&limit=7",
    "/v1/rounds?limit=",
    "/v1/rounds?cursor=not-a-cursor",
    "/v1/rounds?table=no-such-table",
    "/v1/rounds?game=chess",
    "/v1/rounds?shoe=not-a-uuid",
    "/v1/rounds?from=2026-12-02T00:00:00Z&to=2026-12-01T00:00:00Z",
    "/v1/rounds?from=yesterday",
  ]) {
    const answer = await both(target);
    expect(answer.status, target).toBeGreaterThanOrEqual(400);
  }
  const unknown = await rawRequest(directUrl, "GET", "/v1/rounds", {
    headers: { authorization: "Bearer fuda_pk_nobody" },
  });
  expect(unknown.status).toBe(401);
});

it("a page kept serialized shows its round's void at once, as the adapter reads it", async () => {
  const target = "/v1/rounds?limit=10";
  const before = JSON.parse((await both(target)).body) as unknown;
  const [round] = await database.db.round.findMany({
    where: { phase: "settled" },
    orderBy: { finishedXid: "asc" },
    take: 1,
  });
  const operator = await newStaff(database.db, "operator");
  await voidRound(database.db, {
    roundId: round!.id,
    reason: "a card was misread",
    operatorId: operator.id,
  });
  const after = await rawRequest(directUrl, "GET", target, { headers: { authorization } });
  const voided = (JSON.parse(after.body) as { rounds: { id: string; void: boolean }[] }).rounds;
  expect(voided.find(({ id }) => id === round!.id)).toMatchObject({ void: true });
  expect(JSON.parse(after.body)).not.toEqual(before);
  await both(target);
  await both(target, { headers: gzip });
});

it("under load, with identical page reads sharing queries, every request sent after a void shows it", async () => {
  const target = "/v1/rounds?limit=10";
  const [round] = await database.db.round.findMany({
    where: { phase: "settled", voidedAt: null },
    orderBy: { finishedXid: "asc" },
    take: 1,
  });
  const read = async () =>
    (
      JSON.parse(
        (await rawRequest(directUrl, "GET", target, { headers: { authorization } })).body,
      ) as { rounds: { id: string; void: boolean }[] }
    ).rounds.find(({ id }) => id === round!.id);
  expect(await read()).toMatchObject({ void: false });
  // Many more callers than the pool's connections, asking the same page over and over.
  let loading = true;
  const load = Promise.all(
    Array.from({ length: 48 }, async () => {
      while (loading) await read();
    }),
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  const operator = await newStaff(database.db, "operator");
  await voidRound(database.db, { roundId: round!.id, reason: "misdeal", operatorId: operator.id });
  const after = await Promise.all(Array.from({ length: 24 }, read));
  loading = false;
  await load;
  expect(after.map((listed) => listed?.void)).toEqual(after.map(() => true));
}, 60_000);

it("a full page asked again reads only the feed's revision: it is answered while the rounds are locked, and shows its shoe's end at once", async () => {
  // A shoe still dealing when the dealer stopped: its first round's burn is face down.
  const shoe = await database.db.shoe.findFirstOrThrow({
    where: { endedAt: null, rounds: { some: { number: 3, phase: "settled" } } },
  });
  const target = `/v1/rounds?shoe=${shoe.id}&limit=2`;
  interface Page {
    rounds: { burns: { index: number; card: number | null }[] }[];
    hasMore: boolean;
  }
  const first = await both(target);
  const page = JSON.parse(first.body) as Page;
  expect(page.hasMore).toBe(true);
  expect(page.rounds.flatMap(({ burns }) => burns).some(({ card }) => card === null)).toBe(true);

  const locker = await poolOf(database.db).connect();
  try {
    await locker.query("BEGIN");
    await locker.query("LOCK TABLE rounds IN ACCESS EXCLUSIVE MODE");
    const whileLocked = await Promise.race([
      rawRequest(directUrl, "GET", target, { headers: { authorization } }),
      new Promise<never>((_, reject) =>
        setTimeout(() => {
          reject(new Error("the full page waited for the rounds' lock"));
        }, 5_000),
      ),
    ]);
    expect(whileLocked.status).toBe(200);
    expect(whileLocked.body).toBe(first.body);
  } finally {
    await locker.query("ROLLBACK");
    locker.release();
  }

  // The shoe's end makes its order public: the next answer shows the burns' cards.
  const ended = await database.db.shoe.update({
    where: { id: shoe.id },
    data: { endedAt: new Date() },
  });
  const after = await rawRequest(directUrl, "GET", target, { headers: { authorization } });
  const burns = (JSON.parse(after.body) as Page).rounds.flatMap((round) => round.burns);
  expect(burns.length).toBeGreaterThan(0);
  expect(burns.map(({ card }) => card)).toEqual(burns.map(({ index }) => ended.cards[index]));
  await both(target);
});
