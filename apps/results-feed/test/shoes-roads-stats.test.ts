import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { startLive } from "@fuda/live";
import type { Live } from "@fuda/live";
import { baccarat } from "@fuda/rules";
import type { ShoeJson } from "@fuda/shoe";
import { revealShoe, shoeFromJson, verifyShoe } from "@fuda/shoe";
import { until } from "@fuda/testkit";

import { createFeedServer } from "../src/server";
import { newPartnerKey } from "./partner";

let database: TestDatabase;
let server: ReturnType<typeof createFeedServer>;
let baseUrl: string;
let authorization: string;
let live: Live | undefined;

interface Problem {
  status: number;
  code: string;
  parameter?: string;
  detail: string;
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  authorization = `Bearer ${(await newPartnerKey(database.db)).key}`;
  server = createFeedServer({ db: database.db, rateLimit: { perSecond: 10_000, burst: 10_000 } });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  live = startLive({
    db: database.db,
    connectionString: database.url,
    timing: { dealDelayMs: 0, resultPauseMs: 0, bettingWindowMs: () => 0 },
    log: () => undefined,
  });
  const db = database.db;
  await until("eight settled rounds at baccarat-a", async () =>
    (await db.round.count({ where: { phase: "settled", table: { slug: "baccarat-a" } } })) >= 8
      ? true
      : undefined,
  );
  await live.stop();
  live = undefined;
}, 120_000);

afterAll(async () => {
  await live?.stop();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.drop();
});

interface Reply<T> {
  status: number;
  type: string;
  body: T;
}

async function get(path: string): Promise<Reply<unknown>> {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization } });
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    body: await response.json(),
  };
}

interface Shoe {
  id: string;
  commitment: string;
  endedAt: string | null;
  reveal: { salt: string; cards: string } | null;
  rounds: { number: number; cards: { at: number; kind: string; card: number | null }[] }[];
  verifies: boolean;
  verification: string | null;
}

describe("GET /v1/shoes/{id}", () => {
  it("answers a shoe in play with its commitment and no reveal, and does not call it verified", async () => {
    const inPlay = await database.db.shoe.findFirstOrThrow({
      where: { endedAt: null, table: { slug: "baccarat-a" } },
    });
    const { status, body } = (await get(`/v1/shoes/${inPlay.id}`)) as Reply<Shoe>;
    expect(status).toBe(200);
    expect(body.commitment).toBe(inPlay.commitment);
    expect(body.endedAt).toBeNull();
    expect(body.reveal).toBeNull();
    expect(body.verifies).toBe(false);
    expect(body.verification).toMatch(/in play/);
    // Nothing of the hidden order: no shoe bytes, no salt anywhere in the answer.
    const text = JSON.stringify(body);
    expect(text).not.toContain(Buffer.from(inPlay.cards).toString("hex"));
    expect(text).not.toContain((inPlay.state as { salt: string }).salt);
    expect(body.rounds.length).toBeGreaterThan(0);
  });

  it("answers the shoe once ended with its reveal, which verifies, and the rounds' shown cards from it", async () => {
    const db = database.db;
    const row = await db.shoe.findFirstOrThrow({
      where: { endedAt: null, table: { slug: "baccarat-a" } },
    });
    // A whole eight-deck shoe takes minutes to deal: the dealer is stopped, and its shoe is
    // ended as the dealer's endShoe ends one (endedAt and the reveal of its own state).
    const reveal = revealShoe(shoeFromJson(row.state as unknown as ShoeJson));
    await db.shoe.update({
      where: { id: row.id },
      data: { endedAt: new Date(), reveal: { salt: reveal.salt, cards: reveal.cards } },
    });
    const { status, body } = (await get(`/v1/shoes/${row.id}`)) as Reply<Shoe>;
    expect(status).toBe(200);
    expect(body.commitment).toBe(row.commitment);
    expect(body.reveal).toEqual(reveal);
    expect(verifyShoe(body.commitment, body.reveal!)).toEqual({ ok: true });
    expect(body.verifies).toBe(true);
    expect(body.verification).toBeNull();
    const order = Buffer.from(body.reveal!.cards, "hex");
    const shown = body.rounds.flatMap((round) => round.cards.filter((c) => c.kind === "shown"));
    expect(shown.length).toBeGreaterThan(3 * 8);
    for (const card of shown) expect(card.card).toBe(order[card.at]);

    // A reveal that is not the commitment's: answered, and said not to verify.
    const other = revealShoe(shoeFromJson(row.state as unknown as ShoeJson));
    await db.shoe.update({
      where: { id: row.id },
      data: { reveal: { salt: "00".repeat(32), cards: other.cards } },
    });
    const forged = (await get(`/v1/shoes/${row.id}`)) as Reply<Shoe>;
    expect(forged.body.verifies).toBe(false);
    expect(forged.body.verification).toContain("not to the commitment");
    await db.shoe.update({
      where: { id: row.id },
      data: { reveal: { salt: reveal.salt, cards: reveal.cards } },
    });
  });

  it("answers an unknown shoe 404 and a malformed id 400, as problems naming `id`", async () => {
    const missing = (await get("/v1/shoes/00000000-0000-4000-8000-000000000000")) as Reply<Problem>;
    expect(missing.status).toBe(404);
    expect(missing.type).toContain("application/problem+json");
    expect(missing.body.detail).toContain("id: no shoe");
    const bad = (await get("/v1/shoes/not-a-uuid")) as Reply<Problem>;
    expect(bad.status).toBe(400);
    expect(bad.type).toContain("application/problem+json");
    expect(bad.body.parameter).toBe("id");
  });
});

interface Roads {
  table: string;
  shoe: string;
  rounds: number;
  beadPlate: unknown[];
  bigRoad: unknown;
  bigEyeBoy: unknown;
  smallRoad: unknown;
  cockroachPig: unknown;
}

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
    const current = (await get("/v1/tables/baccarat-a/roads")) as Reply<Roads>;
    expect(current.status).toBe(200);
    expect(current.body).toEqual({
      table: "baccarat-a",
      game: "baccarat",
      shoe: shoe.id,
      rounds: marks.length,
      ...expected,
    });
    const named = (await get(`/v1/tables/baccarat-a/roads?shoe=${shoe.id}`)) as Reply<Roads>;
    expect(named.body).toEqual(current.body);
  });

  it("refuses a table of another game (400 naming slug), an unknown table and another table's shoe (404)", async () => {
    const other = (await get("/v1/tables/pok-deng/roads")) as Reply<Problem>;
    expect(other.status).toBe(400);
    expect(other.type).toContain("application/problem+json");
    expect(other.body.parameter).toBe("slug");
    expect(other.body.detail).toContain("plays pok-deng");
    expect(((await get("/v1/tables/no-such-table/roads")) as Reply<Problem>).status).toBe(404);
    const foreign = await database.db.shoe.findFirstOrThrow({
      where: { table: { slug: "baccarat-b" } },
    });
    const wrong = (await get(`/v1/tables/baccarat-a/roads?shoe=${foreign.id}`)) as Reply<Problem>;
    expect(wrong.status).toBe(404);
    expect(wrong.body.detail).toContain(`no shoe "${foreign.id}" at table "baccarat-a"`);
    const bad = (await get("/v1/tables/baccarat-a/roads?shoe=12")) as Reply<Problem>;
    expect(bad.status).toBe(400);
    expect(bad.body.parameter).toBe("shoe");
  });
});

interface Stats {
  table: string | null;
  rounds: { settled: number; void: number };
  outcomes: { bet: string; seat: number | null; won: number; lost: number; push: number }[];
  bets: { bet: string; count: number; stakes: number; returned: number }[];
}

describe("GET /v1/stats", () => {
  it("counts a table's finished rounds and how each bet id came out", async () => {
    const db = database.db;
    const rounds = await db.round.findMany({
      where: { table: { slug: "baccarat-a" }, phase: { in: ["settled", "cancelled"] } },
    });
    const settled = rounds.filter((round) => round.phase === "settled");
    const winners = settled.map((round) => baccarat.dealtFrom(round.cards).winner);
    const { status, body } = (await get("/v1/stats?table=baccarat-a")) as Reply<Stats>;
    expect(status).toBe(200);
    expect(body.table).toBe("baccarat-a");
    expect(body.rounds).toEqual({ settled: settled.length, void: rounds.length - settled.length });
    const banker = body.outcomes.find((outcome) => outcome.bet === "banker")!;
    expect(banker).toEqual({
      bet: "banker",
      seat: null,
      won: winners.filter((w) => w === "banker").length,
      lost: winners.filter((w) => w === "player").length,
      push: winners.filter((w) => w === "tie").length,
    });
    const bets = await db.bet.findMany({
      where: { round: { phase: "settled", table: { slug: "baccarat-a" } } },
    });
    expect(body.bets.reduce((sum, bet) => sum + bet.stakes, 0)).toBe(
      bets.reduce((sum, bet) => sum + Number(bet.stake), 0),
    );

    // A range: the rounds finished in it, and none before the first.
    const first = settled
      .map((round) => round.settledAt!)
      .sort((a, b) => a.getTime() - b.getTime())[0]!;
    const before = (await get(
      `/v1/stats?table=baccarat-a&to=${first.toISOString()}`,
    )) as Reply<Stats>;
    expect(before.body.rounds.settled).toBe(0);
    const since = (await get(
      `/v1/stats?table=baccarat-a&from=${first.toISOString()}`,
    )) as Reply<Stats>;
    expect(since.body.rounds.settled).toBe(settled.length);
    const all = (await get("/v1/stats")) as Reply<Stats>;
    expect(all.body.table).toBeNull();
    expect(all.body.rounds.settled).toBeGreaterThan(settled.length);
  });

  it("refuses bad values as 400 problems naming the parameter, an unknown table 404", async () => {
    const bad = (await get("/v1/stats?from=yesterday")) as Reply<Problem>;
    expect(bad.status).toBe(400);
    expect(bad.body.parameter).toBe("from");
    const order = (await get(
      "/v1/stats?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z",
    )) as Reply<Problem>;
    expect(order.status).toBe(400);
    expect(order.body.parameter).toBe("to");
    const missing = (await get("/v1/stats?table=nope")) as Reply<Problem>;
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toContain('table: no table "nope"');
  });
});
