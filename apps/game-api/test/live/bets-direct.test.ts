import { Agent } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createAuth } from "@fuda/auth";
import { createDb } from "@fuda/db";
import { adjustRequest, balance, transfer } from "@fuda/ledger";
import { closeRound, openRound } from "@fuda/live/testing";
import type { MutationPath } from "@fuda/api/types";

import { call } from "../../bench/callers";
import { createGameApiServer } from "../../src/server";
import type { Browser, GameApi } from "../http";
import { signInAs, signUp, startGameApi, WEB_ORIGIN } from "../http";

// Single bets.place and bets.undo calls are served in front of tRPC's adapter (bets-direct.ts).
// Every request below goes to a server doing that and to one leaving them to tRPC, on the same
// database, accounts and bet desk; the two answers must be the same bytes: status, headers
// (but the date and the framing: tRPC streams its body, the direct path sends a length) and body.
let api: GameApi;
/** The same game API with `directBets: false`: tRPC's adapter answers every call. */
let viaTrpc: Server;
let trpcPort: number;
let directPort: number;
let player: Browser;
let baccarat: { roundId: string; tableId: string };
let closed: { roundId: string };
const agent = new Agent({ keepAlive: true });

const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
};

beforeAll(async () => {
  // One player sends every call twice (direct and through tRPC): no pace between the two.
  api = await startGameApi({ betPace: { perSecond: 1_000_000, burst: 1_000_000 } });
  viaTrpc = createGameApiServer({ db: api.db, auth: api.auth, live: api.live, directBets: false });
  trpcPort = await listen(viaTrpc);
  directPort = Number(new URL(api.baseUrl).port);
  player = await signUp(api, "direct-bettor");
  baccarat = await openRound(api.db, "baccarat-a");
  closed = await openRound(api.db, "baccarat-b");
  await closeRound(api.db, closed.roundId);
});
afterAll(async () => {
  agent.destroy();
  viaTrpc.closeAllConnections();
  await new Promise((resolve) => viaTrpc.close(resolve));
  await api.stop();
});

interface Raw {
  status: number;
  /** Name and value pairs as sent, in order, without the date and the body's framing. */
  headers: string[];
  /** How the body's end is told: a length (the direct path) or chunks (tRPC's streamed body). */
  framing: "length" | "chunked";
  body: string;
}

const FRAMING = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "transfer-encoding",
]);

const REQUEST_ID = "bets-direct-test";

/** A mutation's URL, single or as a batch: typed by the router, so a rename fails here. */
type CallUrl = `/trpc/${MutationPath}${"" | "?batch=1"}`;

async function send(
  port: number,
  path: CallUrl,
  body: string,
  headers: Record<string, string> = {},
): Promise<Raw> {
  // One request id for every call: each answer carries its request's (header and error body).
  const reply = await call(agent, port, path, { "x-request-id": REQUEST_ID, ...headers }, body);
  const pairs: string[] = [];
  for (let i = 0; i < reply.rawHeaders.length; i += 2) {
    const name = reply.rawHeaders[i]!.toLowerCase();
    if (!FRAMING.has(name)) pairs.push(`${name}: ${reply.rawHeaders[i + 1]}`);
  }
  return {
    status: reply.status,
    headers: pairs,
    framing: reply.headers["content-length"] === undefined ? "chunked" : "length",
    body: reply.body,
  };
}

const cookieOf = (browser: Browser): Record<string, string> => {
  const { cookie } = browser.requestHeaders();
  return cookie === undefined ? {} : { cookie };
};

/** The same request to both servers: the direct one first (it places), then tRPC's. */
async function both(
  path: CallUrl,
  input: unknown,
  headers: Record<string, string> = cookieOf(player),
): Promise<[Raw, Raw]> {
  const body = typeof input === "string" ? input : JSON.stringify(input);
  const direct = await send(directPort, path, body, headers);
  const trpc = await send(trpcPort, path, body, headers);
  return [direct, trpc];
}

/**
 * The same answer, byte for byte, from the direct path (`served`: it sends a length) or from
 * tRPC's adapter on both (the request was left to it: both stream their bodies).
 */
function expectSame(direct: Raw, trpc: Raw, served: "direct" | "by tRPC" = "direct"): void {
  expect([direct.framing, trpc.framing]).toEqual([
    served === "direct" ? "length" : "chunked",
    "chunked",
  ]);
  expect({ ...direct, framing: undefined }).toEqual({ ...trpc, framing: undefined });
}

const slip = (roundId: string, amount = 1_000, requestId: string = crypto.randomUUID()) => ({
  roundId,
  bets: [{ bet: "banker", amount }],
  requestId,
});

describe("bets.place and bets.undo in front of tRPC", () => {
  it("answers a placement as tRPC does: a fresh one (ids and balance aside) and the same request again, byte for byte", async () => {
    const first = await send(
      directPort,
      "/trpc/bets.place",
      JSON.stringify(slip(baccarat.roundId)),
      cookieOf(player),
    );
    const second = await send(
      trpcPort,
      "/trpc/bets.place",
      JSON.stringify(slip(baccarat.roundId)),
      cookieOf(player),
    );
    expect(first.status).toBe(200);
    // The two paths were taken: the direct one sends a length, tRPC streams its body.
    expect([first.framing, second.framing]).toEqual(["length", "chunked"]);
    expect(first.headers).toEqual(second.headers);
    // Every id the desk made and the wallet after differ between two placements; nothing else.
    const blank = (raw: Raw) =>
      raw.body
        .replaceAll(baccarat.roundId, "ROUND")
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "ID")
        .replace(/"balance":\d+/, '"balance":N');
    expect(blank(first)).toBe(blank(second));
    expect(blank(first)).toBe(
      '{"result":{"data":{"roundId":"ROUND","slipId":"ID","bets":[{"id":"ID","bet":"banker","seat":null,"amount":1000,"reserved":1000}],"replayed":false,"balance":N}}}',
    );

    const again = slip(baccarat.roundId, 1_000, "direct-replayed");
    await send(directPort, "/trpc/bets.place", JSON.stringify(again), cookieOf(player));
    const [direct, trpc] = await both("/trpc/bets.place", again);
    expect(direct.body).toContain('"replayed":true');
    expectSame(direct, trpc);
  });

  it("answers an undo as tRPC does, with bets to refund and without", async () => {
    const round = await openRound(api.db, "pok-deng");
    const pokDengSlip = (requestId: string) => ({
      roundId: round.roundId,
      bets: [{ bet: "seat", seat: 1, amount: 1_000 }],
      requestId,
    });
    /** Two Player bets (a stake and a deposit of 1,000 each), then an undo, all on `port`. */
    const placeTwiceAndUndo = async (port: number, requestIds: string[]): Promise<Raw> => {
      for (const requestId of requestIds) {
        await send(
          port,
          "/trpc/bets.place",
          JSON.stringify(pokDengSlip(requestId)),
          cookieOf(player),
        );
      }
      const input = JSON.stringify({ roundId: round.roundId });
      return send(port, "/trpc/bets.undo", input, cookieOf(player));
    };
    const direct = await placeTwiceAndUndo(directPort, ["undo-1", "undo-2"]);
    expect(direct.body).toMatch(/"bets":2,"refunded":4000/);
    const trpc = await placeTwiceAndUndo(trpcPort, ["undo-3", "undo-4"]);
    expectSame(direct, trpc);
    // Nothing left to refund.
    const [none, noneViaTrpc] = await both("/trpc/bets.undo", { roundId: round.roundId });
    expect(none.body).toMatch(/"bets":0,"refunded":0/);
    expectSame(none, noneViaTrpc);
  });

  const refusals: [string, () => unknown, number, string][] = [
    ["no bets", () => ({ ...slip(baccarat.roundId), bets: [] }), 400, "BAD_INPUT"],
    ["a negative amount", () => slip(baccarat.roundId, -5), 400, "BAD_INPUT"],
    [
      "no request id",
      () => ({ roundId: baccarat.roundId, bets: [{ bet: "banker", amount: 1_000 }] }),
      400,
      "BAD_INPUT",
    ],
    ["a number for a round", () => ({ ...slip(baccarat.roundId), roundId: 7 }), 400, "BAD_INPUT"],
    ["null", () => null, 400, "BAD_INPUT"],
    [
      "a bet id of another game",
      () => ({ ...slip(baccarat.roundId), bets: [{ bet: "seat", seat: 1, amount: 1_000 }] }),
      400,
      "BAD_INPUT",
    ],
    [
      "an amount over the table's limit",
      () => slip(baccarat.roundId, 100_000_000),
      400,
      "BAD_INPUT",
    ],
    ["a round id that is no round id", () => slip("not-a-round"), 404, "NOT_FOUND"],
    ["an unknown round", () => slip("00000000-0000-4000-8000-000000000000"), 404, "NOT_FOUND"],
    ["a closed round", () => slip(closed.roundId), 409, "BETTING_CLOSED"],
  ];
  for (const [what, input, status, reason] of refusals) {
    it(`refuses ${what} as tRPC does (${status} ${reason})`, async () => {
      const [direct, trpc] = await both("/trpc/bets.place", input());
      expect(direct.status).toBe(status);
      expect(
        (JSON.parse(direct.body) as { error: { data: { reason: string } } }).error.data.reason,
      ).toBe(reason);
      expectSame(direct, trpc);
    });
  }

  it("refuses an undo of no round, of an unknown round and of a closed one as tRPC does", async () => {
    for (const input of [
      { roundId: 5 },
      { roundId: "nope" },
      { roundId: "00000000-0000-4000-8000-000000000000" },
      { roundId: closed.roundId },
    ]) {
      const [direct, trpc] = await both("/trpc/bets.undo", input);
      expect(direct.status).toBeGreaterThanOrEqual(400);
      expectSame(direct, trpc);
    }
  });

  it("refuses a slip the wallet cannot cover as tRPC does (422), nothing reserved", async () => {
    const poor = await signUp(api, "poor-bettor");
    const poorId = ((await poor.actor()) as { userId: string }).userId;
    const held = await balance({ db: api.db, playerId: poorId });
    await transfer(
      api.db,
      adjustRequest({
        requestId: "drain",
        playerId: poorId,
        operatorId: "test",
        amount: -held,
        reason: "test: an empty wallet",
      }),
    );
    const [direct, trpc] = await both("/trpc/bets.place", slip(baccarat.roundId), cookieOf(poor));
    expect(direct.status).toBe(422);
    expectSame(direct, trpc);
    expect(await balance({ db: api.db, playerId: poorId })).toBe(0);
  });

  it("refuses callers who are not players as tRPC does (401, 403)", async () => {
    const [anonymous, anonymousViaTrpc] = await both(
      "/trpc/bets.place",
      slip(baccarat.roundId),
      {},
    );
    expect(anonymous.status).toBe(401);
    expectSame(anonymous, anonymousViaTrpc);
    const operator = await signInAs(api, "operator");
    const [refused, refusedViaTrpc] = await both(
      "/trpc/bets.undo",
      { roundId: baccarat.roundId },
      cookieOf(operator),
    );
    expect(refused.status).toBe(403);
    expectSame(refused, refusedViaTrpc);
  });

  it("leaves what is not a single JSON call to tRPC: a body that is not JSON, another content type, a batch", async () => {
    const cases: [CallUrl, string, Record<string, string>][] = [
      ["/trpc/bets.place", "{not json", {}],
      ["/trpc/bets.place", "", {}],
      [
        "/trpc/bets.place",
        JSON.stringify(slip(baccarat.roundId)),
        { "content-type": "text/plain" },
      ],
      ["/trpc/bets.place?batch=1", JSON.stringify({ 0: slip("not-a-round") }), {}],
    ];
    for (const [path, body, headers] of cases) {
      const [direct, trpc] = await both(path, body, { ...cookieOf(player), ...headers });
      expect(direct.status).toBeGreaterThanOrEqual(400);
      expectSame(direct, trpc, "by tRPC");
    }
  });

  it("answers 503 with Retry-After as tRPC does while the database is away", async () => {
    // The same accounts' secret on a database nobody listens on: the session cannot be read.
    const away = createDb("postgresql://postgres@127.0.0.1:1/nowhere");
    const auth = createAuth({
      db: away,
      secret: "test-secret-test-secret-test-secret",
      baseURL: "http://127.0.0.1",
      trustedOrigins: [WEB_ORIGIN],
    });
    const servers = [
      createGameApiServer({ db: away, auth, live: api.live, logError: () => undefined }),
      createGameApiServer({
        db: away,
        auth,
        live: api.live,
        directBets: false,
        logError: () => undefined,
      }),
    ];
    try {
      const [directAway, trpcAway] = await Promise.all(servers.map(listen));
      for (const [path, input] of [
        ["/trpc/bets.place", slip(baccarat.roundId)],
        ["/trpc/bets.undo", { roundId: baccarat.roundId }],
      ] as const) {
        const body = JSON.stringify(input);
        const direct = await send(directAway!, path, body, cookieOf(player));
        const trpc = await send(trpcAway!, path, body, cookieOf(player));
        expect(direct.status).toBe(503);
        expect(direct.headers).toContain("retry-after: 5");
        expectSame(direct, trpc);
      }
    } finally {
      for (const server of servers) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
      await away.$disconnect();
    }
  });
});
