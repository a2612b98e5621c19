/**
 * The operators' portal running the floor, seen from both sides (issue 15, Acceptance): the game
 * API dealing, the built portal and the built players' site on it, an operator and a player each
 * in a Chromium context of their own. The operator pauses a live table (the players' lobby shows
 * it paused once the round in play ends), lowers a limit (the player's bet over it is refused)
 * and voids the player's settled round through the browser (balance and history given back,
 * the books clean).
 */
import { demoAccounts, seedDemoAccountsAt } from "@fuda/auth";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { checkBooks, grant } from "@fuda/ledger";
import { freePort, hydrated, launchChromium, startGameApi, startNextApp } from "@fuda/testkit";
import type { SpawnedApp } from "@fuda/testkit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signInThroughRelay } from "./portal-stack";

let database: TestDatabase | undefined;
let gameApi: SpawnedApp;
let web: SpawnedApp;
let portal: SpawnedApp;
let browser: Browser;
/** The operator's portal page and the player's site page, in separate cookie jars. */
let operator: Page;
let player: BrowserContext;
let lobby: Page;
const started: { stop(): Promise<void> }[] = [];

const account = (role: "operator" | "player") =>
  demoAccounts.find((candidate) => candidate.role === role)!;

/**
 * Signs `context` in through `app`'s own auth relay, from the app's origin; the operator with
 * their code too (enrolled at their first sign-in).
 */
async function signIn(context: BrowserContext, app: SpawnedApp, role: "operator" | "player") {
  const { email, password } = account(role);
  if (role === "operator") {
    await signInThroughRelay(context, app.url, { email, password });
    return;
  }
  const reply = await context.request.post(`${app.url}/api/auth/sign-in/email`, {
    headers: { origin: app.url },
    data: { email, password },
  });
  expect(reply.status()).toBe(200);
}

/** The game API's tRPC as the player (their session cookie), as their browser calls it. */
async function asPlayer(
  kind: "query" | "mutation",
  procedure: string,
  input?: unknown,
): Promise<{ status: number; data?: unknown; message?: string }> {
  const cookie = (await player.cookies(web.url))
    .map(({ name, value }) => `${name}=${value}`)
    .join("; ");
  const url = `${gameApi.url}/trpc/${procedure}`;
  const response =
    kind === "mutation"
      ? await fetch(url, {
          method: "POST",
          headers: { cookie, "content-type": "application/json", origin: web.url },
          body: JSON.stringify(input),
        })
      : await fetch(
          input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`,
          { headers: { cookie } },
        );
  const body = (await response.json()) as {
    result?: { data: unknown };
    error?: { message: string };
  };
  return { status: response.status, data: body.result?.data, message: body.error?.message };
}

const until = async <T>(what: string, probe: () => Promise<T | undefined>): Promise<T> => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** The table's round in betting with at least `ms` left to bet. */
const bettingRound = (slug: string, ms = 1_500) =>
  until(`a betting round at ${slug}`, async () => {
    const round = await database!.db.round.findFirst({
      where: { phase: "betting", table: { slug } },
      orderBy: { openedAt: "desc" },
    });
    return round !== null && round.bettingClosesAt.getTime() - Date.now() > ms ? round : undefined;
  });

const balanceOf = async () =>
  ((await asPlayer("query", "wallet.balance")).data as { balance: number }).balance;

beforeAll(async () => {
  const stop = async () => {
    for (const part of started.splice(0).reverse()) await part.stop();
  };
  try {
    database = await createTestDatabase();
    await seed(database.db);
    await seedDemoAccountsAt({ url: database.url });
    // The demo player starts with a new player's welcome grant, through the ledger.
    const demoPlayer = await database.db.user.findUniqueOrThrow({
      where: { email: account("player").email },
    });
    await grant(database.db, { playerId: demoPlayer.id });
    // Two baccarat tables deal; the others rest (the machine is shared).
    await database.db.table.updateMany({
      where: { slug: { notIn: ["baccarat-a", "baccarat-b"] } },
      data: { status: "PAUSED" },
    });
    // Both apps first, on the game API's port-to-be: it trusts the origins they run on.
    const gameApiPort = await freePort();
    const gameApiUrl = `http://127.0.0.1:${gameApiPort}/trpc`;
    portal = await startNextApp({ app: "admin", gameApiUrl });
    started.push(portal);
    web = await startNextApp({ app: "web", gameApiUrl });
    started.push(web);
    gameApi = await startGameApi({
      databaseUrl: database.url,
      port: gameApiPort,
      env: {
        AUTH_TRUSTED_ORIGINS: `${portal.url},${web.url}`,
        // Rounds quick enough to watch, slow enough to bet in.
        BETTING_WINDOW_MS: "4000",
        DEAL_DELAY_MS: "150",
        RESULT_PAUSE_MS: "600",
      },
    });
    started.push(gameApi);
    browser = await launchChromium();
    started.push({ stop: () => browser.close() });
    const operatorContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await signIn(operatorContext, portal, "operator");
    operator = await operatorContext.newPage();
    // A step that does not happen fails naming its locator, well within the test's time.
    operator.setDefaultTimeout(15_000);
    player = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signIn(player, web, "player");
    lobby = await player.newPage();
    lobby.setDefaultTimeout(30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  started.push({ stop: () => database!.drop() });
}, 600_000);

afterAll(async () => {
  for (const part of started.splice(0).reverse()) await part.stop();
});

const tableRow = (slug: string) =>
  operator.locator(`[data-testid="table-row"][data-slug="${slug}"]`);

describe("the operator runs the floor; the player sees it", () => {
  it("pauses a live table: the players' lobby shows it paused after the round in play ends", async () => {
    await lobby.goto(web.url);
    await hydrated(lobby);
    const card = lobby.locator('[data-testid="table-card"][data-slug="baccarat-a"]');
    await card.waitFor();
    await bettingRound("baccarat-a");

    await operator.goto(portal.url);
    await hydrated(operator);
    await tableRow("baccarat-a").getByRole("button", { name: "Pause" }).click();
    await operator
      .getByRole("dialog", { name: "Pause Baccarat A?" })
      .getByRole("button", { name: "Pause table" })
      .click();
    await tableRow("baccarat-a").locator('[data-testid="status"]', { hasText: "paused" }).waitFor();
    const paused = await database!.db.auditEntry.findFirstOrThrow({
      where: { action: "tables.pause" },
    });

    // The round in play is dealt to its end; the lobby then shows the table paused, its last
    // round settled, and no round opens after the pause.
    await lobby
      .locator(
        '[data-testid="table-card"][data-slug="baccarat-a"][data-status="paused"][data-phase="settled"]',
      )
      .waitFor();
    // Longer than the dealer's pause after a result (RESULT_PAUSE_MS): an open table would have
    // opened its next round by then.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const last = await database!.db.round.findFirstOrThrow({
      where: { table: { slug: "baccarat-a" } },
      orderBy: { openedAt: "desc" },
    });
    expect(last.phase).toBe("settled");
    expect(last.openedAt.getTime()).toBeLessThan(paused.at.getTime());
  }, 120_000);

  it("lowers a limit: the player's bet over the new maximum is refused, one within it taken", async () => {
    await operator.goto(portal.url);
    await hydrated(operator);
    await tableRow("baccarat-b").getByRole("button", { name: "Edit" }).click();
    const editor = operator.getByTestId("table-editor");
    await editor.getByLabel("banker max").fill("50");
    await editor.getByLabel(/Reason/).fill("lower banker maximum tonight");
    await editor.getByRole("button", { name: "Save" }).click();
    await editor.getByRole("status").waitFor();

    const round = await bettingRound("baccarat-b");
    const before = await balanceOf();
    const over = await asPlayer("mutation", "bets.place", {
      roundId: round.id,
      bets: [{ bet: "banker", amount: 6_000 }],
      requestId: `over-${round.id}`,
    });
    expect(over.status).toBe(400);
    expect(over.message).toContain("Banker: 60 points is above the table maximum of 50 points");
    expect(await balanceOf()).toBe(before);
    const within = await asPlayer("mutation", "bets.place", {
      roundId: round.id,
      bets: [{ bet: "banker", amount: 5_000 }],
      requestId: `within-${round.id}`,
    });
    expect(within).toMatchObject({ status: 200 });
    // Settled before the next test reads the player's balance.
    await until("the round to settle", async () => {
      const row = await database!.db.round.findUniqueOrThrow({ where: { id: round.id } });
      return row.phase === "settled" ? true : undefined;
    });
  }, 120_000);

  it("finds the player's round and voids it in the browser: balance and history given back, books clean", async () => {
    const db = database!.db;
    const { id: playerId } = await db.user.findUniqueOrThrow({
      where: { email: account("player").email },
    });
    // A settled round of the player's with money moved: a tie pushes banker bets, so play on.
    let roundId: string | undefined;
    let before = 0;
    while (roundId === undefined) {
      const round = await bettingRound("baccarat-b");
      const balance = await balanceOf();
      const placed = await asPlayer("mutation", "bets.place", {
        roundId: round.id,
        bets: [{ bet: "player", amount: 2_000 }],
        requestId: `void-${round.id}`,
      });
      expect(placed).toMatchObject({ status: 200 });
      const settled = await until("the round to settle", async () => {
        const row = await db.round.findUniqueOrThrow({ where: { id: round.id } });
        return row.phase === "settled" ? row : undefined;
      });
      if ((await balanceOf()) !== balance) {
        roundId = settled.id;
        before = balance;
      }
    }
    const after = await balanceOf();

    // In play, the portal says to wait: the round is the dealer's until it settles.
    // Live for seconds yet: the page shows it before it settles.
    const live = await bettingRound("baccarat-b", 2_500);
    await operator.goto(`${portal.url}/rounds/${live.id}`);
    await hydrated(operator);
    await operator
      .getByTestId("void-in-play")
      .filter({ hasText: "Round in play: void after it settles." })
      .waitFor();

    await operator.goto(`${portal.url}/rounds`);
    await hydrated(operator);
    await operator.getByLabel("Player (id or e-mail)").fill(account("player").email);
    await operator.getByTestId("rounds-search").click();
    const row = operator.locator(`[data-testid="round-row"][data-round-id="${roundId}"]`);
    await row.getByRole("link").click();
    // Its address as soon as the page answers; what it shows is waited for below (the page's
    // every resource loaded took longer than the 15 s on a busy run).
    await operator.waitForURL(`**/rounds/${roundId}`, { waitUntil: "commit" });
    // The outcome in the game's words, the raw view folded beneath.
    expect(await operator.getByTestId("outcome").innerText()).toMatch(
      /^(Player wins|Banker wins|Tie) \d–\d/,
    );
    expect(await operator.getByTestId("raw-outcome").isVisible()).toBe(false);
    expect(await operator.getByTestId("round-card").count()).toBeGreaterThanOrEqual(4);

    await operator.locator('input[name="reason"]').fill("dealt from the wrong shoe");
    await operator.getByRole("button", { name: "Void round" }).click();
    await operator
      .getByRole("dialog", { name: /^Void round #\d+\?$/ })
      .getByRole("button", { name: "Void round" })
      .click();
    // The player's one wallet is put back; the record names who voided it and why.
    await operator
      .getByTestId("message-void")
      .filter({ hasText: "Round voided: 1 wallet corrected." })
      .waitFor();
    const voided = operator.getByTestId("voided");
    await voided.filter({ hasText: "dealt from the wrong shoe" }).waitFor();
    expect(await voided.textContent()).toContain(`by ${account("operator").email}:`);
    // Each bet says the void undid it, beside how it had settled.
    expect(await operator.getByTestId("bet-status").allTextContents()).toEqual([
      "settled · voided",
    ]);

    expect(after).not.toBe(before);
    expect(await balanceOf()).toBe(before);
    const { rounds } = (await asPlayer("query", "history.recall")).data as {
      rounds: { roundId: string; voided: { reason: string } | null }[];
    };
    expect(rounds.find((round) => round.roundId === roundId)?.voided?.reason).toBe(
      "dealt from the wrong shoe",
    );
    const audited = await db.auditEntry.findFirstOrThrow({
      where: { action: "rounds.void", targetId: roundId },
    });
    expect(audited.actorId).not.toBe(playerId);
    expect((await checkBooks(db)).clean).toBe(true);
  }, 180_000);

  it("declares a joker blackjack dealing mistake unrecoverable from the round's page: asked to confirm, every open bet paid as won", async () => {
    const db = database!.db;
    // A long decision timer: the operator corrects the round while the seat waits.
    const table = await db.table.update({
      where: { slug: "joker-blackjack" },
      data: { status: "OPEN", settings: { seats: 7, actionSeconds: 120 } },
    });
    const sat = await asPlayer("mutation", "seats.sit", { tableId: table.id, seat: 1 });
    expect(sat).toMatchObject({ status: 200 });
    const waiting = await until("the seat to be asked for a decision", async () => {
      const { round } = (await asPlayer("query", "tables.get", { slug: "joker-blackjack" }))
        .data as { round: { id: string; phase: string; pending: unknown } | null };
      if (round?.phase === "betting") {
        const placed = await asPlayer("mutation", "bets.place", {
          roundId: round.id,
          bets: [{ bet: "main", seat: 1, amount: 1_000 }],
          requestId: `main-${round.id}`,
        });
        // Refused only when the window closed as it was sent.
        if (placed.status !== 200) expect(placed.message).toMatch(/clos/);
      }
      return round?.phase === "dealing" && round.pending !== null ? round : undefined;
    });
    // No next round opens while the operator works on this one.
    await db.table.update({ where: { id: table.id }, data: { status: "PAUSED" } });

    await operator.goto(`${portal.url}/rounds/${waiting.id}`);
    await hydrated(operator);
    const panel = operator.getByTestId("corrections");
    await panel.getByLabel("Reason").fill("dealer exposed the hole card");
    // A correction the game refuses shows the API's problem, and nothing changes.
    await panel.getByLabel(/Rewind to step/).fill("999");
    await panel.getByRole("button", { name: "Rewind…" }).click();
    await panel.getByRole("button", { name: "Confirm rewind" }).click();
    await operator.getByRole("alert").filter({ hasText: "rewind: step 999 must be in" }).waitFor();
    expect(await db.auditEntry.count({ where: { targetId: waiting.id } })).toBe(0);

    await panel.getByRole("button", { name: "Unrecoverable…" }).click();
    const confirm = panel.getByRole("group", { name: "Confirm the correction" });
    expect(await confirm.innerText()).toContain("Declare this round unrecoverable?");
    await confirm.getByRole("button", { name: "Confirm unrecoverable" }).click();
    await operator.getByRole("status").filter({ hasText: "Unrecoverable recorded" }).waitFor();

    const settled = await until("the round to settle", async () => {
      const round = await db.round.findUniqueOrThrow({
        where: { id: waiting.id },
        include: { bets: true },
      });
      return round.phase === "settled" ? round : undefined;
    });
    const main = settled.bets.find((bet) => bet.bet === "main")!;
    // Won: twice the stake at least (an unpaid blackjack 2.5×).
    expect(Number(main.returned)).toBeGreaterThanOrEqual(2 * Number(main.stake));
    const audited = await db.auditEntry.findFirstOrThrow({
      where: { action: "rounds.unrecoverable", targetId: waiting.id },
    });
    expect(audited.reason).toBe("dealer exposed the hole card");
    expect((await checkBooks(db)).clean).toBe(true);

    // Once settled, the round's page offers no correction.
    await operator.goto(`${portal.url}/rounds/${waiting.id}`);
    await hydrated(operator);
    await operator.getByTestId("round-record").waitFor();
    expect(await operator.getByTestId("corrections").count()).toBe(0);
  }, 180_000);
});
