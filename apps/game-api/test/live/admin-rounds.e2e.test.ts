/**
 * The operators' rounds and players (admin.rounds.*, admin.players.*) over HTTP, with rounds dealt
 * by the real dealer at baccarat-a: search and a round's record, voiding a settled round (every
 * player back to where they were, the books and the live audit clean, twice refused), a void
 * refused when a winner has spent the winnings, balance adjustments, bans ending sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createCallerFactory, feedRouter } from "@fuda/api";
import type { Db } from "@fuda/db";
import { seed } from "@fuda/db";
import { balance, checkBooks, STARTING_GRANT } from "@fuda/ledger";
import { auditLiveTables } from "@fuda/live";

import type { Browser, GameApi } from "../http";
import { email, PASSWORD, signInAs, startGameApi } from "../http";
import { until } from "./bots";

let api: GameApi;
let db: Db;
let operator: Browser;
/** Two players betting against each other: banker and player. */
const players: { browser: Browser; id: string; email: string }[] = [];

async function newPlayer(name: string) {
  const browser = api.browser();
  const address = email(name);
  const reply = await browser.auth("sign-up/email", { email: address, password: PASSWORD, name });
  expect(reply.status).toBe(200);
  const actor = (await browser.actor()) as { userId: string };
  return { browser, id: actor.userId, email: address };
}

beforeAll(async () => {
  api = await startGameApi({
    dealing: { dealDelayMs: 0, resultPauseMs: 0, bettingWindowMs: () => 1_000 },
  });
  db = api.db;
  await seed(db);
  // One table dealing: the machine is shared.
  await db.table.updateMany({ where: { slug: { not: "baccarat-a" } }, data: { status: "PAUSED" } });
  operator = await signInAs(api, "operator");
  players.push(await newPlayer("banker-backer"), await newPlayer("player-backer"));
}, 60_000);

afterAll(() => api.stop());

const wallet = (playerId: string) => balance({ db, playerId });

/**
 * Both players bet in the next betting round at baccarat-a (banker 100 points, player 50), and
 * the round settles; returns its id once settled.
 */
async function playRound(): Promise<string> {
  const round = await until("a betting round with time left", async () => {
    const open = await db.round.findFirst({
      where: { phase: "betting", table: { slug: "baccarat-a" } },
      orderBy: { openedAt: "desc" },
    });
    return open !== null && open.bettingClosesAt.getTime() - Date.now() > 400 ? open : undefined;
  });
  const slips = [
    { bet: "banker", amount: 10_000 },
    { bet: "player", amount: 5_000 },
  ];
  for (const [i, player] of players.entries()) {
    const reply = await player.browser.trpc("mutation", "bets.place", {
      roundId: round.id,
      bets: [slips[i]],
      requestId: `bet-${round.id}`,
    });
    expect(reply.status).toBe(200);
  }
  await until("the round to settle", async () => {
    const row = await db.round.findUniqueOrThrow({ where: { id: round.id } });
    return row.phase === "settled" ? true : undefined;
  });
  return round.id;
}

/** What each player's wallet gained (+) or lost (−) in the round. */
async function netsOf(roundId: string): Promise<number[]> {
  const bets = await db.bet.findMany({ where: { roundId } });
  return players.map((player) =>
    bets
      .filter((bet) => bet.playerId === player.id)
      .reduce((sum, bet) => sum + Number(bet.returned ?? 0n) - Number(bet.reserved), 0),
  );
}

/** Rounds until one has a winner and a loser (not a tie); its id and the players' nets. */
async function playUntilDecided(): Promise<{ roundId: string; nets: number[] }> {
  for (;;) {
    const roundId = await playRound();
    const nets = await netsOf(roundId);
    if (nets.some((net) => net > 0) && nets.some((net) => net < 0)) return { roundId, nets };
  }
}

describe("admin.rounds", () => {
  let decided: { roundId: string; nets: number[] };

  beforeAll(async () => {
    decided = await playUntilDecided();
  }, 120_000);

  it("search finds the round by player, table and number, newest first, paged on the server", async () => {
    const round = await db.round.findUniqueOrThrow({ where: { id: decided.roundId } });
    const byPlayer = await operator.trpc("query", "admin.rounds.search", {
      player: players[0]!.email,
    });
    const found = (byPlayer.data as { rounds: { id: string; openedAt: string }[] }).rounds;
    expect(found.map((r) => r.id)).toContain(decided.roundId);
    // Newest first.
    const opened = found.map((r) => r.openedAt);
    expect([...opened].sort().reverse()).toEqual(opened);
    const exact = await operator.trpc("query", "admin.rounds.search", {
      table: "baccarat-a",
      shoe: round.shoeId,
      number: round.number,
    });
    expect((exact.data as { rounds: { id: string }[] }).rounds.map((r) => r.id)).toEqual([
      decided.roundId,
    ]);
    // One at a time: the pages together are the whole list, none twice.
    const all = await db.round.count({ where: { table: { slug: "baccarat-a" } } });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await operator.trpc("query", "admin.rounds.search", {
        table: "baccarat-a",
        limit: 1,
        ...(cursor === undefined ? {} : { cursor }),
      });
      const data = page.data as { rounds: { id: string }[]; nextCursor: string | null };
      seen.push(...data.rounds.map((r) => r.id));
      cursor = data.nextCursor ?? undefined;
    } while (cursor !== undefined && seen.length < all + 5);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    const tooMany = await operator.trpc("query", "admin.rounds.search", { limit: 101 });
    expect(tooMany.code).toBe("BAD_REQUEST");
    expect(tooMany.message).toContain("limit");
  });

  it("get: the round's cards, bets, events and ledger transfers", async () => {
    const reply = await operator.trpc("query", "admin.rounds.get", { roundId: decided.roundId });
    const record = reply.data as {
      phase: string;
      cards: { card: number; label: string }[];
      bets: { player: { id: string }; stake: number; returned: number; status: string }[];
      events: { type: string }[];
      transfers: { id: string; kind: string }[];
    };
    expect(record.phase).toBe("settled");
    expect(record.cards.length).toBeGreaterThanOrEqual(4);
    expect(record.bets.map((bet) => [bet.player.id, bet.stake, bet.status])).toEqual([
      [players[0]!.id, 10_000, "settled"],
      [players[1]!.id, 5_000, "settled"],
    ]);
    expect(record.events.map((event) => event.type)).toContain("round.settled");
    expect(record.transfers.map((transfer) => transfer.kind).sort()).toEqual([
      "reserve",
      "reserve",
      "settle",
      "settle",
    ]);
  });

  it("void: every player back to where they were, the round void in the feed and history, the books clean; twice → CONFLICT", async () => {
    await until("the table to stop", async () => {
      await db.table.updateMany({ data: { status: "PAUSED" } });
      const live = await db.round.count({ where: { phase: { in: ["betting", "dealing"] } } });
      return live === 0 ? true : undefined;
    });
    // A partner's webhook that follows voids.
    const hook = await db.webhookEndpoint.create({
      data: {
        partnerId: "acme-stats",
        url: "https://hooks.example.com/fuda",
        secret: "whsec_test",
        events: ["round.voided"],
        createdBy: "operator",
      },
    });
    const before = await Promise.all(players.map((player) => wallet(player.id)));
    const reply = await operator.trpc("mutation", "admin.rounds.void", {
      roundId: decided.roundId,
      reason: "dealt from the wrong shoe",
    });
    expect(reply.status).toBe(200);
    const voided = reply.data as { players: { playerId: string; amount: number }[] };
    // The winner gives back the winnings, the loser gets the stake back.
    expect(voided.players.map((p) => [p.playerId, p.amount]).sort()).toEqual(
      players.map((player, i) => [player.id, -decided.nets[i]!]).sort(),
    );
    const after = await Promise.all(players.map((player) => wallet(player.id)));
    expect(after).toEqual(before.map((amount, i) => amount - decided.nets[i]!));
    const row = await db.round.findUniqueOrThrow({ where: { id: decided.roundId } });
    expect(row.voidedAt).not.toBeNull();
    expect(row.voidReason).toBe("dealt from the wrong shoe");
    expect(
      await db.tableEvent.count({
        where: { roundId: decided.roundId, type: "round.voided", playerId: null },
      }),
    ).toBe(1);
    const audit = await db.auditEntry.findMany({
      where: { action: "rounds.void", targetId: decided.roundId },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.reason).toBe("dealt from the wrong shoe");
    expect((await checkBooks(db)).clean).toBe(true);
    expect(await auditLiveTables(db)).toEqual([]);

    // The results feed marks it void, with the reason.
    const feed = createCallerFactory(feedRouter)({
      db,
      actor: { kind: "partner", keyId: "test", partnerId: "test", scopes: ["feed:read"] },
    });
    const fed = await feed.round({ id: decided.roundId });
    expect([fed.void, fed.voidReason, fed.voidedAt]).toEqual([
      true,
      "dealt from the wrong shoe",
      row.voidedAt!.toISOString(),
    ]);
    // Partners are told: the webhooks' outbox holds round.voided, to be delivered to the hook.
    const announced = await db.webhookEvent.findMany({
      where: { type: "round.voided" },
      include: { deliveries: true },
    });
    expect(announced).toHaveLength(1);
    expect(announced[0]!.payload).toEqual({
      roundId: decided.roundId,
      table: "baccarat-a",
      game: "baccarat",
      variant: (await db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } })).variant,
      shoeId: row.shoeId,
      number: row.number,
      reason: "dealt from the wrong shoe",
      voidedAt: row.voidedAt!.toISOString(),
    });
    expect(announced[0]!.deliveries.map((delivery) => delivery.endpointId)).toEqual([hook.id]);
    // The player's history shows it void.
    const history = await players[0]!.browser.trpc("query", "history.mine", {});
    const mine = (
      history.data as { rounds: { roundId: string; voided: { reason: string } | null }[] }
    ).rounds.find((round) => round.roundId === decided.roundId);
    expect(mine?.voided?.reason).toBe("dealt from the wrong shoe");
    // So does the operators' search.
    const search = await operator.trpc("query", "admin.rounds.search", {
      player: players[1]!.id,
    });
    const listed = (
      search.data as { rounds: { id: string; voidedAt: string | null }[] }
    ).rounds.find((round) => round.id === decided.roundId);
    expect(listed?.voidedAt).not.toBeNull();

    const again = await operator.trpc("mutation", "admin.rounds.void", {
      roundId: decided.roundId,
      reason: "once more",
    });
    expect(again.status).toBe(409);
    expect(again.code).toBe("CONFLICT");
    expect(await Promise.all(players.map((player) => wallet(player.id)))).toEqual(after);
    expect(await auditLiveTables(db)).toEqual([]);
  });

  it("void is refused, naming the shortfall, when a winner has spent the winnings; nothing changes", async () => {
    await db.table.updateMany({ where: { slug: "baccarat-a" }, data: { status: "OPEN" } });
    const { roundId, nets } = await playUntilDecided();
    await db.table.updateMany({ data: { status: "PAUSED" } });
    const winner = players[nets.findIndex((net) => net > 0)]!;
    // The winner's wallet emptied by an operator's debit: the winnings are gone.
    const held = await wallet(winner.id);
    const debit = await operator.trpc("mutation", "admin.players.adjust", {
      userId: winner.id,
      amount: -held,
      reason: "spent elsewhere (test)",
    });
    expect(debit.status).toBe(200);
    const before = await Promise.all(players.map((player) => wallet(player.id)));
    const reply = await operator.trpc("mutation", "admin.rounds.void", {
      roundId,
      reason: "wrong shoe",
    });
    expect(reply.code).toBe("CONFLICT");
    expect(reply.message).toContain(winner.id);
    expect(reply.message).toContain("holds 0");
    expect(await Promise.all(players.map((player) => wallet(player.id)))).toEqual(before);
    expect((await db.round.findUniqueOrThrow({ where: { id: roundId } })).voidedAt).toBeNull();
    // Given the points back, the void goes through.
    await operator.trpc("mutation", "admin.players.adjust", {
      userId: winner.id,
      amount: held,
      reason: "restored (test)",
    });
    const retried = await operator.trpc("mutation", "admin.rounds.void", {
      roundId,
      reason: "wrong shoe",
    });
    expect(retried.status).toBe(200);
    expect(await auditLiveTables(db)).toEqual([]);
  }, 120_000);

  it("a round that is not settled cannot be voided", async () => {
    const unsettled = await db.round.findFirst({ where: { phase: { not: "settled" } } });
    if (unsettled !== null) {
      const reply = await operator.trpc("mutation", "admin.rounds.void", {
        roundId: unsettled.id,
        reason: "not settled",
      });
      expect(reply.code).toBe("CONFLICT");
    }
    const missing = await operator.trpc("mutation", "admin.rounds.void", {
      roundId: "00000000-0000-4000-8000-000000000000",
      reason: "no such round",
    });
    expect(missing.code).toBe("NOT_FOUND");
    const short = await operator.trpc("mutation", "admin.rounds.void", {
      roundId: "00000000-0000-4000-8000-000000000000",
      reason: "",
    });
    expect(short.code).toBe("BAD_REQUEST");
    expect(short.message).toContain("reason");
  });
});

describe("admin.players", () => {
  it("search by part of the name or e-mail; get shows the balance, entries and rounds", async () => {
    const reply = await operator.trpc("query", "admin.players.search", { query: "BANKER-back" });
    const found = (reply.data as { players: { id: string; balance: number }[] }).players;
    expect(found.map((p) => p.id)).toEqual([players[0]!.id]);
    expect(found[0]!.balance).toBe(await wallet(players[0]!.id));
    // Paged one player at a time: every player once, newest first; a cursor not ours is refused.
    const paged: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await operator.trpc("query", "admin.players.search", {
        limit: 1,
        ...(cursor === undefined ? {} : { cursor }),
      });
      const data = page.data as { players: { id: string }[]; nextCursor: string | null };
      paged.push(...data.players.map((player) => player.id));
      cursor = data.nextCursor ?? undefined;
    } while (cursor !== undefined && paged.length < 100);
    expect(new Set(paged).size).toBe(paged.length);
    expect(paged).toEqual(expect.arrayContaining(players.map((player) => player.id)));
    const bad = await operator.trpc("query", "admin.players.search", { cursor: "not-a-cursor" });
    expect(bad.status).toBe(400);
    const got = await operator.trpc("query", "admin.players.get", { userId: players[0]!.id });
    const record = got.data as {
      player: { balance: number };
      entries: { transferId: string }[];
      rounds: { roundId: string }[];
    };
    expect(record.player.balance).toBe(await wallet(players[0]!.id));
    expect(record.entries.map((e) => e.transferId)).toContain(`grant/welcome/${players[0]!.id}`);
    expect(record.rounds.length).toBeGreaterThanOrEqual(2);
  });

  it("adjust credits and debits through the ledger, audited; a debit below zero is refused naming amount", async () => {
    const player = await newPlayer("adjusted");
    expect(await wallet(player.id)).toBe(STARTING_GRANT);
    const credit = await operator.trpc("mutation", "admin.players.adjust", {
      userId: player.id,
      amount: 2_500,
      reason: "goodwill",
    });
    expect(credit.status).toBe(200);
    expect(await wallet(player.id)).toBe(STARTING_GRANT + 2_500);
    const debit = await operator.trpc("mutation", "admin.players.adjust", {
      userId: player.id,
      amount: -500,
      reason: "correction",
    });
    expect(debit.status).toBe(200);
    expect(await wallet(player.id)).toBe(STARTING_GRANT + 2_000);
    const tooMuch = await operator.trpc("mutation", "admin.players.adjust", {
      userId: player.id,
      amount: -(STARTING_GRANT + 2_001),
      reason: "too much",
    });
    expect(tooMuch.code).toBe("BAD_REQUEST");
    expect(tooMuch.message).toMatch(/^amount: /);
    const zero = await operator.trpc("mutation", "admin.players.adjust", {
      userId: player.id,
      amount: 0,
      reason: "nothing",
    });
    expect(zero.code).toBe("BAD_REQUEST");
    expect(await wallet(player.id)).toBe(STARTING_GRANT + 2_000);
    const audit = await db.auditEntry.findMany({
      where: { action: "players.adjust", targetId: player.id },
      orderBy: { id: "asc" },
    });
    expect(audit.map((entry) => [entry.reason, entry.after])).toEqual([
      ["goodwill", expect.objectContaining({ balance: STARTING_GRANT + 2_500, amount: 2_500 })],
      ["correction", expect.objectContaining({ balance: STARTING_GRANT + 2_000, amount: -500 })],
    ]);
    expect((await checkBooks(db)).clean).toBe(true);
  });

  it("ban ends the player's sessions at once (the old cookie → 401) and refuses sign-in; unban lets them back", async () => {
    const player = await newPlayer("banned");
    expect((await player.browser.trpc("query", "wallet.balance")).status).toBe(200);
    const ban = await operator.trpc("mutation", "admin.players.ban", {
      userId: player.id,
      reason: "abuse",
    });
    expect(ban.status).toBe(200);
    expect((ban.data as { sessionsEnded: number }).sessionsEnded).toBe(1);
    const refused = await player.browser.trpc("query", "wallet.balance");
    expect(refused.status).toBe(401);
    expect(await db.session.count({ where: { userId: player.id } })).toBe(0);
    const signIn = await api
      .browser()
      .auth("sign-in/email", { email: player.email, password: PASSWORD });
    expect(signIn.status).not.toBe(200);
    const twice = await operator.trpc("mutation", "admin.players.ban", {
      userId: player.id,
      reason: "abuse",
    });
    expect(twice.code).toBe("CONFLICT");

    const unban = await operator.trpc("mutation", "admin.players.unban", {
      userId: player.id,
      reason: "appeal upheld",
    });
    expect(unban.status).toBe(200);
    const back = api.browser();
    expect(
      (await back.auth("sign-in/email", { email: player.email, password: PASSWORD })).status,
    ).toBe(200);
    expect((await back.trpc("query", "wallet.balance")).status).toBe(200);
    const audit = await db.auditEntry.findMany({
      where: { targetId: player.id },
      orderBy: { id: "asc" },
    });
    expect(audit.map((entry) => [entry.action, entry.reason])).toEqual([
      ["players.ban", "abuse"],
      ["players.unban", "appeal upheld"],
    ]);
  });
});
