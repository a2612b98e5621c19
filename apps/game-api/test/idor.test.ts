/**
 * Object-level authorization (docs/security.md, Players' and partners' data): a walk of every
 * procedure of the app router that takes an id. Player B and partner P2 call each with player A's
 * and partner P1's ids (A's rounds, bets, seat, turn, sessions, cursors, chat line; P1's key,
 * webhook and partner id) and must get nothing of theirs and change nothing of theirs. A
 * procedure that takes an id and is in none of the lists below fails the walk, and so does an id
 * the walk has no value of A's or P1's for: a new procedure forces a decision here.
 */
import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { appRouter, createWebhookEndpoint } from "@fuda/api";
import type { MutationPath, QueryPath } from "@fuda/api/types";
import { createPartnerKey } from "@fuda/auth";
import { seed } from "@fuda/db";
import { balance } from "@fuda/ledger";
import { closeRound, dealerSteps, openNextRound, openRound, stackShoe } from "@fuda/live/testing";
import { shoeJsonOf } from "@fuda/shoe";
import { inputKeys, type WalkedSchema } from "@fuda/testkit";

import type { Browser, GameApi } from "./http";
import { email, PASSWORD, signUp, startGameApi } from "./http";
import { dealingOrder, roundShown, SLUG as JOKER } from "./joker-blackjack";

let api: GameApi;
let a: Browser;
let b: Browser;
/** A player with nothing of their own yet: no seat, bet or history. */
let c: Browser;
/** Partner P2's key on the game API. */
let p2: Browser;

/** A's and P1's things, by what an input would call them. */
const theirs = {
  userId: "",
  email: "",
  sessionIds: [] as string[],
  baccaratTableId: "",
  jokerTableId: "",
  /** A's bet at baccarat-a, still open. */
  baccaratRoundId: "",
  /** A's turn at joker blackjack, on seat 1. */
  jokerRoundId: "",
  shoeIds: [] as string[],
  betIds: [] as string[],
  transferIds: [] as string[],
  walletCursor: "",
  historyCursor: "",
  quickRoundIds: [] as string[],
  chatLineId: "",
  partnerId: "",
  keyId: "",
  keyStart: "",
  key: "",
  webhookId: "",
  webhookSecret: "",
  webhookUrl: "",
};

/** A's stakes: amounts no answer to B may carry. */
const A_STAKES = [2_700, 1_300] as const;
const A_SEAT = 1;

/** What of A's and P1's an answer must not show, by name; `PUBLIC` says where some may. */
function secrets(): Record<string, string[]> {
  return {
    userId: [theirs.userId],
    email: [theirs.email],
    sessions: theirs.sessionIds,
    bets: theirs.betIds,
    transfers: theirs.transferIds,
    historyCursor: [theirs.historyCursor],
    quickRounds: theirs.quickRoundIds,
    key: [theirs.keyId, theirs.key, theirs.keyStart],
    webhook: [theirs.webhookId, theirs.webhookSecret, theirs.webhookUrl],
    partnerId: [theirs.partnerId],
  };
}

/** Everything of A's and P1's a call could change. */
async function stateOfTheirs(): Promise<unknown> {
  const db = api.db;
  const jokerRound = await db.round.findUniqueOrThrow({ where: { id: theirs.jokerRoundId } });
  return {
    user: await db.user.findUniqueOrThrow({ where: { id: theirs.userId } }),
    balance: await balance({ db, playerId: theirs.userId }),
    bets: await db.bet.findMany({ where: { playerId: theirs.userId }, orderBy: { id: "asc" } }),
    seats: await db.seat.findMany({ where: { playerId: theirs.userId } }),
    sessions: (await db.session.findMany({ where: { userId: theirs.userId } })).map((s) => s.id),
    chat: await db.chatMessage.findMany({ where: { userId: theirs.userId } }),
    quick: await db.quickSession.findUnique({ where: { playerId: theirs.userId } }),
    // A's turn: an action on seat 1 is A's to take.
    turn: [jokerRound.moves, jokerRound.version, jokerRound.actsBy],
    keys: await db.partnerKey.findMany({ where: { partnerId: theirs.partnerId } }),
    webhooks: await db.webhookEndpoint.findMany({ where: { partnerId: theirs.partnerId } }),
  };
}

/**
 * Procedures whose ids can only name the caller's own things: the answer is B's, or a refusal,
 * and shows nothing of A's at all.
 */
const OWN = new Set([
  "account.endSession",
  "actions.act",
  "bets.mine",
  "bets.place",
  "bets.undo",
  "history.mine",
  "seats.leave",
  "wallet.history",
]);

/**
 * Public by design, with what of A's each may show and why: a table and its seats, its chat (a
 * line carries its author), shoes (the commitment; cards only once revealed) and finished rounds.
 */
const PUBLIC: Record<string, { shows: string[]; why: string }> = {
  "tables.get": { shows: ["userId"], why: "a table, its round and its seats: A's seat names A" },
  "tables.events": { shows: ["userId"], why: "a table's events, as everyone at it sees" },
  "tables.multiEvents": {
    shows: ["userId"],
    why: "up to four tables' events, as everyone at them sees",
  },
  "shoes.get": {
    shows: [],
    why: "a shoe's commitment, its finished rounds, its reveal once ended",
  },
  "shoes.list": { shows: [], why: "every table's shoes and commitments" },
  "chat.history": { shows: ["userId"], why: "the table's chat: A's line names its author" },
  "chat.send": { shows: [], why: "B's own line (or B's own command) at a table" },
  "seats.sit": { shows: [], why: "B sits at a public table; A's seat stays A's" },
};

/** Staff only: refused to every player and partner outright (the authorization matrix has the rest). */
const isStaff = (path: string): boolean => path.startsWith("admin.") || path.startsWith("studio.");

/**
 * Keys that name something: ids, slugs, filters by table or shoe, and cursors (a request id is
 * the caller's own retry key, not a name of anything).
 */
const ID_KEY = /^(id|cursor|slug|table|shoe|round|player|partnerId)$|(?<!^request)Ids?$/;

/** A's or P1's values for each key that names something, to call with one after another. */
function valuesOf(key: string): unknown[] | undefined {
  const values: Record<string, unknown[]> = {
    roundId: [theirs.jokerRoundId, theirs.baccaratRoundId],
    tableId: [theirs.jokerTableId, theirs.baccaratTableId],
    sessionId: theirs.sessionIds,
    userId: [theirs.userId],
    shoeId: theirs.shoeIds,
    shoe: theirs.shoeIds,
    slug: [JOKER, "baccarat-a"],
    table: [JOKER, "baccarat-a"],
    cursor: [theirs.walletCursor, theirs.historyCursor, theirs.chatLineId],
    messageId: [theirs.chatLineId],
    id: [theirs.keyId, theirs.webhookId],
    endpointId: [theirs.webhookId],
    partnerId: [theirs.partnerId],
  };
  return values[key];
}

/** The rest of an input, so that the call reaches the procedure's own checks. */
const REST: Record<string, Record<string, unknown>> = {
  "actions.act": { seat: A_SEAT, action: "stand" },
  "bets.place": { bets: [{ bet: "player", amount: 1_000 }] },
  "chat.send": { text: "stand" },
  "seats.sit": { seat: A_SEAT },
  "seats.leave": { seat: A_SEAT },
};

interface Schema extends WalkedSchema {
  safeParse(value: unknown): { success: boolean };
}

interface Walked {
  path: string;
  type: "query" | "mutation" | "subscription";
  schemas: Schema[];
  keys: string[];
  ids: string[];
}

/** Every procedure, with its input's keys, from tRPC's own record. */
function procedures(): Walked[] {
  return Object.entries(appRouter._def.procedures)
    .map(([path, procedure]) => {
      const def = (procedure as unknown as { _def: { type: Walked["type"]; inputs: Schema[] } })
        ._def;
      const keys = def.inputs.flatMap(inputKeys);
      return {
        path,
        type: def.type,
        schemas: def.inputs,
        keys,
        ids: keys.filter((k) => ID_KEY.test(k)),
      };
    })
    .sort((x, y) => x.path.localeCompare(y.path));
}

const idTaking = () => procedures().filter(({ ids }) => ids.length > 0);

/**
 * The inputs to call `walked` with: each of its ids in turn set to each of A's or P1's values
 * (the others at their first), with the rest of the input around them.
 */
function inputsFor(walked: Walked): Record<string, unknown>[] {
  const base: Record<string, unknown> = { ...REST[walked.path] };
  if (walked.keys.includes("requestId")) base.requestId = `idor-${randomUUID()}`;
  for (const key of walked.ids) {
    const values = valuesOf(key);
    // Staff procedures refuse before reading their input; the rest must be called with real ids.
    if (values === undefined && isStaff(walked.path)) continue;
    if (values === undefined || values.length === 0) {
      throw new Error(
        `${walked.path}: no value of A's or P1's for \`${key}\` (add it to valuesOf)`,
      );
    }
    base[key] = values[0];
  }
  const inputs = [base];
  for (const key of walked.ids) {
    for (const value of (valuesOf(key) ?? []).slice(1)) inputs.push({ ...base, [key]: value });
  }
  return inputs;
}

beforeAll(async () => {
  api = await startGameApi();
  const db = api.db;
  await seed(db);

  // A at joker blackjack seat 1 with the turn, B at seat 2, 13 and 10 points.
  const joker = await db.table.findUniqueOrThrow({ where: { slug: JOKER } });
  await db.table.update({
    where: { id: joker.id },
    data: { settings: { seats: 7, actionSeconds: 120 } },
  });
  theirs.jokerTableId = joker.id;
  a = await signUp(api, "alice");
  b = await signUp(api, "bob");
  c = await signUp(api, "carol");
  theirs.userId = ((await a.actor()) as { userId: string }).userId;
  theirs.email = (await db.user.findUniqueOrThrow({ where: { id: theirs.userId } })).email;
  for (const [who, seat] of [
    [a, A_SEAT],
    [b, 2],
  ] as const) {
    expect((await who.trpc("mutation", "seats.sit", { tableId: joker.id, seat })).status).toBe(200);
  }
  await stackShoe(
    db,
    JOKER,
    dealingOrder({ seats: ["9H 7D", "TC 6S"], dealer: "9C 8S", draws: "2C 3D 4H" }),
  );
  const jokerRound = await openNextRound(db, JOKER);
  for (const [who, seat, amount] of [
    [a, A_SEAT, A_STAKES[1]],
    [b, 2, 1_000],
  ] as const) {
    const placed = await who.trpc("mutation", "bets.place", {
      roundId: jokerRound.id,
      bets: [{ bet: "main", seat, amount }],
      requestId: randomUUID(),
    });
    expect(placed.status).toBe(200);
  }
  await closeRound(db, jokerRound.id);
  theirs.jokerRoundId = (await dealerSteps(db, jokerRound.id)).id;
  expect((await roundShown(a))?.pending).toMatchObject({ seat: A_SEAT, kind: "turn" });

  // Both bet at baccarat-a, still betting; both chat there.
  const baccarat = await openRound(db, "baccarat-a");
  theirs.baccaratRoundId = baccarat.roundId;
  theirs.baccaratTableId = baccarat.tableId;
  for (const [who, amount] of [
    [a, A_STAKES[0]],
    [b, 1_100],
  ] as const) {
    const placed = await who.trpc("mutation", "bets.place", {
      roundId: baccarat.roundId,
      bets: [{ bet: "banker", amount }],
      requestId: randomUUID(),
    });
    expect(placed.status).toBe(200);
  }
  for (const who of [a, b]) {
    const sent = await who.trpc("mutation", "chat.send", {
      tableId: baccarat.tableId,
      text: "good luck",
      requestId: randomUUID(),
    });
    expect(sent.status).toBe(200);
  }
  theirs.chatLineId = String(
    (await db.chatMessage.findFirstOrThrow({ where: { userId: theirs.userId } })).id,
  );

  // Both play two quick hands: rounds in their history.
  for (const who of [a, b]) {
    for (let hand = 0; hand < 2; hand++) {
      expect((await who.trpc("mutation", "quick.add", { spot: "player" })).status).toBe(200);
      expect((await who.trpc("mutation", "quick.deal")).status).toBe(200);
      expect((await who.trpc("mutation", "quick.next")).status).toBe(200);
    }
  }

  // A signs in on a second device.
  const device = api.browser();
  expect(
    (await device.auth("sign-in/email", { email: theirs.email, password: PASSWORD })).status,
  ).toBe(200);

  const shoes = await db.round.findMany({
    where: { id: { in: [theirs.jokerRoundId, theirs.baccaratRoundId] } },
    select: { shoeId: true },
  });
  theirs.shoeIds = shoes.map((round) => round.shoeId);
  theirs.sessionIds = (await db.session.findMany({ where: { userId: theirs.userId } })).map(
    (s) => s.id,
  );
  expect(theirs.sessionIds).toHaveLength(2);
  theirs.betIds = (await db.bet.findMany({ where: { playerId: theirs.userId } })).map(
    (bet) => bet.id,
  );
  const wallet = (await a.trpc("query", "wallet.history", { limit: 1 })).data as {
    entries: { transferId: string }[];
    nextCursor: string;
  };
  theirs.walletCursor = wallet.nextCursor;
  theirs.transferIds = (
    (await a.trpc("query", "wallet.history", { limit: 100 })).data as {
      entries: { transferId: string }[];
    }
  ).entries.map((entry) => entry.transferId);
  const history = (await a.trpc("query", "history.mine", { limit: 1 })).data as {
    rounds: { roundId: string }[];
    nextCursor: string;
  };
  theirs.historyCursor = history.nextCursor;
  // A's quick hands are A's alone (the live rounds A played are the table's).
  theirs.quickRoundIds = (
    (await a.trpc("query", "history.mine", { limit: 50 })).data as {
      rounds: { roundId: string; kind: string }[];
    }
  ).rounds
    .filter((round) => round.kind === "quick")
    .map((round) => round.roundId);
  expect(theirs.quickRoundIds).toHaveLength(2);

  // Partners P1 and P2, each with a key and a webhook, made as an admin makes them.
  const admin = await db.user.create({
    data: { id: `admin-${randomUUID()}`, name: "admin", email: email("admin"), role: "admin" },
  });
  const partner = async (partnerId: string) => {
    const made = await createPartnerKey({
      db,
      partnerId,
      name: "feed",
      scopes: ["feed:read"],
      createdBy: admin.id,
    });
    const hook = await createWebhookEndpoint({
      db,
      actorId: admin.id,
      partnerId,
      url: `https://hooks.example.com/${partnerId}`,
      events: ["round.settled"],
      // A fixture: the address is never called, so it need not resolve.
      privateTargets: "allow",
    });
    return { made, hook };
  };
  const p1 = await partner(`p1-${randomUUID()}`);
  theirs.partnerId = p1.made.partnerKey.partnerId;
  theirs.keyId = p1.made.partnerKey.id;
  theirs.keyStart = p1.made.partnerKey.start;
  theirs.key = p1.made.key;
  theirs.webhookId = p1.hook.endpoint.id;
  theirs.webhookSecret = p1.hook.secret;
  theirs.webhookUrl = p1.hook.endpoint.url;
  const p2Made = await partner(`p2-${randomUUID()}`);
  p2 = api.browser().fork({ authorization: `Bearer ${p2Made.made.key}` });

  for (const [name, values] of Object.entries(secrets())) {
    for (const value of values) expect(value, name).toMatch(/\S{8,}/);
  }
});

afterAll(async () => {
  await api.stop();
});

/** The names of A's and P1's things `text` shows, of those `path` may not. */
function shownIn(path: string, text: string): string[] {
  const allowed = PUBLIC[path]?.shows ?? [];
  const shown = Object.entries(secrets())
    .filter(([name, values]) => !allowed.includes(name) && values.some((v) => text.includes(v)))
    .map(([name]) => name);
  // The caller's own answers carry no stake of A's either.
  if (OWN.has(path) && A_STAKES.some((stake) => new RegExp(`\\b${stake}\\b`).test(text))) {
    shown.push("stakes");
  }
  return shown;
}

describe("another player's or partner's ids give nothing of theirs", () => {
  it("every procedure that takes an id is the caller's own, public by design, or staff only", () => {
    const all = procedures().map(({ path }) => path);
    const unclassified = idTaking()
      .map(({ path }) => path)
      .filter((path) => !OWN.has(path) && !(path in PUBLIC) && !isStaff(path));
    expect(unclassified).toEqual([]);
    // And the lists name procedures that still exist.
    expect([...OWN, ...Object.keys(PUBLIC)].filter((path) => !all.includes(path))).toEqual([]);
  });

  it.each(idTaking().filter(({ type }) => type !== "subscription"))(
    "$path with A's and P1's ids, called by B, C and P2",
    async (walked) => {
      const inputs = inputsFor(walked);
      if (!isStaff(walked.path)) {
        // At least one input the procedure's own schema takes: the call reaches its checks.
        const taken = inputs.filter((input) =>
          walked.schemas.every((s) => s.safeParse(input).success),
        );
        expect(taken.length, walked.path).toBeGreaterThan(0);
      }
      const before = await stateOfTheirs();
      for (const [caller, browser] of [
        ["B", b],
        ["C", c],
        ["P2", p2],
      ] as const) {
        for (const input of inputs) {
          const reply = await browser.trpc(
            walked.type as "query" | "mutation",
            walked.path as QueryPath | MutationPath,
            input,
          );
          const call = `${caller}: ${walked.path} ${JSON.stringify(input)} → ${reply.status} ${reply.message ?? ""}`;
          if (isStaff(walked.path)) expect(reply.code, call).toBe("FORBIDDEN");
          expect(shownIn(walked.path, JSON.stringify(reply)), call).toEqual([]);
          expect(await stateOfTheirs(), call).toEqual(before);
        }
      }
    },
  );

  it.each(procedures().filter(({ type, ids }) => type === "query" && ids.length === 0))(
    "$path, which takes no id, shows B and C nothing of A's or P1's",
    async ({ path }) => {
      for (const browser of [b, c]) {
        const reply = await browser.trpc("query", path as QueryPath);
        expect(shownIn(path, JSON.stringify(reply)), path).toEqual([]);
      }
    },
  );

  it("B's own answers are B's: what the walk saw of B's, B still sees", async () => {
    expect((await b.trpc("query", "bets.mine", { roundId: theirs.jokerRoundId })).data).toEqual({
      roundId: theirs.jokerRoundId,
      stakes: [{ bet: "main", seat: 2, amount: 1_000 }],
    });
    const history = (await b.trpc("query", "history.mine", { limit: 50 })).data as {
      rounds: { kind: string }[];
    };
    expect(history.rounds.filter((round) => round.kind === "quick")).toHaveLength(2);
    expect((await b.trpc("query", "account.sessions")).data).toHaveLength(1);
  });

  it("a shoe still in play shows its commitment, never its cards", async () => {
    for (const shoeId of theirs.shoeIds) {
      const reply = await b.trpc("query", "shoes.get", { shoeId });
      expect(reply.code).toBeUndefined();
      const shoe = await api.db.shoe.findUniqueOrThrow({ where: { id: shoeId } });
      expect(shoe.endedAt).toBeNull();
      expect((reply.data as { commitment: string; reveal: unknown }).commitment).toBe(
        shoe.commitment,
      );
      expect((reply.data as { reveal: unknown }).reveal).toBeNull();
      const text = JSON.stringify(reply.data);
      expect(text).not.toContain(Buffer.from(shoe.cards).toString("hex").slice(0, 16));
      expect(text).not.toContain(shoeJsonOf(shoe.state).salt);
    }
  });
});
