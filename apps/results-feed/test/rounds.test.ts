import { gunzipSync } from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { createFeedClient } from "@fuda/feed-client";
import type { FeedClient } from "@fuda/feed-client";
import { voidRound } from "@fuda/live";
import type { Live } from "@fuda/live";
import { rawRequest } from "@fuda/testkit";

import { startFeedStack } from "./feed-stack";
import type { FeedStack } from "./feed-stack";
import { newPartnerKey } from "./partner";

let database: TestDatabase;
let stack: FeedStack;
let baseUrl: string;
let authorization: string;
let live: Live | undefined;
/** The contract calls go through the typed client, as a partner's would. */
let feed: FeedClient;

interface Round {
  id: string;
  table: string;
  game: string;
  shoe: string;
  number: number;
  status: "settled" | "void";
  finishedAt: string;
  cards: { position: string; card: number; label: string }[];
  burns: { index: number; card: number | null }[];
  outcome: unknown;
  bets: { bet: string; seat: number | null; result: string; returnPerUnit: number }[];
}
interface Page {
  rounds: Round[];
  nextCursor: string | null;
  hasMore: boolean;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  authorization = `Bearer ${(await newPartnerKey(database.db)).key}`;
  stack = await startFeedStack(database, { feedDb: database.db, feedUrl: database.url });
  baseUrl = stack.baseUrl;
  live = stack.live;
  feed = createFeedClient({ baseUrl: `${baseUrl}/v1`, key: authorization.slice("Bearer ".length) });
});

afterAll(async () => {
  await live?.stop();
  await stack.close();
  await database.drop();
});

async function get(path: string): Promise<{ status: number; type: string; body: unknown }> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization } });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    body: await response.json(),
  };
}

async function page(query: string): Promise<Page> {
  const { limit, ...rest } = Object.fromEntries(new URLSearchParams(query));
  const { data, error, response } = await feed.GET("/rounds", {
    params: {
      query: { ...rest, ...(limit !== undefined && { limit: Number(limit) }) },
    },
  });
  expect(response.status, JSON.stringify(error)).toBe(200);
  return data!;
}

/** Every round listed from `cursor` on, page after page of `limit`, until caught up. */
async function pageThrough(limit: number, cursor: string | null = null) {
  const ids: string[] = [];
  for (;;) {
    const query = new URLSearchParams({ limit: String(limit) });
    if (cursor !== null) query.set("cursor", cursor);
    const next = await page(query.toString());
    ids.push(...next.rounds.map((round) => round.id));
    cursor = next.nextCursor;
    if (!next.hasMore) return { ids, cursor };
  }
}

describe("GET /v1/rounds while a dealer settles rounds", () => {
  it("answers a round by id once it commits, though an older transaction keeps it off the pages", async () => {
    // A transaction older than the round, open on its own connection (in any database of the
    // cluster, a busy moment does the same): pages wait for it, a round asked for by id need not.
    const listedWhileHeld = await database.db.$transaction(
      async (tx) => {
        const [held] = await tx.$queryRaw<{ xid: bigint }[]>`
          SELECT pg_current_xact_id()::text::bigint AS xid`;
        const xid = held!.xid;
        let round: { id: string; slug: string } | undefined;
        while (round === undefined) {
          [round] = await database.db.$queryRaw<{ id: string; slug: string }[]>`
            SELECT r.id::text, t.slug FROM rounds r JOIN tables t ON t.id = r.table_id
            WHERE r.finished_xid > ${xid} AND r.phase = 'settled' LIMIT 1`;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        const { data, error, response } = await feed.GET("/rounds/{id}", {
          params: { path: { id: round.id } },
        });
        expect({ status: response.status, error }).toEqual({ status: 200, error: undefined });
        expect(data!.id).toBe(round.id);
        const listed = (await page(`table=${round.slug}&limit=200`)).rounds.map(({ id }) => id);
        return { round, listed };
      },
      { timeout: 60_000 },
    );
    expect(listedWhileHeld.listed).not.toContain(listedWhileHeld.round.id);
  }, 90_000);

  it("pages each finished round once, with no gaps, while new rounds settle", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    // Small pages, read while every table deals: rounds commit between and during the reads.
    while (seen.length < 40) {
      const read = await pageThrough(3, cursor);
      seen.push(...read.ids);
      cursor = read.cursor;
    }
    await live!.stop();
    live = undefined;
    const finished = await database.db.round.count({
      where: { phase: { in: ["settled", "cancelled"] } },
    });
    // The feed lists a round once every transaction older than it has ended, in any database of
    // the cluster: other test files run beside this one, so the last rounds may show a moment
    // after the dealer stops. Paging on from the cursor must then bring exactly those.
    for (const deadline = Date.now() + 30_000; ;) {
      const read = await pageThrough(7, cursor);
      seen.push(...read.ids);
      cursor = read.cursor;
      if (seen.length >= finished || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(finished);
    // Once nothing deals, one read from the start lists exactly what paging saw, in order.
    const all = (await pageThrough(200)).ids;
    expect(seen).toEqual(all);
    // Forty rounds take seconds on an idle machine, much longer on a loaded one.
  }, 120_000);

  it("answers a settled round with its cards in reveal order, outcome and bet results", async () => {
    const { rounds } = await page("game=baccarat&limit=5");
    expect(rounds.length).toBeGreaterThan(0);
    for (const listed of rounds.filter((round) => round.status === "settled")) {
      const { data, response } = await feed.GET("/rounds/{id}", {
        params: { path: { id: listed.id } },
      });
      expect(response.status).toBe(200);
      const round = data!;
      expect(round).toEqual(listed);
      const stored = await database.db.round.findUniqueOrThrow({ where: { id: round.id } });
      expect(round.cards.map((card) => card.card)).toEqual(stored.cards);
      expect(round.outcome).toEqual(stored.outcome);
      const player = round.bets.find((bet) => bet.bet === "player")!;
      const banker = round.bets.find((bet) => bet.bet === "banker")!;
      const { winner, bankerTotal } = stored.outcome as { winner: string; bankerTotal: number };
      if (winner === "tie") {
        expect([player.result, banker.result]).toEqual(["push", "push"]);
        expect(player.returnPerUnit).toBe(1);
      } else {
        const [won, lost] = winner === "player" ? [player, banker] : [banker, player];
        expect(won.result).toBe("won");
        // Player pays 1:1; Banker 0.95:1 with commission, 1:1 without it but 0.5:1 on a six.
        const bankerWins = round.variant === "commission" ? 1.95 : bankerTotal === 6 ? 1.5 : 2;
        expect(won.returnPerUnit).toBe(winner === "player" ? 2 : bankerWins);
        expect(lost).toMatchObject({ result: "lost", returnPerUnit: 0 });
      }
      // The first round of a shoe shows its first-card burn, face down until the shoe ends.
      if (round.number === 1) expect(round.burns.length).toBeGreaterThan(0);
    }
  });

  it("filters by table, game, shoe and time", async () => {
    const byTable = await page("table=pok-deng&limit=200");
    expect(byTable.rounds.length).toBeGreaterThan(0);
    expect(new Set(byTable.rounds.map((round) => round.table))).toEqual(new Set(["pok-deng"]));
    const byGame = await page("game=joker-blackjack&limit=200");
    expect(new Set(byGame.rounds.map((round) => round.game))).toEqual(
      new Set(byGame.rounds.length === 0 ? [] : ["joker-blackjack"]),
    );
    // A game's rounds are its tables' rounds, every one of them, in the same order.
    const baccarat = await page("game=baccarat&limit=200");
    const tablesOfIt = [
      ...(await page("table=baccarat-a&limit=200")).rounds,
      ...(await page("table=baccarat-b&limit=200")).rounds,
    ];
    expect(new Set(baccarat.rounds.map((round) => round.table))).toEqual(
      new Set(["baccarat-a", "baccarat-b"]),
    );
    expect(new Set(baccarat.rounds.map((round) => round.id))).toEqual(
      new Set(tablesOfIt.map((round) => round.id)),
    );
    const everything = await page("limit=200");
    expect([everything.hasMore, baccarat.hasMore]).toEqual([false, false]);
    expect(baccarat.rounds.map((round) => round.id)).toEqual(
      everything.rounds
        .map((round) => round.id)
        .filter((id) => tablesOfIt.some((round) => round.id === id)),
    );
    const shoe = byTable.rounds[0]!.shoe;
    const byShoe = await page(`shoe=${shoe}&limit=200`);
    expect(byShoe.rounds.every((round) => round.shoe === shoe)).toBe(true);
    expect(byShoe.rounds.map((round) => round.id)).toContain(byTable.rounds[0]!.id);
    const all = (await page("limit=200")).rounds;
    const middle = all[Math.floor(all.length / 2)]!.finishedAt;
    const from = await page(`from=${middle}&limit=200`);
    const to = await page(`to=${middle}&limit=200`);
    expect(from.rounds.every((round) => round.finishedAt >= middle)).toBe(true);
    expect(to.rounds.every((round) => round.finishedAt < middle)).toBe(true);
    expect(from.rounds.length + to.rounds.length).toBe(all.length);
  });

  it("answers a round read before anew once it is voided and once its shoe ends", async () => {
    // A settled first round of a shoe still dealing: its first-card burn is face down.
    const faceDown = async () =>
      (await page("limit=200")).rounds.find(
        (listed) => listed.status === "settled" && listed.burns.some((burn) => burn.card === null),
      );
    let round = await faceDown();
    for (const deadline = Date.now() + 60_000; round === undefined && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      round = await faceDown();
    }
    if (round === undefined) throw new Error("no settled round with a face-down burn");
    // Nothing deals while the test ends the shoe under it.
    await live?.stop();
    live = undefined;
    const read = async () => {
      const { data, response } = await feed.GET("/rounds/{id}", {
        params: { path: { id: round.id } },
      });
      expect(response.status).toBe(200);
      const listed = (await page(`shoe=${round.shoe}&limit=200`)).rounds.find(
        (other) => other.id === round.id,
      );
      expect(listed).toEqual(data);
      return data!;
    };
    expect((await read()).void).toBe(false);

    const operator = await database.db.user.create({
      data: { id: `operator-${round.id}`, name: "Op", email: `${round.id}@x.io`, role: "operator" },
    });
    await voidRound(database.db, {
      roundId: round.id,
      reason: "dealt from the wrong shoe",
      operatorId: operator.id,
    });
    expect(await read()).toMatchObject({
      status: "settled",
      void: true,
      voidReason: "dealt from the wrong shoe",
    });

    // The shoe's end makes its order public: the burns' cards show.
    const shoe = await database.db.shoe.update({
      where: { id: round.shoe },
      data: { endedAt: new Date() },
    });
    const { burns } = await read();
    expect(burns.length).toBeGreaterThan(0);
    expect(burns).toEqual(burns.map(({ index }) => ({ index, card: shoe.cards[index] })));
  }, 90_000);

  it("shows a table's round in play with only its revealed cards, and never lists it", async () => {
    const { data, response } = await feed.GET("/tables/{slug}", {
      params: { path: { slug: "baccarat-a" } },
    });
    expect(response.status).toBe(200);
    const view = data!;
    expect(view.table.slug).toBe("baccarat-a");
    const stored = await database.db.round.findUniqueOrThrow({ where: { id: view.round!.id } });
    expect(view.round!.cards.map((card) => card.card)).toEqual(stored.cards);
    expect(view).not.toHaveProperty("seats");
    if (stored.phase === "betting" || stored.phase === "dealing") {
      expect((await get(`/v1/rounds/${stored.id}`)).status).toBe(404);
    }
    // Whatever round is in play now (the dealer has stopped) is absent from the list.
    const inPlay = await database.db.round.findFirst({
      where: { phase: { in: ["betting", "dealing"] } },
    });
    if (inPlay !== null) {
      expect((await page("limit=200")).rounds.map((round) => round.id)).not.toContain(inPlay.id);
    }
  });

  it("gzips a page for a caller that takes gzip, and only for one", async () => {
    const wire = (path: string, acceptEncoding?: string) =>
      rawRequest(baseUrl, "GET", path, {
        headers: {
          authorization,
          ...(acceptEncoding !== undefined && { "accept-encoding": acceptEncoding }),
        },
      });
    const plain = await wire("/v1/rounds?limit=50");
    expect(plain.status).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toBe("Accept-Encoding");
    const rounds = JSON.parse(plain.body) as Page;
    expect(rounds.rounds.length).toBeGreaterThan(5);

    const zipped = await wire("/v1/rounds?limit=50", "br;q=1.0, gzip;q=0.8, *;q=0.1");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toBe("Accept-Encoding");
    expect(Number(zipped.headers["content-length"])).toBe(zipped.bytes.length);
    expect(zipped.bytes.length).toBeLessThan(plain.bytes.length / 4);
    expect(JSON.parse(gunzipSync(zipped.bytes).toString())).toEqual(rounds);

    // Refused with q=0, and never for a problem.
    expect(
      (await wire("/v1/rounds?limit=50", "gzip;q=0")).headers["content-encoding"],
    ).toBeUndefined();
    const missing = await wire("/v1/rounds/00000000-0000-4000-8000-000000000000", "gzip");
    expect(missing.status).toBe(404);
    expect(missing.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(missing.body)).toMatchObject({ status: 404 });
  });

  it("answers an unknown table or round with 404 problem+json", async () => {
    for (const path of [
      "/v1/tables/no-such-table",
      "/v1/rounds?table=no-such-table",
      "/v1/rounds/00000000-0000-0000-0000-000000000000",
      "/v1/rounds/not-a-uuid",
    ]) {
      const { status, type, body } = await get(path);
      expect({ path, status, type }).toEqual({
        path,
        status: 404,
        type: "application/problem+json",
      });
      expect(body).toMatchObject({ code: "NOT_FOUND", reason: "NOT_FOUND" });
    }
  });

  it("answers bad query values with 400 problem+json naming the parameter", async () => {
    const cases: [string, string][] = [
      ["limit=201", "limit"],
      ["limit=0", "limit"],
      ["limit=abc", "limit"],
      ["limit=1.5", "limit"],
      ["cursor=not-a-cursor", "cursor"],
      // A transaction id past PostgreSQL's bigint: never one of ours.
      [
        `cursor=${Buffer.from(JSON.stringify(["9999999999999999999", "2922a03e-5d63-458e-ab2d-3b1ab326d6f3"])).toString("base64url")}`,
        "cursor",
      ],
      ["from=yesterday", "from"],
      ["to=2026-13-01T00:00:00Z", "to"],
      ["game=chess", "game"],
      ["shoe=42", "shoe"],
      ["from=2026-12-02T00:00:00Z&to=2026-12-01T00:00:00Z", "to"],
    ];
    for (const [query, parameter] of cases) {
      const { status, type, body } = await get(`/v1/rounds?${query}`);
      expect({ query, status, type }).toEqual({
        query,
        status: 400,
        type: "application/problem+json",
      });
      expect(body, query).toMatchObject({ status: 400, code: "BAD_REQUEST", parameter });
      expect((body as { detail: string }).detail, query).toMatch(new RegExp(`^${parameter}: `));
    }
  });
});

describe("a fuzz of every route", () => {
  const routes = [
    "/v1/tables",
    "/v1/tables/{slug}",
    "/v1/tables/{slug}/roads",
    "/v1/tables/baccarat-a/roads",
    "/v1/rounds",
    "/v1/rounds/{id}",
    "/v1/shoes/{id}",
    "/v1/stats",
    "/v1/health",
    "/v1/stream",
  ];
  const nasty = [
    "",
    "%",
    "%00",
    "%ZZ",
    "..",
    "../..",
    "-1",
    "0",
    "1e309",
    "NaN",
    "null",
    "[]",
    "{}",
    "'",
    '"',
    "baccarat-a",
    "00000000-0000-0000-0000-000000000000",
    "🂡",
    "a".repeat(3000),
    "%E0%A4%A",
    "2026-12-01T00:00:00Z",
    "true",
    "limit",
    "\\",
    "<script>",
    "1;DROP TABLE rounds",
  ];
  const parameters = [
    "limit",
    "cursor",
    "table",
    "game",
    "shoe",
    "from",
    "to",
    "slug",
    "id",
    "lastEventId",
    "x",
  ];
  // A fixed seed: a failure is the same request on every run.
  let state = 16;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;

  it("answers 2,000 malformed requests with no 5xx, every error as problem+json", async () => {
    const failures: string[] = [];
    for (let batch = 0; batch < 100; batch++) {
      const requests = Array.from({ length: 20 }, () => {
        const value = () => encodeURIComponent(pick(nasty)).replace(/%25/g, pick(["%", "%25"]));
        const path = pick(routes).replace(/\{\w+\}/, value());
        const query = Array.from(
          { length: Math.floor(random() * 4) },
          () => `${pick(parameters)}=${value()}`,
        ).join("&");
        const headers = pick<Record<string, string>>([
          { authorization },
          { authorization },
          { authorization: `${authorization}x` },
          { authorization: "Bearer" },
          { authorization, accept: "text/html" },
          { authorization, "content-type": "application/json" },
          { authorization, "last-event-id": pick(nasty).replace(/[^\x20-\x7e]/g, "") },
          {},
        ]);
        const method = pick(["GET", "GET", "GET", "HEAD", "POST", "DELETE"]);
        const target = `${path}${query === "" ? "" : `?${query}`}`;
        // A stream that opens is read for 50 ms: its status is what the fuzz is after.
        return rawRequest(baseUrl, method, target, { headers, streamMs: 50 }).then((answer) => {
          const problem = answer.status >= 400 && method !== "HEAD";
          if (
            answer.status >= 500 ||
            (problem && answer.headers["content-type"] !== "application/problem+json")
          ) {
            failures.push(`${method} ${target}: ${answer.status} ${answer.body.slice(0, 200)}`);
          }
        });
      });
      await Promise.all(requests);
    }
    expect(failures).toEqual([]);
  });
});
