/**
 * Object-level authorization on the results feed (docs/security.md, Players' and partners'
 * data): a walk of every feed procedure that takes an id. Partner P2 calls each over HTTP with
 * partner P1's ids (its key, its webhook, a cursor of its own page) and with player A's (A's
 * settled round, A's round still betting, A's shoe still in play), and gets nothing of P1's or
 * A's and changes nothing of theirs. The feed serves public results only: a procedure that takes
 * an id and is not in `PUBLIC` below fails the walk, so a new one forces a decision here.
 */
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createWebhookEndpoint, feedRouter } from "@fuda/api";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { createBetDesk } from "@fuda/live";
import type { BetDesk } from "@fuda/live";
import { closeRound, dealerSteps, newPlayer, openNextRound, openRound } from "@fuda/live/testing";
import { shoeJsonOf } from "@fuda/shoe";
import { inputKeys, until, type WalkedSchema } from "@fuda/testkit";

import { createFeedServer } from "../src/server";
import { newPartnerKey, newStaff } from "./partner";

let database: TestDatabase;
let server: ReturnType<typeof createFeedServer>;
let desk: BetDesk;
let baseUrl: string;
/** P2's key, as its Authorization header. */
let p2: string;

/** P1's and A's things. */
const theirs = {
  partnerId: "",
  keyId: "",
  key: "",
  keyStart: "",
  keyHash: "",
  webhookId: "",
  webhookSecret: "",
  webhookUrl: "",
  /** A page cursor P1 was given. */
  cursor: "",
  playerId: "",
  betIds: [] as string[],
  settledRoundId: "",
  /** A's round still betting: not a finished round, so not the feed's. */
  bettingRoundId: "",
  shoeId: "",
};

/** What of P1's and A's an answer must not show, by name. */
function secrets(): Record<string, string[]> {
  return {
    key: [theirs.keyId, theirs.key, theirs.keyStart, theirs.keyHash],
    webhook: [theirs.webhookId, theirs.webhookSecret, theirs.webhookUrl],
    partnerId: [theirs.partnerId],
    player: [theirs.playerId],
    bets: theirs.betIds,
  };
}

/** Everything of P1's and A's a call could change. */
async function stateOfTheirs(): Promise<unknown> {
  const db = database.db;
  return {
    keys: await db.partnerKey.findMany({ where: { partnerId: theirs.partnerId } }),
    webhooks: await db.webhookEndpoint.findMany({ where: { partnerId: theirs.partnerId } }),
    bets: await db.bet.findMany({ where: { playerId: theirs.playerId }, orderBy: { id: "asc" } }),
  };
}

/**
 * The feed's procedures that take an id, each public by design: tables, finished rounds and
 * shoes (the commitment; the order only once revealed), roads and aggregate stats.
 */
const PUBLIC: Record<string, string> = {
  table: "a table by its slug",
  roads: "a baccarat table's roads",
  rounds: "finished rounds, by table, shoe and page",
  round: "one finished round",
  shoe: "a shoe's commitment, its finished rounds, its reveal once ended",
  stats: "a table's results, stakes summed over every player",
};

/** Keys that name something: ids, slugs, filters by table or shoe, and cursors. */
const ID_KEY = /^(id|cursor|slug|table|shoe)$|Ids?$/;

/** P1's or A's values for each key that names something, to call with one after another. */
function valuesOf(key: string): string[] | undefined {
  const values: Record<string, string[]> = {
    id: [
      theirs.settledRoundId,
      theirs.bettingRoundId,
      theirs.shoeId,
      theirs.keyId,
      theirs.webhookId,
    ],
    shoe: [theirs.shoeId],
    slug: ["baccarat-a"],
    table: ["baccarat-a"],
    cursor: [theirs.cursor],
  };
  return values[key];
}

type Schema = WalkedSchema;

interface Walked {
  name: string;
  /** The REST path, e.g. `/rounds/{id}`. */
  path: string;
  keys: string[];
  ids: string[];
}

/** Every feed procedure, with its REST path and input keys, from tRPC's own record. */
function procedures(): Walked[] {
  return Object.entries(feedRouter._def.procedures)
    .map(([name, procedure]) => {
      const def = (
        procedure as { _def: { inputs: Schema[]; meta?: { openapi?: { path: string } } } }
      )._def;
      const keys = def.inputs.flatMap(inputKeys);
      return {
        name,
        path: def.meta?.openapi?.path ?? "",
        keys,
        ids: keys.filter((key) => ID_KEY.test(key)),
      };
    })
    .sort((x, y) => x.name.localeCompare(y.name));
}

const idTaking = () => procedures().filter(({ ids }) => ids.length > 0);

/**
 * The /v1 URLs to call `walked` at, each id in turn set to each of P1's or A's values, with the
 * values sent.
 */
function urlsFor(walked: Walked) {
  const base: Record<string, string> = {};
  for (const key of walked.ids) {
    const values = valuesOf(key);
    if (values === undefined) {
      throw new Error(
        `${walked.name}: no value of P1's or A's for \`${key}\` (add it to valuesOf)`,
      );
    }
    base[key] = values[0]!;
  }
  const inputs = [base];
  for (const key of walked.ids) {
    for (const value of valuesOf(key)!.slice(1)) inputs.push({ ...base, [key]: value });
  }
  return inputs.map((input): { url: string; sent: string[] } => {
    const query = new URLSearchParams();
    let path = walked.path;
    for (const [key, value] of Object.entries(input)) {
      if (path.includes(`{${key}}`)) path = path.replace(`{${key}}`, encodeURIComponent(value));
      else query.set(key, value);
    }
    return {
      url: `/v1${path}${query.size > 0 ? `?${query.toString()}` : ""}`,
      sent: Object.values(input),
    };
  });
}

const get = (url: string, key = p2) =>
  fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${key}` } });

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  await seed(db);
  desk = createBetDesk({ db });
  server = createFeedServer({ db, rateLimit: { perSecond: 10_000, burst: 10_000 } });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // A and B bet on two baccarat rounds, dealt and settled; A bets again on the next, still betting.
  theirs.playerId = await newPlayer(db);
  const other = await newPlayer(db);
  for (let round = 0; round < 2; round++) {
    const roundId =
      round === 0
        ? (await openRound(db, "baccarat-a")).roundId
        : (await openNextRound(db, "baccarat-a")).id;
    for (const [playerId, amount] of [
      [theirs.playerId, 2_700],
      [other, 1_100],
    ] as const) {
      await desk.place({
        playerId,
        roundId,
        bets: [{ bet: "banker", amount }],
        requestId: randomUUID(),
      });
    }
    await closeRound(db, roundId);
    expect((await dealerSteps(db, roundId)).phase).toBe("settled");
    theirs.settledRoundId = roundId;
  }
  const betting = await openNextRound(db, "baccarat-a");
  await desk.place({
    playerId: theirs.playerId,
    roundId: betting.id,
    bets: [{ bet: "player", amount: 1_300 }],
    requestId: randomUUID(),
  });
  theirs.bettingRoundId = betting.id;
  theirs.shoeId = betting.shoeId;
  theirs.betIds = (await db.bet.findMany({ where: { playerId: theirs.playerId } })).map(
    (bet) => bet.id,
  );
  expect(theirs.betIds).toHaveLength(3);

  // P1 and P2, each with a key and a webhook, made as an admin makes them.
  const admin = await newStaff(db, "admin");
  const partner = async (partnerId: string) => {
    const { key, partnerKey } = await newPartnerKey(db, partnerId);
    const hook = await createWebhookEndpoint({
      db,
      actorId: admin.id,
      partnerId,
      url: `https://hooks.example.com/${partnerId}`,
      events: ["round.settled"],
      // A fixture: the address is never called, so it need not resolve.
      privateTargets: "allow",
    });
    return { key, partnerKey, hook };
  };
  const p1 = await partner(`p1-${randomUUID()}`);
  theirs.partnerId = p1.partnerKey.partnerId;
  theirs.keyId = p1.partnerKey.id;
  theirs.key = p1.key;
  theirs.keyStart = p1.partnerKey.start;
  theirs.keyHash = (
    await db.partnerKey.findUniqueOrThrow({ where: { id: p1.partnerKey.id } })
  ).keyHash;
  theirs.webhookId = p1.hook.endpoint.id;
  theirs.webhookSecret = p1.hook.secret;
  theirs.webhookUrl = p1.hook.endpoint.url;
  p2 = (await partner(`p2-${randomUUID()}`)).key;

  // A cursor P1 was given: its first page of one round leaves one.
  const page = (await (await get("/v1/rounds?table=baccarat-a&limit=1", p1.key)).json()) as {
    nextCursor: string;
  };
  theirs.cursor = page.nextCursor;

  for (const [name, values] of Object.entries(secrets())) {
    for (const value of values) expect(value, name).toMatch(/\S{8,}/);
  }
});

afterAll(async () => {
  await desk.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.drop();
});

describe("another partner's or a player's ids give P2 nothing of theirs", () => {
  it("every feed procedure that takes an id is public by design", () => {
    const names = procedures().map(({ name }) => name);
    expect(
      idTaking()
        .filter(({ name }) => !(name in PUBLIC))
        .map(({ name }) => name),
    ).toEqual([]);
    expect(Object.keys(PUBLIC).filter((name) => !names.includes(name))).toEqual([]);
  });

  it.each(idTaking())("$name ($path) with P1's and A's ids", async (walked) => {
    const before = await stateOfTheirs();
    for (const { url, sent } of urlsFor(walked)) {
      const response = await get(url);
      // A 404 may name the id P2 sent: P2 knew it already.
      const text = sent.reduce(
        (answer, value) => answer.replaceAll(value, "…"),
        await response.text(),
      );
      const shown = Object.entries(secrets())
        .filter(([, values]) => values.some((value) => text.includes(value)))
        .map(([name]) => name);
      expect(shown, `${url} → ${response.status}`).toEqual([]);
      // P1's key and webhooks, A's bets: as they were.
      expect(await stateOfTheirs(), url).toEqual(before);
    }
  });

  it("a round still betting is not the feed's: 404, and nothing of it", async () => {
    const response = await get(`/v1/rounds/${theirs.bettingRoundId}`);
    expect(response.status).toBe(404);
    // The feed lists a finished round once every transaction older than it has ended
    // (docs/feed.md, Paging rounds): other tests' transactions on the server may hold it back.
    const listed = await until(
      "the settled round listed",
      async () => {
        const page = await (await get(`/v1/rounds?shoe=${theirs.shoeId}&limit=200`)).text();
        return page.includes(theirs.settledRoundId) ? page : undefined;
      },
      15_000,
    );
    expect(listed).toContain(theirs.settledRoundId);
    expect(listed).not.toContain(theirs.bettingRoundId);
  });

  it("P1's key and webhook ids name nothing P2 can read", async () => {
    for (const id of [theirs.keyId, theirs.webhookId]) {
      for (const path of ["rounds", "shoes"]) {
        expect((await get(`/v1/${path}/${id}`)).status).toBe(404);
      }
    }
  });

  it("a shoe still in play shows its commitment, never its cards", async () => {
    const shoe = await database.db.shoe.findUniqueOrThrow({ where: { id: theirs.shoeId } });
    expect(shoe.endedAt).toBeNull();
    const response = await get(`/v1/shoes/${theirs.shoeId}`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = JSON.parse(text) as { commitment: string; reveal: unknown };
    expect(body.commitment).toBe(shoe.commitment);
    expect(body.reveal).toBeNull();
    expect(text).not.toContain(Buffer.from(shoe.cards).toString("hex").slice(0, 16));
    expect(text).not.toContain(shoeJsonOf(shoe.state).salt);
  });
});
