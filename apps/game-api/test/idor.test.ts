/**
 * Object-level authorization (docs/security.md, Players' and partners' data): a walk of every
 * procedure of the app router that takes an id. Player B calls each with player A's ids (A's
 * round, seat, session, transfers, the tables A plays at) and must get nothing of A's, and
 * change nothing of A's. A procedure that takes an id and is in none of the lists below fails the
 * walk: a new one forces a decision here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { appRouter } from "@fuda/api";
import type { MutationPath, QueryPath } from "@fuda/api/types";
import { seed } from "@fuda/db";
import { balance } from "@fuda/ledger";
import { openRound } from "@fuda/live/testing";

import type { Browser, GameApi } from "./http";
import { signUp, startGameApi } from "./http";

let api: GameApi;
let a: Browser;
let b: Browser;

/** What belongs to A, by id, and the text that would show any of it in an answer. */
const mine = {
  userId: "",
  email: "",
  sessionId: "",
  roundId: "",
  betId: "",
  tableId: "",
  jokerTableId: "",
  shoeId: "",
  transferIds: [] as string[],
};

/** A's state: unchanged by anything B calls. */
async function stateOfA(): Promise<unknown> {
  return {
    balance: await balance({ db: api.db, playerId: mine.userId }),
    bets: await api.db.bet.findMany({ where: { playerId: mine.userId }, orderBy: { id: "asc" } }),
    seats: await api.db.seat.findMany({ where: { playerId: mine.userId } }),
    sessions: await api.db.session.count({ where: { userId: mine.userId } }),
  };
}

/** An input for `path` naming A's ids, by the input's own keys. */
function inputNaming(path: string, keys: string[]): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of keys) {
    if (key === "roundId") input.roundId = mine.roundId;
    else if (key === "sessionId") input.sessionId = mine.sessionId;
    else if (key === "userId") input.userId = mine.userId;
    else if (key === "shoeId") input.shoeId = mine.shoeId;
    else if (key === "cursor") input.cursor = mine.transferIds[0];
    else if (key === "tableId")
      input.tableId = path.startsWith("seats.") ? mine.jokerTableId : mine.tableId;
    else if (key === "seat") input.seat = 3;
    else if (key === "slug") input.slug = "baccarat-a";
  }
  if (path === "bets.place") {
    input.bets = [{ bet: "player", amount: 1_000 }];
    input.requestId = "idor-place";
  }
  if (path === "actions.act") Object.assign(input, { action: "stand", requestId: "idor-act" });
  if (path === "chat.send") Object.assign(input, { text: "hello", requestId: "idor-chat" });
  return input;
}

/**
 * Procedures whose ids name the caller's own things only: the answer is B's, or a refusal.
 * `tables.get` and the like name public things (below).
 */
const OWN = new Set([
  "account.endSession",
  "bets.place",
  "bets.undo",
  "bets.mine",
  "seats.leave",
  "actions.act",
  "wallet.history",
]);

/** Public by design: a table, its chat, a shoe's commitment and finished rounds. */
const PUBLIC = new Set([
  "tables.get",
  "tables.events",
  "shoes.get",
  "chat.history",
  "chat.send",
  "seats.sit",
]);

/** Staff only: refused to every player outright (the authorization matrix has the rest). */
const isStaff = (path: string): boolean => path.startsWith("admin.") || path.startsWith("studio.");

const ID_KEY = /(^id$|Id$|Ids$|^cursor$|^slug$)/;

interface Walked {
  path: string;
  type: "query" | "mutation" | "subscription";
  keys: string[];
}

/** Every procedure that takes an id, with its input's keys, from tRPC's own record. */
function idTaking(): Walked[] {
  const walked: Walked[] = [];
  for (const [path, procedure] of Object.entries(appRouter._def.procedures)) {
    const def = (procedure as { _def: { type: Walked["type"]; inputs: unknown[] } })._def;
    const input = def.inputs[0] as { shape?: Record<string, unknown> } | undefined;
    const keys = Object.keys(input?.shape ?? {});
    if (keys.some((key) => ID_KEY.test(key))) walked.push({ path, type: def.type, keys });
  }
  return walked.sort((x, y) => x.path.localeCompare(y.path));
}

beforeAll(async () => {
  api = await startGameApi();
  await seed(api.db);
  a = await signUp(api, "alice");
  b = await signUp(api, "bob");
  mine.userId = ((await a.actor()) as { userId: string }).userId;
  mine.email = (await api.db.user.findUniqueOrThrow({ where: { id: mine.userId } })).email;
  mine.sessionId = (await api.db.session.findFirstOrThrow({ where: { userId: mine.userId } })).id;
  const round = await openRound(api.db, "baccarat-a");
  mine.roundId = round.roundId;
  mine.tableId = round.tableId;
  mine.shoeId = (await api.db.round.findUniqueOrThrow({ where: { id: round.roundId } })).shoeId;
  const placed = await a.trpc("mutation", "bets.place", {
    roundId: round.roundId,
    bets: [{ bet: "banker", amount: 1_000 }],
    requestId: "alice-banker",
  });
  expect(placed.code).toBeUndefined();
  mine.betId = (await api.db.bet.findFirstOrThrow({ where: { playerId: mine.userId } })).id;
  const joker = await api.db.table.findUniqueOrThrow({ where: { slug: "joker-blackjack" } });
  mine.jokerTableId = joker.id;
  expect((await a.trpc("mutation", "seats.sit", { tableId: joker.id, seat: 3 })).code).toBe(
    undefined,
  );
  const history = await a.trpc("query", "wallet.history", {});
  mine.transferIds = (history.data as { entries: { transferId: string }[] }).entries.map(
    (entry) => entry.transferId,
  );
});

afterAll(async () => {
  await api.stop();
});

describe("another player's ids give nothing of theirs", () => {
  it("every procedure that takes an id is either the caller's own, public, or staff only", () => {
    const unclassified = idTaking()
      .map(({ path }) => path)
      .filter((path) => !OWN.has(path) && !PUBLIC.has(path) && !isStaff(path));
    expect(unclassified).toEqual([]);
  });

  it.each(idTaking().filter(({ type }) => type !== "subscription"))(
    "$path with A's ids, called by B",
    async ({ path, type, keys }) => {
      const before = await stateOfA();
      const reply = await b.trpc(
        type as "query" | "mutation",
        path as QueryPath | MutationPath,
        inputNaming(path, keys),
      );
      if (isStaff(path)) expect(reply.code).toBe("FORBIDDEN");
      // Nothing of A's in the answer: not their ids, e-mail, bet, session or transfers.
      const text = JSON.stringify(reply);
      for (const secret of [mine.userId, mine.email, mine.betId, mine.sessionId]) {
        expect(text, path).not.toContain(secret);
      }
      for (const transferId of mine.transferIds) {
        if (OWN.has(path)) expect(text, path).not.toContain(transferId);
      }
      expect(await stateOfA(), path).toEqual(before);
    },
  );

  it("a shoe still in play shows its commitment, never its cards", async () => {
    const reply = await b.trpc("query", "shoes.get", { shoeId: mine.shoeId });
    expect(reply.code).toBeUndefined();
    expect((reply.data as { reveal: unknown }).reveal).toBeNull();
    const shoe = await api.db.shoe.findUniqueOrThrow({ where: { id: mine.shoeId } });
    const text = JSON.stringify(reply.data);
    expect(text).not.toContain(Buffer.from(shoe.cards).toString("hex").slice(0, 16));
  });
});
