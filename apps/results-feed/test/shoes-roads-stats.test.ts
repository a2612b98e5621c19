import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { createFeedClient } from "@fuda/feed-client";
import type { FeedClient, Problem } from "@fuda/feed-client";
import { silentLog, startLive, voidRound } from "@fuda/live";
import type { Live } from "@fuda/live";
import { baccarat } from "@fuda/rules";
import { revealShoe, shoeFromJson, shoeJsonOf, verifyShoe } from "@fuda/shoe";
import { until } from "@fuda/testkit";

import { createFeedServer } from "../src/server";
import { untilListed } from "./listed";
import { newPartnerKey, newStaff } from "./partner";

let database: TestDatabase;
let server: ReturnType<typeof createFeedServer>;
let live: Live | undefined;
/** The feed as a partner calls it: the typed client generated from its OpenAPI document. */
let feed: FeedClient;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  server = createFeedServer({ db: database.db, rateLimit: { perSecond: 10_000, burst: 10_000 } });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  feed = createFeedClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    key: (await newPartnerKey(database.db)).key,
  });
  live = startLive({
    db: database.db,
    connectionString: database.url,
    timing: { dealDelayMs: 0, resultPauseMs: 0, bettingWindowMs: () => 0 },
    log: silentLog,
  });
  const db = database.db;
  await until("eight settled rounds at baccarat-a", async () =>
    (await db.round.count({ where: { phase: "settled", table: { slug: "baccarat-a" } } })) >= 8
      ? true
      : undefined,
  );
  await live.stop();
  live = undefined;
  await untilListed(db);
}, 120_000);

afterAll(async () => {
  await live?.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.drop();
});

/** A problem answer: its status, its content type and its body. */
function problemOf(answer: { error?: Problem; response: Response }) {
  expect(answer.response.headers.get("content-type")).toContain("application/problem+json");
  expect(answer.error?.status).toBe(answer.response.status);
  return answer.error!;
}

describe("GET /v1/shoes/{id}", () => {
  it("answers a shoe in play with its commitment and no reveal, and does not call it verified", async () => {
    const inPlay = await database.db.shoe.findFirstOrThrow({
      where: { endedAt: null, table: { slug: "baccarat-a" } },
    });
    const { data, response } = await feed.GET("/shoes/{id}", {
      params: { path: { id: inPlay.id } },
    });
    expect(response.status).toBe(200);
    expect(data!.commitment).toBe(inPlay.commitment);
    expect(data!.endedAt).toBeNull();
    expect(data!.reveal).toBeNull();
    expect(data!.verifies).toBe(false);
    expect(data!.verification).toMatch(/in play/);
    // Nothing of the hidden order: no shoe bytes, no salt anywhere in the answer.
    const text = JSON.stringify(data);
    expect(text).not.toContain(Buffer.from(inPlay.cards).toString("hex"));
    const salt = shoeJsonOf(inPlay.state).salt;
    expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(text).not.toContain(salt);
    expect(data!.rounds.length).toBeGreaterThan(0);
  });

  it("answers the shoe once ended with its reveal, which verifies, and the rounds' shown cards from it", async () => {
    const db = database.db;
    const row = await db.shoe.findFirstOrThrow({
      where: { endedAt: null, table: { slug: "baccarat-a" } },
    });
    // A whole eight-deck shoe takes minutes to deal: the dealer is stopped, and its shoe is
    // ended as the dealer's endShoe ends one (endedAt and the reveal of its own state).
    const reveal = revealShoe(shoeFromJson(shoeJsonOf(row.state)));
    await db.shoe.update({
      where: { id: row.id },
      data: { endedAt: new Date(), reveal: { salt: reveal.salt, cards: reveal.cards } },
    });
    const { data, response } = await feed.GET("/shoes/{id}", { params: { path: { id: row.id } } });
    expect(response.status).toBe(200);
    expect(data!.commitment).toBe(row.commitment);
    expect(data!.reveal).toEqual(reveal);
    expect(verifyShoe(data!.commitment, data!.reveal!)).toEqual({ ok: true });
    expect(data!.verifies).toBe(true);
    expect(data!.verification).toBeNull();
    const order = Buffer.from(data!.reveal!.cards, "hex");
    const shown = data!.rounds.flatMap((round) => round.cards.filter((c) => c.kind === "shown"));
    expect(shown.length).toBeGreaterThan(3 * 8);
    for (const card of shown) expect(card.card).toBe(order[card.at]);

    // A reveal that is not the commitment's: answered, and said not to verify.
    await db.shoe.update({
      where: { id: row.id },
      data: { reveal: { salt: "00".repeat(32), cards: reveal.cards } },
    });
    const forged = await feed.GET("/shoes/{id}", { params: { path: { id: row.id } } });
    expect(forged.data!.verifies).toBe(false);
    expect(forged.data!.verification).toContain("not to the commitment");
    await db.shoe.update({
      where: { id: row.id },
      data: { reveal: { salt: reveal.salt, cards: reveal.cards } },
    });
  });

  it("answers an unknown shoe 404 and a malformed id 400, as problems naming `id`", async () => {
    const missing = problemOf(
      await feed.GET("/shoes/{id}", {
        params: { path: { id: "00000000-0000-4000-8000-000000000000" } },
      }),
    );
    expect(missing.status).toBe(404);
    expect(missing.detail).toContain("id: no shoe");
    const bad = problemOf(
      await feed.GET("/shoes/{id}", { params: { path: { id: "not-a-uuid" } } }),
    );
    expect(bad.status).toBe(400);
    expect(bad.parameter).toBe("id");
    // The parameter is named once.
    expect(bad.detail).toMatch(/^id: (?!id: )/);
  });
});

describe("GET /v1/tables/{slug}/roads", () => {
  it("answers the current shoe's five roads: roads() of its settled rounds' results", async () => {
    const db = database.db;
    const shoe = await db.shoe.findFirstOrThrow({
      where: { table: { slug: "baccarat-a" } },
      orderBy: { startedAt: "desc" },
    });
    const rounds = await db.round.findMany({
      where: { shoeId: shoe.id, phase: "settled" },
      orderBy: { number: "asc" },
    });
    const marks = rounds.map((round) => {
      const { winner, playerPair, bankerPair } = baccarat.dealtFrom(round.cards);
      return { winner, playerPair, bankerPair };
    });
    expect(marks.length).toBeGreaterThanOrEqual(8);
    const expected = JSON.parse(JSON.stringify(baccarat.roads(marks))) as object;
    const current = await feed.GET("/tables/{slug}/roads", {
      params: { path: { slug: "baccarat-a" } },
    });
    expect(current.response.status).toBe(200);
    expect(current.data).toEqual({
      table: "baccarat-a",
      game: "baccarat",
      shoe: shoe.id,
      rounds: marks.length,
      ...expected,
    });
    const named = await feed.GET("/tables/{slug}/roads", {
      params: { path: { slug: "baccarat-a" }, query: { shoe: shoe.id } },
    });
    expect(named.data).toEqual(current.data);
  });

  it("refuses a table of another game (400 naming slug), an unknown table and another table's shoe (404)", async () => {
    const roads = (slug: string, shoe?: string) =>
      feed.GET("/tables/{slug}/roads", {
        params: { path: { slug }, query: shoe === undefined ? {} : { shoe } },
      });
    const other = problemOf(await roads("pok-deng"));
    expect(other.status).toBe(400);
    expect(other.parameter).toBe("slug");
    expect(other.detail).toContain("plays pok-deng");
    expect(problemOf(await roads("no-such-table")).status).toBe(404);
    const foreign = await database.db.shoe.findFirstOrThrow({
      where: { table: { slug: "baccarat-b" } },
    });
    const wrong = problemOf(await roads("baccarat-a", foreign.id));
    expect(wrong.status).toBe(404);
    expect(wrong.detail).toContain(`no shoe "${foreign.id}" at table "baccarat-a"`);
    const bad = problemOf(await roads("baccarat-a", "12"));
    expect(bad.status).toBe(400);
    expect(bad.parameter).toBe("shoe");
  });
});

describe("GET /v1/stats", () => {
  it("counts a table's finished rounds and how each bet id came out", async () => {
    const db = database.db;
    const rounds = await db.round.findMany({
      where: { table: { slug: "baccarat-a" }, phase: { in: ["settled", "cancelled"] } },
    });
    const settled = rounds.filter((round) => round.phase === "settled");
    const winners = settled.map((round) => baccarat.dealtFrom(round.cards).winner);
    const stats = (query: { table?: string; from?: string; to?: string }) =>
      feed.GET("/stats", { params: { query } });
    const { data, response } = await stats({ table: "baccarat-a" });
    expect(response.status).toBe(200);
    expect(data!.table).toBe("baccarat-a");
    expect(data!.rounds).toEqual({ settled: settled.length, void: rounds.length - settled.length });
    expect(data!.outcomes.find((outcome) => outcome.bet === "banker")).toEqual({
      bet: "banker",
      seat: null,
      won: winners.filter((w) => w === "banker").length,
      lost: winners.filter((w) => w === "player").length,
      push: winners.filter((w) => w === "tie").length,
    });
    expect(data!.outcomes.find((outcome) => outcome.bet === "tie")?.won).toBe(
      winners.filter((w) => w === "tie").length,
    );
    const bets = await db.bet.findMany({
      where: { round: { phase: "settled", table: { slug: "baccarat-a" } } },
    });
    expect(data!.bets.reduce((sum, bet) => sum + bet.stakes, 0)).toBe(
      bets.reduce((sum, bet) => sum + Number(bet.stake), 0),
    );

    // A range: the rounds finished in it, and none before the first.
    const first = settled
      .map((round) => round.settledAt!)
      .sort((a, b) => a.getTime() - b.getTime())[0]!;
    const before = await stats({ table: "baccarat-a", to: first.toISOString() });
    expect(before.data!.rounds.settled).toBe(0);
    const since = await stats({ table: "baccarat-a", from: first.toISOString() });
    expect(since.data!.rounds.settled).toBe(settled.length);
    const all = await stats({});
    expect(all.data!.table).toBeNull();
    expect(all.data!.rounds.settled).toBeGreaterThan(settled.length);
  });

  it("refuses bad values as 400 problems naming the parameter, an unknown table 404", async () => {
    const stats = (query: { table?: string; from?: string; to?: string }) =>
      feed.GET("/stats", { params: { query } });
    const bad = problemOf(await stats({ from: "yesterday" }));
    expect(bad.status).toBe(400);
    expect(bad.parameter).toBe("from");
    const order = problemOf(
      await stats({ from: "2026-01-02T00:00:00Z", to: "2026-01-01T00:00:00Z" }),
    );
    expect(order.status).toBe(400);
    expect(order.parameter).toBe("to");
    const missing = problemOf(await stats({ table: "nope" }));
    expect(missing.status).toBe(404);
    expect(missing.detail).toContain('table: no table "nope"');
  });

  // Last in the file: the void changes the table's results for any test after it.
  it("counts a round an operator voided as void, and leaves it out of the outcomes", async () => {
    const db = database.db;
    const stats = async () =>
      (await feed.GET("/stats", { params: { query: { table: "baccarat-a" } } })).data!;
    const before = await stats();
    const round = await db.round.findFirstOrThrow({
      where: { phase: "settled", table: { slug: "baccarat-a" } },
      orderBy: { settledAt: "asc" },
    });
    const winner = baccarat.dealtFrom(round.cards).winner;
    const operator = await newStaff(db, "operator");
    await voidRound(db, { operatorId: operator.id, roundId: round.id, reason: "wrong shoe" });
    const after = await stats();
    expect(after.rounds).toEqual({
      settled: before.rounds.settled - 1,
      void: before.rounds.void + 1,
    });
    const banker = (of: typeof before) => of.outcomes.find((outcome) => outcome.bet === "banker")!;
    const column = winner === "banker" ? "won" : winner === "player" ? "lost" : "push";
    expect(banker(after)[column]).toBe(banker(before)[column] - 1);
  });
});
