/**
 * Cross-site requests to the game API over real HTTP (docs/security.md): a page of another
 * origin can make a signed-in visitor's browser POST to any mutation, and the visitor's session
 * cookie for 127.0.0.1 goes with it (ports are one site). Every mutation of the router, walked
 * from its record, so a new one is covered without a line here: refused, and nothing changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { appRouter } from "@fuda/api";
import type { MutationPath } from "@fuda/api/types";
import { seed } from "@fuda/db";

import type { Browser, GameApi } from "./http";
import { signInAs, signUp, startGameApi, WEB_ORIGIN } from "./http";

const EVIL = "http://evil.test";

let api: GameApi;
let player: Browser;
let admin: Browser;
let dealer: Browser;

beforeAll(async () => {
  api = await startGameApi();
  await seed(api.db);
  player = await signUp(api, "player");
  admin = await signInAs(api, "admin");
  dealer = await signInAs(api, "dealer");
  // The player has played the quick game: `quick.*` without the guard would move its hand on.
  expect((await player.trpc("mutation", "quick.add", { spot: "banker" })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await api.stop();
});

const mutations = Object.entries(appRouter._def.procedures)
  .filter(([, procedure]) => (procedure as { _def: { type: string } })._def.type === "mutation")
  .map(([path]) => path as MutationPath)
  .sort();

/** The signed-in caller who may call `path`: an admin for admin.*, a dealer for the studio. */
const callerOf = (path: string): Browser =>
  path.startsWith("admin.") ? admin : path.startsWith("studio.") ? dealer : player;

/**
 * Every row of the database but the sessions (a request's last-seen time) and sign-in
 * throttles, as one digest per table: "nothing changed" is the same digests after.
 */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await api.db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('sessions', 'auth_throttles', 'verifications')
      ORDER BY table_name`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await api.db.$queryRawUnsafe<{ digest: string | null; rows: bigint }[]>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*) AS rows FROM "${name}" t`,
    );
    digests[name] = `${row!.rows} rows ${row!.digest ?? "-"}`;
  }
  return digests;
}

/** What a page of another site can make a browser send: forms of every encoding, and fetch. */
function crossSiteBodies(): [string, { body: string | FormData | Blob; type?: string }][] {
  const form = new FormData();
  form.set("roundId", "00000000-0000-4000-8000-000000000000");
  form.set("amount", "100000");
  return [
    [
      "form, urlencoded",
      { body: "roundId=x&amount=100000", type: "application/x-www-form-urlencoded" },
    ],
    // A text/plain form can carry a JSON text: name `{"a":"`, value `"}`.
    ["form, text/plain", { body: '{"spot":"tie","x":"="}', type: "text/plain" }],
    // multipart/form-data is a body tRPC itself reads (as FormData): no preflight either.
    ["form, multipart", { body: form }],
    ["fetch, JSON", { body: JSON.stringify({ spot: "tie" }), type: "application/json" }],
  ];
}

async function post(
  caller: Browser,
  path: string,
  { body, type }: { body: string | FormData | Blob; type?: string },
  origin: string | null,
): Promise<{ status: number; body: { error?: { data?: Record<string, unknown> } } }> {
  const { origin: _trusted, ...headers } = caller.requestHeaders();
  const response = await fetch(`${api.baseUrl}/trpc/${path}`, {
    method: "POST",
    headers: {
      ...headers,
      ...(origin === null ? {} : { origin }),
      ...(type === undefined ? {} : { "content-type": type }),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as never };
}

describe("a tRPC POST from another site's page", () => {
  it("walks every mutation of the router, bets, seats, actions, quick, chat, studio and admin alike", () => {
    expect(mutations).toEqual(
      expect.arrayContaining([
        "bets.place",
        "bets.undo",
        "seats.sit",
        "actions.act",
        "quick.deal",
        "chat.send",
        "studio.card",
        "admin.players.adjust",
        "admin.rounds.void",
        "admin.partnerKeys.create",
      ]),
    );
  });

  it.each(mutations)(
    "%s: refused 403 with the session cookie of its caller, and nothing changed",
    async (path) => {
      const before = await snapshot();
      for (const [kind, request] of crossSiteBodies()) {
        const answer = await post(callerOf(path), path, request, EVIL);
        expect(answer.status, kind).toBe(403);
        expect(answer.body.error?.data, kind).toMatchObject({
          code: "FORBIDDEN",
          reason: "FORBIDDEN",
          details: { field: "origin" },
        });
      }
      // Pages in a sandbox, or opened from a file or data: URL, say `Origin: null`.
      const sandboxed = await post(callerOf(path), path, crossSiteBodies()[2]![1], "null");
      expect(sandboxed.status).toBe(403);
      expect(await snapshot()).toEqual(before);
    },
  );
});

describe("what still goes through", () => {
  it("the trusted app's JSON call, and a caller without Origin (server to server), reach the procedure", async () => {
    for (const origin of [WEB_ORIGIN, null]) {
      const answer = await post(
        player,
        "chat.send",
        {
          body: JSON.stringify({
            tableId: "00000000-0000-4000-8000-000000000000",
            text: "hello",
            requestId: "cross-site",
          }),
          type: "application/json",
        },
        origin,
      );
      // Past the guard, to the domain: the table is not found.
      expect(answer.status, String(origin)).toBe(404);
      expect(answer.body.error?.data?.reason, String(origin)).toBe("NOT_FOUND");
    }
    // The direct bet path (bets-direct.ts) too: a round that does not exist.
    const bet = await player.trpc("mutation", "bets.place", {
      roundId: "00000000-0000-4000-8000-000000000000",
      bets: [{ bet: "banker", amount: 1_000 }],
      requestId: "cross-site",
    });
    expect(bet.code).toBe("NOT_FOUND");
  });

  it("a caller with no session may post from anywhere: there is no one to act for", async () => {
    const anonymous = api.browser();
    const answer = await post(
      anonymous,
      "quick.deal",
      { body: "null", type: "application/json" },
      EVIL,
    );
    expect(answer.status).toBe(401);
  });
});

describe("a tRPC POST whose body is not JSON", () => {
  it.each(crossSiteBodies().slice(0, 3))(
    "%s from the trusted app: refused 415 naming the content type, nothing changed",
    async (_kind, request) => {
      const before = await snapshot();
      // quick.deal takes no input: tRPC alone would deal the player's hand from a form.
      const answer = await post(player, "quick.deal", request, WEB_ORIGIN);
      expect(answer.status).toBe(415);
      expect(answer.body.error?.data).toMatchObject({
        code: "UNSUPPORTED_MEDIA_TYPE",
        reason: "BAD_INPUT",
        details: { field: "content-type" },
      });
      expect(await snapshot()).toEqual(before);
    },
  );

  it("without a content type at all: refused 415", async () => {
    const answer = await post(player, "quick.deal", { body: new Blob(["null"]) }, null);
    expect(answer.status).toBe(415);
  });
});

describe("every answer of the game API", () => {
  it("carries nosniff and no-referrer, refusals and streams included; HSTS only behind TLS", async () => {
    const answers = [
      await fetch(`${api.baseUrl}/trpc/tables.list`),
      await fetch(`${api.baseUrl}/trpc/nope`),
      await fetch(`${api.baseUrl}/nope`),
      await fetch(`${api.baseUrl}/api/auth/get-session`),
      await fetch(`${api.baseUrl}/trpc/quick.deal`, { method: "POST", body: "x" }),
    ];
    for (const answer of answers) {
      expect(answer.headers.get("x-content-type-options"), answer.url).toBe("nosniff");
      expect(answer.headers.get("referrer-policy"), answer.url).toBe("no-referrer");
      expect(answer.headers.get("strict-transport-security"), answer.url).toBeNull();
      await answer.body?.cancel();
    }
    const stream = new AbortController();
    const events = await fetch(`${api.baseUrl}/trpc/tables.watch`, { signal: stream.signal });
    expect(events.headers.get("x-content-type-options")).toBe("nosniff");
    stream.abort();
    const behindTls = await fetch(`${api.baseUrl}/trpc/health`, {
      headers: { "x-forwarded-proto": "https" },
    });
    expect(behindTls.headers.get("strict-transport-security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
  });
});
