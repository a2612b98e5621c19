/**
 * What an operator sees of a running game API (docs/operations.md, Logs, Metrics, Traces,
 * Health): the process runs from its bundle as in production, with its database behind a
 * proxy the test can stop, its traces sent to a small OTLP collector of the test's own.
 */
import { createServer } from "node:http";
import type { AddressInfo, Server } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { startGameApi, startPgProxy } from "@fuda/testkit";
import type { PgProxy, SpawnedApp } from "@fuda/testkit";

import { Browser, email, PASSWORD } from "../http";
import { guest, until } from "./bots";

const PACE = { BETTING_WINDOW_MS: "1500", DEAL_DELAY_MS: "20", RESULT_PAUSE_MS: "20" };
const METRICS_TOKEN = "metrics-token-for-the-test-0001";

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

/** An OTLP/HTTP (JSON) trace receiver: every span it is sent. */
async function startCollector(): Promise<{ url: string; spans: OtlpSpan[]; server: Server }> {
  const spans: OtlpSpan[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (req.url === "/v1/traces") {
        const sent = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[];
        };
        for (const resource of sent.resourceSpans) {
          for (const scope of resource.scopeSpans) spans.push(...scope.spans);
        }
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, server };
}

const attribute = (span: OtlpSpan, key: string): unknown => {
  const value = span.attributes.find((item) => item.key === key)?.value;
  return value === undefined ? undefined : Object.values(value)[0];
};

/** The process's JSON log lines (pino), parsed. */
const logLines = (app: SpawnedApp): Record<string, unknown>[] =>
  app
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** Prometheus' text format: the sum of a metric's samples whose labels include `labels`. */
async function scrape(app: SpawnedApp): Promise<(name: string, labels?: string[]) => number> {
  const response = await fetch(`${app.url}/metrics`, {
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  return (name, labels = []) =>
    text
      .split("\n")
      .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
      .filter((line) => labels.every((label) => line.includes(label)))
      .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

let database: TestDatabase;
let proxy: PgProxy;
let collector: Awaited<ReturnType<typeof startCollector>>;
let api: SpawnedApp;
let player: Browser;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  proxy = await startPgProxy(database.url);
  collector = await startCollector();
  api = await startGameApi({
    databaseUrl: proxy.url,
    env: {
      ...PACE,
      LOG_FORMAT: "json",
      METRICS_TOKEN,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_BSP_SCHEDULE_DELAY: "100",
    },
  });
  player = await guest(api.url);
}, 60_000);

afterAll(async () => {
  await api.stop();
  collector.server.close();
  await proxy.close();
  await database.drop();
});

/** A baccarat round open for bets on the shared tables, and its smallest Player bet. */
async function openBaccaratRound(): Promise<{ id: string; amount: number }> {
  return until("a baccarat round taking bets", async () => {
    const [round] = await database.db.$queryRaw<{ id: string; min: number }[]>`
      SELECT r.id, (t.limits->'player'->>'min')::int AS min
      FROM rounds r JOIN tables t ON t.id = r.table_id
      WHERE r.phase = 'betting' AND r.betting_closes_at > now() + interval '500 milliseconds'
        AND t.game = 'BACCARAT'
      LIMIT 1`;
    return round === undefined ? undefined : { id: round.id, amount: round.min };
  });
}

async function placeBet(
  bet: { roundId: string; amount: number },
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${api.url}/trpc/bets.place`, {
    method: "POST",
    headers: { "content-type": "application/json", ...player.requestHeaders(), ...headers },
    body: JSON.stringify({
      roundId: bet.roundId,
      bets: [{ bet: "player", amount: bet.amount }],
      requestId: crypto.randomUUID(),
    }),
  });
  return {
    status: response.status,
    requestId: response.headers.get("x-request-id"),
    body: (await response.json()) as { error?: { data: { requestId?: string; reason?: string } } },
  };
}

describe("logs", () => {
  it("one placed bet: its log lines share the request id the caller sent; a refused bet's error answer carries the id its lines have", async () => {
    const round = await openBaccaratRound();
    const placed = await placeBet(
      { roundId: round.id, amount: round.amount },
      { "x-request-id": "bet-from-the-test-1" },
    );
    expect(placed.status).toBe(200);
    expect(placed.requestId).toBe("bet-from-the-test-1");
    const lines = await until("the bet's log lines", () => {
      const mine = logLines(api).filter((line) => line.requestId === "bet-from-the-test-1");
      return Promise.resolve(mine.length >= 2 ? mine : undefined);
    });
    expect(lines.map((line) => line.msg)).toEqual(
      expect.arrayContaining(["bet placed", "request"]),
    );
    expect(lines.find((line) => line.msg === "request")).toMatchObject({
      route: "bets.place",
      status: 200,
      service: "game-api",
    });

    // More than the player has: refused, with an id the server made.
    const refused = await placeBet({ roundId: round.id, amount: 1_000_000_000 });
    expect(refused.status).toBe(400);
    const id = refused.requestId!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(refused.body.error?.data.requestId).toBe(id);
    await until("the refusal's log lines", () =>
      Promise.resolve(
        logLines(api).some((line) => line.requestId === id && line.msg === "request")
          ? true
          : undefined,
      ),
    );
    // An id that could forge a log line is replaced, not echoed.
    const forged = await placeBet(
      { roundId: round.id, amount: round.amount },
      { "x-request-id": 'x" {"level":60}' },
    );
    expect(forged.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("e-mail addresses, passwords and cookies never reach the log", async () => {
    const address = email("logged");
    const visitor = new Browser(api.url);
    const signedUp = await visitor.auth("sign-up/email", {
      email: address,
      password: PASSWORD,
      name: "Logged",
    });
    expect(signedUp.status).toBe(200);
    await visitor.auth("sign-in/email", { email: address, password: "wrong password 1" });
    // Our own calls: an address in a procedure's input that fails.
    await visitor.trpc("mutation", "bets.place", { roundId: address, bets: [], requestId: "x" });
    const cookie = [...visitor.cookies.values()][0]!;
    const output = api.output();
    expect(output).not.toContain(address);
    expect(output).not.toContain(PASSWORD);
    expect(output).not.toContain("wrong password 1");
    expect(output).not.toContain(cookie);
  });
});

describe("metrics", () => {
  it("/metrics answers only the bearer of METRICS_TOKEN", async () => {
    expect((await fetch(`${api.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${api.url}/metrics`, {
      headers: { authorization: "Bearer not-the-token-not-the-token" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("bets, rounds and HTTP counters move by what was played", async () => {
    const before = await scrape(api);
    const round = await openBaccaratRound();
    const placed = 3;
    for (let i = 0; i < placed; i++) {
      expect((await placeBet({ roundId: round.id, amount: round.amount })).status).toBe(200);
    }
    const refused = await placeBet({ roundId: round.id, amount: 1_000_000_000 });
    expect(refused.status).toBe(400);
    const reason = refused.body.error!.data.reason!;
    // The round the bets went on settles.
    await until("the round settled", async () => {
      const settled = await database.db.round.findFirst({
        where: { id: round.id, phase: "settled" },
      });
      return settled ?? undefined;
    });
    const settledBefore = await database.db.round.count({ where: { phase: "settled" } });
    const after = await scrape(api);
    const settledAfter = await database.db.round.count({ where: { phase: "settled" } });

    const moved = (name: string, labels?: string[]) => after(name, labels) - before(name, labels);
    expect(moved("fuda_bets_placed_total")).toBe(placed);
    expect(moved("fuda_bets_refused_total", [`reason="${reason}"`])).toBe(1);
    expect(moved("fuda_http_request_duration_seconds_count", ['route="bets.place"'])).toBe(
      placed + 1,
    );
    expect(
      moved("fuda_http_request_duration_seconds_count", ['route="bets.place"', 'status="400"']),
    ).toBe(1);
    // Every round this process settled, counted as the database has them (all of them: it is
    // the only dealer of a fresh database).
    const settled = after("fuda_round_phases_total", ['phase="settled"']);
    expect(settled).toBeGreaterThanOrEqual(settledBefore);
    expect(settled).toBeLessThanOrEqual(settledAfter);
    // The pool's connections, in use or idle: the dealer may hold every one at the scrape.
    const pool = (state: string) => after("fuda_db_pool_connections", [`state="${state}"`]);
    expect(pool("in_use") + pool("idle")).toBeGreaterThan(0);
    expect(after("process_cpu_seconds_total")).toBeGreaterThan(0);
  });
});

describe("traces", () => {
  it("a bet placement arrives at the collector as one trace: the HTTP span with the request id, the bet's span and PostgreSQL's", async () => {
    const round = await openBaccaratRound();
    const placed = await placeBet(
      { roundId: round.id, amount: round.amount },
      { "x-request-id": "traced-bet-1" },
    );
    expect(placed.status).toBe(200);
    const trace = await until("the bet's spans", () => {
      const http = collector.spans.find(
        (span) => span.kind === 2 && attribute(span, "fuda.request_id") === "traced-bet-1",
      );
      if (http === undefined) return Promise.resolve(undefined);
      const spans = collector.spans.filter((span) => span.traceId === http.traceId);
      const bet = spans.find((span) => span.name === "bet.place");
      const sql = spans.filter(
        (span) => attribute(span, "db.system.name") ?? attribute(span, "db.system"),
      );
      return Promise.resolve(bet !== undefined && sql.length > 0 ? { http, bet, sql } : undefined);
    });
    expect(trace.bet.parentSpanId).toBeDefined();
    expect(
      trace.sql.some(
        (span) =>
          attribute(span, "db.system.name") === "postgresql" ||
          attribute(span, "db.system") === "postgresql",
      ),
    ).toBe(true);
  });
});

describe("health", () => {
  it("/readyz turns 503 while PostgreSQL is away and 200 when it is back; /livez stays 200", async () => {
    const ready = await fetch(`${api.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: "ok",
      checks: { database: "ok", migrations: "ok", events: "ok" },
    });
    await proxy.stop();
    try {
      const down = await until("/readyz to refuse", async () => {
        const response = await fetch(`${api.url}/readyz`);
        return response.status === 503 ? response : undefined;
      });
      const body = (await down.json()) as { status: string; checks: Record<string, string> };
      expect(body.status).toBe("unavailable");
      expect(body.checks.database).not.toBe("ok");
      expect((await fetch(`${api.url}/livez`)).status).toBe(200);
    } finally {
      await proxy.start();
    }
    await until("/readyz to answer 200 again", async () => {
      const response = await fetch(`${api.url}/readyz`);
      return response.status === 200 ? true : undefined;
    });
    expect((await fetch(`${api.url}/livez`)).status).toBe(200);
  });
});
