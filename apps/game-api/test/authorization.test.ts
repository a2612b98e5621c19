/**
 * Every procedure of the app router × every kind of caller, over HTTP. A procedure added
 * without a row here fails the first test: its authorization must be decided, not inherited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { appRouter } from "@fuda/api";
import type { MutationPath, QueryPath, SubscriptionPath } from "@fuda/api/types";
import { seed } from "@fuda/db";
import { reserve, STARTING_GRANT } from "@fuda/ledger";
import { quickState } from "@fuda/live";

import type { Browser, GameApi } from "./http";
import { signInAs, signUp, startGameApi } from "./http";

type Caller =
  | "anonymous"
  | "player"
  | "anotherPlayer"
  | "operator"
  | "admin"
  | "partner"
  | "dealer"
  | "otherDealer";
type Answer = "allowed" | "UNAUTHORIZED" | "FORBIDDEN";
const callers: Caller[] = [
  "anonymous",
  "player",
  "anotherPlayer",
  "operator",
  "admin",
  "partner",
  "dealer",
  "otherDealer",
];
/** Dealers reach `studio.*` and what everyone reaches, nothing else (docs/studio.md, Roles). */
const noDealer = { dealer: "FORBIDDEN", otherDealer: "FORBIDDEN" } as const;

interface Row {
  answers: Record<Caller, Answer>;
  input?: () => unknown;
  /** The domain's refusal of `input` to a caller who got past authorization (e.g. NOT_FOUND). */
  reached?: string;
  /** What an allowed caller gets, when it depends on who they are. */
  check?: (caller: Caller, data: unknown) => void | Promise<void>;
}

const everyone: Record<Caller, Answer> = {
  anonymous: "allowed",
  player: "allowed",
  anotherPlayer: "allowed",
  operator: "allowed",
  admin: "allowed",
  partner: "allowed",
  dealer: "allowed",
  otherDealer: "allowed",
};
const playersOnly: Record<Caller, Answer> = {
  anonymous: "UNAUTHORIZED",
  player: "allowed",
  anotherPlayer: "allowed",
  operator: "FORBIDDEN",
  admin: "FORBIDDEN",
  partner: "FORBIDDEN",
  ...noDealer,
};
const operatorsOnly: Record<Caller, Answer> = {
  anonymous: "UNAUTHORIZED",
  player: "FORBIDDEN",
  anotherPlayer: "FORBIDDEN",
  operator: "allowed",
  admin: "allowed",
  partner: "FORBIDDEN",
  ...noDealer,
};
const adminsOnly: Record<Caller, Answer> = {
  anonymous: "UNAUTHORIZED",
  player: "FORBIDDEN",
  anotherPlayer: "FORBIDDEN",
  operator: "FORBIDDEN",
  admin: "allowed",
  partner: "FORBIDDEN",
  ...noDealer,
};
/** The studio console: the dealer assigned to the table only (a dealer of another is refused). */
const assignedDealer: Record<Caller, Answer> = {
  anonymous: "UNAUTHORIZED",
  player: "FORBIDDEN",
  anotherPlayer: "FORBIDDEN",
  operator: "FORBIDDEN",
  admin: "FORBIDDEN",
  partner: "FORBIDDEN",
  dealer: "allowed",
  otherDealer: "FORBIDDEN",
};
const dealersOnly: Record<Caller, Answer> = { ...assignedDealer, otherDealer: "allowed" };

let api: GameApi;
/** Set in beforeAll: a table the matrix can name before the tables exist. */
let baccaratTableId = "";
/** The studio table the dealer caller is assigned to. */
let studioTableId = "";
const browsers = {} as Record<Caller, Browser>;
const ids = {} as Record<Caller, string | undefined>;
const expectedBalance = {} as Record<Caller, number>;
const expectedTransfers = {} as Record<Caller, string[]>;

async function newKeyId(): Promise<string> {
  const created = await browsers.admin.trpc("mutation", "admin.partnerKeys.create", {
    partnerId: "matrix",
    name: "to revoke",
  });
  return (created.data as { partnerKey: { id: string } }).partnerKey.id;
}

type ProcedurePath = QueryPath | MutationPath | SubscriptionPath;

/** Rows several procedures share: each past authorization on what does not exist. */
const correctionRow: Row = {
  answers: operatorsOnly,
  input: () => ({
    roundId: "00000000-0000-4000-8000-000000000000",
    toStep: 1,
    reason: "matrix",
  }),
  reached: "NOT_FOUND",
};
const tableChangeRow: Row = {
  answers: operatorsOnly,
  input: () => ({ tableId: "00000000-0000-4000-8000-000000000000", reason: "matrix" }),
  reached: "NOT_FOUND",
};
const banRow: Row = {
  answers: operatorsOnly,
  input: () => ({ userId: "no-such-player", reason: "matrix" }),
  reached: "NOT_FOUND",
};

const dealerChangeRow: Row = {
  answers: adminsOnly,
  input: () => ({ dealerId: "no-such-dealer", tableId: baccaratTableId }),
  reached: "NOT_FOUND",
};
const dealerToggleRow: Row = {
  answers: adminsOnly,
  input: () => ({ dealerId: "no-such-dealer", reason: "matrix" }),
  reached: "NOT_FOUND",
};
/** A console step the table is not at (no round, no shoe): past authorization, refused. */
const studioStepRow: Row = {
  answers: assignedDealer,
  input: () => ({ tableId: studioTableId, requestId: `matrix-${Math.random()}` }),
  reached: "CONFLICT",
};

/** Keyed by the router's paths: a renamed procedure fails typecheck here, a new one too. */
const matrix: Record<ProcedurePath, Row> = {
  health: { answers: everyone },
  "tables.list": { answers: everyone },
  "tables.watch": { answers: everyone },
  "tables.get": { answers: everyone, input: () => ({ slug: "baccarat-a" }) },
  // Fairness: a shoe's commitment, and its order once it has ended, are public.
  "shoes.list": { answers: everyone, input: () => ({ table: "baccarat-a" }) },
  "shoes.get": {
    answers: everyone,
    input: () => ({ shoeId: "00000000-0000-4000-8000-000000000000" }),
    reached: "NOT_FOUND",
  },
  // From the table's first event: the dealer has opened a round by the time this runs. Needs
  // the live tables (the hub) in the game API's process.
  "tables.events": { answers: everyone, input: () => ({ slug: "baccarat-a", lastEventId: "0" }) },
  "tables.multiEvents": {
    answers: everyone,
    input: () => ({ slugs: ["baccarat-a", "baccarat-b"], lastEventId: "0" }),
  },
  "account.me": {
    answers: everyone,
    // Each caller learns who they are, never anyone else.
    check: (caller, data) => {
      const { actor } = data as { actor: { kind: string; userId?: string } };
      expect(actor.userId).toBe(ids[caller]);
    },
  },
  // A player's own sessions (docs/accounts.md, Sessions): each lists theirs, the current marked.
  "account.sessions": {
    answers: playersOnly,
    check: (caller, data) => {
      expect((data as { current: boolean }[]).map((session) => session.current)).toEqual([true]);
    },
  },
  "account.endSession": {
    answers: playersOnly,
    input: () => ({ sessionId: "no-such-session" }),
    reached: "NOT_FOUND",
  },
  // Each caller has one session: there is no other to end, and theirs stays.
  "account.endOtherSessions": {
    answers: playersOnly,
    check: (caller, data) => {
      expect(data).toEqual({ ended: 0 });
    },
  },
  "wallet.balance": {
    answers: playersOnly,
    // Each player sees their own wallet: the other player's differs by what the player staked.
    check: (caller, data) => {
      expect((data as { balance: number }).balance).toBe(expectedBalance[caller]);
    },
  },
  "wallet.history": {
    answers: playersOnly,
    input: () => ({}),
    check: (caller, data) => {
      const { entries } = data as { entries: { transferId: string }[] };
      expect(entries.map((entry) => entry.transferId)).toEqual(expectedTransfers[caller]);
    },
  },
  // A round that does not exist: past authorization, the desk answers NOT_FOUND.
  "bets.place": {
    answers: playersOnly,
    input: () => ({
      roundId: "00000000-0000-4000-8000-000000000000",
      bets: [{ bet: "banker", amount: 1_000 }],
      requestId: "matrix",
    }),
    reached: "NOT_FOUND",
  },
  "bets.undo": {
    answers: playersOnly,
    input: () => ({ roundId: "00000000-0000-4000-8000-000000000000" }),
    reached: "NOT_FOUND",
  },
  "bets.mine": {
    answers: playersOnly,
    input: () => ({ roundId: "00000000-0000-4000-8000-000000000000" }),
    reached: "NOT_FOUND",
  },
  // Each player's own rounds: none yet for either.
  "history.mine": {
    answers: playersOnly,
    input: () => ({}),
    check: (_caller, data) => {
      expect((data as { rounds: unknown[] }).rounds).toEqual([]);
    },
  },
  "history.recall": { answers: playersOnly },
  // Each player's own quick game, in the matrix's (sorted) order: add, deal, next, startOver
  // (refused past authorization: points are left), state, undo.
  "quick.state": {
    answers: playersOnly,
    // The player holds a point on Player Pair that the other does not (beforeAll).
    check: async (caller, data) => {
      expect(data).toEqual(await quickState({ db: api.db, playerId: ids[caller]! }));
    },
  },
  "quick.add": { answers: playersOnly, input: () => ({ spot: "tie" }) },
  "quick.undo": { answers: playersOnly },
  "quick.deal": { answers: playersOnly },
  "quick.next": { answers: playersOnly },
  "quick.startOver": { answers: playersOnly, reached: "BAD_REQUEST" },
  // A table without seats: past authorization, the seats answer CONFLICT.
  "seats.sit": {
    answers: playersOnly,
    input: () => ({ tableId: baccaratTableId, seat: 1 }),
    reached: "CONFLICT",
  },
  "seats.leave": {
    answers: playersOnly,
    input: () => ({ tableId: baccaratTableId, seat: 1 }),
    reached: "NOT_FOUND",
  },
  // A round that does not exist: past authorization, the action answers NOT_FOUND.
  "actions.act": {
    answers: playersOnly,
    input: () => ({
      roundId: "00000000-0000-4000-8000-000000000000",
      seat: 1,
      action: "hit",
      requestId: "matrix",
    }),
    reached: "NOT_FOUND",
  },
  // A round that does not exist: past authorization, the correction answers NOT_FOUND.
  "admin.rounds.rewind": correctionRow,
  "admin.rounds.unrecoverable": correctionRow,
  "admin.rounds.improperDeal": correctionRow,
  // Operators' tables: a table that does not exist, or a table the rules refuse, past
  // authorization (the matrix changes no table the other tests deal on).
  "admin.tables.list": { answers: operatorsOnly },
  "admin.tables.create": {
    answers: operatorsOnly,
    input: () => ({
      slug: "matrix-table",
      game: "pok-deng",
      variant: "five-seat",
      name: "Matrix",
      limits: { banker: { min: 1_000, max: 2_000 } },
      countdownSeconds: 20,
    }),
    reached: "BAD_REQUEST",
  },
  "admin.tables.update": tableChangeRow,
  "admin.tables.open": tableChangeRow,
  "admin.tables.pause": tableChangeRow,
  "admin.tables.close": tableChangeRow,
  "admin.tables.newShoe": tableChangeRow,
  // Operators' view of rounds and players: a round or a player that does not exist answers
  // NOT_FOUND past authorization.
  "admin.rounds.search": { answers: operatorsOnly },
  "admin.rounds.get": {
    answers: operatorsOnly,
    input: () => ({ roundId: "00000000-0000-4000-8000-000000000000" }),
    reached: "NOT_FOUND",
  },
  "admin.rounds.void": {
    answers: operatorsOnly,
    input: () => ({ roundId: "00000000-0000-4000-8000-000000000000", reason: "matrix" }),
    reached: "NOT_FOUND",
  },
  "admin.rounds.cancel": {
    answers: operatorsOnly,
    input: () => ({ roundId: "00000000-0000-4000-8000-000000000000", reason: "matrix" }),
    reached: "NOT_FOUND",
  },
  "admin.dealers.list": { answers: operatorsOnly },
  "admin.dealers.assign": dealerChangeRow,
  "admin.dealers.unassign": dealerChangeRow,
  "admin.dealers.disable": dealerToggleRow,
  "admin.dealers.enable": dealerToggleRow,
  // The table's chat (docs/chat.md): everyone reads; players, the table's dealer and operators
  // write; partners and a dealer of another table do not.
  "chat.history": { answers: everyone, input: () => ({ tableId: studioTableId }) },
  "chat.send": {
    answers: {
      anonymous: "UNAUTHORIZED",
      player: "allowed",
      anotherPlayer: "allowed",
      operator: "allowed",
      admin: "allowed",
      partner: "FORBIDDEN",
      dealer: "allowed",
      otherDealer: "FORBIDDEN",
    },
    input: () => ({ tableId: studioTableId, text: "hello table", requestId: "matrix-chat" }),
  },
  "admin.chat.list": { answers: operatorsOnly, input: () => ({}) },
  "admin.chat.mutes": { answers: operatorsOnly },
  "admin.chat.delete": {
    answers: operatorsOnly,
    input: () => ({ messageId: "999999999" }),
    reached: "NOT_FOUND",
  },
  "admin.chat.mute": {
    answers: operatorsOnly,
    input: () => ({ userId: "no-such-player", minutes: 5 }),
    reached: "NOT_FOUND",
  },
  "admin.chat.ban": {
    answers: operatorsOnly,
    input: () => ({ userId: "no-such-player" }),
    reached: "NOT_FOUND",
  },
  "admin.chat.unmute": {
    answers: operatorsOnly,
    input: () => ({ userId: "no-such-player" }),
    reached: "NOT_FOUND",
  },
  "studio.tables": {
    answers: dealersOnly,
    // Each dealer sees the tables assigned to them: the other dealer none.
    check: (caller, data) => {
      const tables = (data as { id: string }[]).map((table) => table.id);
      expect(tables).toEqual(caller === "dealer" ? [studioTableId] : []);
    },
  },
  "studio.state": { answers: assignedDealer, input: () => ({ tableId: studioTableId }) },
  // A scan that is no card: past authorization, refused by the console and nothing changes.
  "studio.card": {
    answers: assignedDealer,
    input: () => ({ tableId: studioTableId, card: "ZZ", requestId: "matrix" }),
    reached: "BAD_REQUEST",
  },
  "studio.open": studioStepRow,
  "studio.close": studioStepRow,
  "studio.takeBack": studioStepRow,
  "studio.skipBurns": studioStepRow,
  "studio.cutCard": studioStepRow,
  "studio.newShoe": studioStepRow,
  "studio.release": {
    answers: assignedDealer,
    input: () => ({ tableId: studioTableId, requestId: "matrix-release" }),
  },
  "studio.mistake": {
    answers: assignedDealer,
    input: () => ({
      tableId: studioTableId,
      requestId: "matrix-mistake",
      kind: "rewind",
      toStep: 1,
      reason: "matrix",
    }),
    reached: "CONFLICT",
  },
  "admin.players.search": { answers: operatorsOnly },
  "admin.players.get": {
    answers: operatorsOnly,
    input: () => ({ userId: "no-such-player" }),
    reached: "NOT_FOUND",
  },
  "admin.players.adjust": {
    answers: operatorsOnly,
    input: () => ({ userId: "no-such-player", amount: 100, reason: "matrix" }),
    reached: "NOT_FOUND",
  },
  "admin.players.ban": banRow,
  "admin.players.unban": banRow,
  "admin.audit.search": { answers: operatorsOnly, input: () => ({ limit: 5 }) },
  "admin.partnerKeys.create": {
    answers: adminsOnly,
    input: () => ({ partnerId: "matrix", name: "matrix key" }),
  },
  "admin.monitor.tables": { answers: operatorsOnly },
  "admin.partnerKeys.list": { answers: adminsOnly },
  "admin.returns.summary": {
    answers: operatorsOnly,
    input: () => ({
      table: "baccarat-a",
      from: "2026-01-01T00:00:00Z",
      to: new Date(Date.now() + 60_000).toISOString(),
    }),
  },
  "admin.partnerKeys.revoke": {
    answers: adminsOnly,
    input: async () => ({ id: await newKeyId() }),
  },
  "admin.webhooks.list": { answers: operatorsOnly },
  "admin.webhooks.create": {
    answers: operatorsOnly,
    input: () => ({
      partnerId: "matrix",
      url: "https://hooks.example.com/matrix",
      events: ["round.settled"],
    }),
  },
  "admin.webhooks.revoke": {
    answers: operatorsOnly,
    input: () => ({ id: "00000000-0000-4000-8000-000000000000" }),
    reached: "NOT_FOUND",
  },
  "admin.webhooks.deliveries": {
    answers: operatorsOnly,
    input: () => ({ endpointId: "00000000-0000-4000-8000-000000000000" }),
    reached: "NOT_FOUND",
  },
};

beforeAll(async () => {
  api = await startGameApi();
  await seed(api.db);
  baccaratTableId = (await api.db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } })).id;
  browsers.anonymous = api.browser();
  browsers.player = await signUp(api, "player");
  browsers.anotherPlayer = await signUp(api, "another");
  browsers.operator = await signInAs(api, "operator");
  browsers.admin = await signInAs(api, "admin");
  browsers.dealer = await signInAs(api, "dealer");
  browsers.otherDealer = await signInAs(api, "dealer");
  const created = await browsers.admin.trpc("mutation", "admin.partnerKeys.create", {
    partnerId: "matrix",
    name: "caller",
  });
  browsers.partner = api.browser().fork({
    authorization: `Bearer ${(created.data as { key: string }).key}`,
  });
  for (const caller of callers) {
    ids[caller] = ((await browsers[caller].actor()) as { userId?: string }).userId;
  }
  const studio = await api.db.table.update({
    where: { slug: "pok-deng" },
    data: { dealing: "studio" },
  });
  studioTableId = studio.id;
  await api.db.tableDealer.create({
    data: { tableId: studio.id, dealerId: ids.dealer!, assignedBy: ids.admin! },
  });
  // The two players' wallets differ: a leak of one into the other's answer would show.
  await reserve(api.db, { playerId: ids.player!, roundId: "matrix", betId: "b1", amount: 700 });
  expectedBalance.player = STARTING_GRANT - 700;
  expectedBalance.anotherPlayer = STARTING_GRANT;
  expectedTransfers.player = ["reserve/matrix/b1", `grant/welcome/${ids.player!}`];
  expectedTransfers.anotherPlayer = [`grant/welcome/${ids.anotherPlayer!}`];
  await browsers.player.trpc("mutation", "quick.add", { spot: "playerPair" });
});
afterAll(() => api.stop());

/** The first event of a subscription (server-sent events): its data, or its error's code. */
async function subscribe(
  browser: Browser,
  path: string,
  input?: unknown,
): Promise<{ data?: unknown; code?: string }> {
  const controller = new AbortController();
  const query = input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(`${browser.baseUrl}/trpc/${path}${query}`, {
    signal: controller.signal,
    headers: browser.requestHeaders(),
  });
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) {
    const body = (await response.json()) as { error?: { data?: { code?: string } } };
    return { code: body.error?.data?.code };
  }
  const reader = response.body!.getReader();
  let text = "";
  try {
    for (;;) {
      const event = /(?:^|\n)(?:event: (\S+)\n)?(?:id: .*\n)?data: (.*)\n\n/.exec(text);
      if (event !== null) {
        const data = JSON.parse(event[2]!) as unknown;
        if (event[1] === "serialized-error") {
          return { code: (data as { data?: { code?: string } }).data?.code };
        }
        return { data };
      }
      const chunk = await reader.read();
      if (chunk.done) return { code: "STREAM_ENDED" };
      text += new TextDecoder().decode(chunk.value as Uint8Array);
    }
  } finally {
    controller.abort();
  }
}

/** A path tRPC's record holds at run time that the matrix names. */
const inMatrix = (path: string): path is ProcedurePath => Object.hasOwn(matrix, path);

async function answerOf(caller: Caller, path: ProcedurePath, row: Row): Promise<Answer> {
  const procedure = appRouter._def.procedures[path as keyof typeof appRouter._def.procedures] as {
    _def: { type: "query" | "mutation" | "subscription" };
  };
  const input = await row.input?.();
  const type = procedure._def.type;
  const reply =
    type === "subscription"
      ? await subscribe(browsers[caller], path, input)
      : // tRPC's own record says this path is a query or a mutation.
        await browsers[caller].trpc(type, path as QueryPath | MutationPath, input);
  if (reply.code === undefined) {
    await row.check?.(caller, reply.data);
    return "allowed";
  }
  if (reply.code === row.reached) return "allowed";
  return reply.code as Answer;
}

const procedurePaths = Object.keys(appRouter._def.procedures).sort();

describe("authorization matrix", () => {
  it("has a row for every procedure of the app router, and none for a procedure that is gone", () => {
    expect(Object.keys(matrix).sort()).toEqual(procedurePaths);
  });

  it.each(procedurePaths)("%s answers each kind of caller as its row says", async (path) => {
    if (!inMatrix(path)) throw new Error(`${path}: no row in the authorization matrix`);
    const row = matrix[path];
    const answers = {} as Record<Caller, Answer>;
    for (const caller of callers) answers[caller] = await answerOf(caller, path, row);
    expect(answers).toEqual(row.answers);
  });
});
