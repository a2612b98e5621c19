/**
 * Studio dealing over real HTTP (issue 35, Acceptance): a dealer signs in and deals a studio
 * baccarat table card by card through `studio.*` on a spawned game API; a player bets 100 points
 * on Banker; the game API is killed (-9) in the middle of the round and started again; the
 * console resumes at the same next card, the round settles once, as the rule book pays it.
 */
import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { checkBooks } from "@fuda/ledger";
import { signInStaff, startGameApi } from "@fuda/testkit";
import type { SpawnedApp } from "@fuda/testkit";

import { authPost, Browser } from "../http";
import { guest, until } from "./bots";

const PASSWORD = "correct horse battery";

let database: TestDatabase;
let api: SpawnedApp;
let tableId: string;

const start = () => startGameApi({ databaseUrl: database.url, env: { DEAL_DELAY_MS: "0" } });

/** A dealer account as an admin makes one (the role set on the account), signed in. */
async function dealer(baseUrl: string, name: string): Promise<{ browser: Browser; id: string }> {
  const browser = new Browser(baseUrl);
  const address = `${name}-${randomUUID()}@studio.test`;
  const signUp = await browser.auth("sign-up/email", { email: address, password: PASSWORD, name });
  expect(signUp.status).toBe(200);
  const user = await database.db.user.update({
    where: { email: address },
    data: { role: "dealer" },
  });
  await database.db.session.deleteMany({ where: { userId: user.id } });
  browser.cookies.clear();
  // Their first sign-in with the role: enrolled in two-factor sign-in on the way, as /enrol does.
  await signInStaff(authPost(browser), { email: address, password: PASSWORD });
  return { browser, id: user.id };
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  const table = await database.db.table.update({
    where: { slug: "baccarat-a" },
    data: { dealing: "studio" },
  });
  tableId = table.id;
  await database.db.table.updateMany({
    where: { id: { not: tableId } },
    data: { status: "PAUSED" },
  });
  api = await start();
});
afterAll(async () => {
  await api.kill();
  await database.drop();
});

describe("a studio baccarat table dealt over HTTP", () => {
  it("deals the scripted round, survives kill -9 at the same next card, settles once", async () => {
    const desk = await dealer(api.url, "dealer");
    const stranger = await dealer(api.url, "stranger");
    await database.db.tableDealer.create({
      data: { tableId, dealerId: desk.id, assignedBy: "test" },
    });
    const studio = (path: string, input: Record<string, unknown> = {}) =>
      desk.browser.trpc(path === "studio.state" ? "query" : "mutation", path as "studio.state", {
        tableId,
        ...(path === "studio.state" ? {} : { requestId: randomUUID() }),
        ...input,
      });

    // Only the assigned dealer reaches the console.
    const refused = await stranger.browser.trpc("query", "studio.state", { tableId });
    expect(refused).toMatchObject({ status: 403, details: { rule: "NOT_YOUR_TABLE" } });

    expect((await studio("studio.card", { card: "5S" })).data).toMatchObject({
      position: "first-card",
    });
    const opened = await studio("studio.open");
    expect(opened.status).toBe(200);
    const roundId = (opened.data as { round: { id: string } }).round.id;

    const player = await guest(api.url);
    const placed = await player.trpc("mutation", "bets.place", {
      roundId,
      requestId: randomUUID(),
      bets: [{ bet: "banker", amount: 10_000 }],
    });
    expect(placed.status).toBe(200);
    const before = (placed.data as { balance: number }).balance;

    expect((await studio("studio.close")).status).toBe(200);
    const impossible = await studio("studio.card", { card: "JK" });
    expect(impossible).toMatchObject({ status: 409, details: { rule: "CARD_NOT_IN_SHOE" } });
    const unreadable = await studio("studio.card", { card: "?S" });
    expect(unreadable).toMatchObject({ status: 400, details: { rule: "UNREADABLE_CARD" } });
    for (const card of ["2S", "4D", "3H", "KC"]) {
      expect((await studio("studio.card", { card })).status).toBe(200);
    }
    const waiting = (await studio("studio.state")).data as {
      next: { position: string; index: number };
    };
    expect(waiting.next.position).toBe("player-3");

    await api.kill();
    api = await start();
    // The same dealer's session, on the restarted game API.
    const again = desk.browser.at(api.url);
    const state = await again.trpc("query", "studio.state", { tableId });
    expect((state.data as { next: unknown }).next).toMatchObject(waiting.next);

    for (const card of ["7S", "5H"]) {
      const reply = await again.trpc("mutation", "studio.card", {
        tableId,
        card,
        requestId: randomUUID(),
      });
      expect(reply.status).toBe(200);
    }
    const round = await until("the round settled", async () => {
      const row = await database.db.round.findUniqueOrThrow({ where: { id: roundId } });
      return row.phase === "settled" ? row : undefined;
    });
    expect(round.outcome).toMatchObject({ winner: "banker" });
    // Banker pays 0.95 to 1 (commission): 100 points back and 95 won.
    const bet = await database.db.bet.findFirstOrThrow({ where: { roundId } });
    expect(Number(bet.returned)).toBe(19_500);
    expect(await database.db.ledgerTransfer.count({ where: { roundId, kind: "settle" } })).toBe(1);
    const wallet = await player.at(api.url).trpc("query", "wallet.balance");
    expect((wallet.data as { balance: number }).balance).toBe(before + 19_500);
    // The player's history shows the round as any other, its cards as the dealer entered them.
    const history = await player.at(api.url).trpc("query", "history.mine", {});
    const rounds = (history.data as { rounds: { roundId?: string; id?: string }[] }).rounds;
    expect(JSON.stringify(rounds)).toContain(roundId);
    expect((await checkBooks(database.db)).clean).toBe(true);
  });
});
