/**
 * Chat moderation in the operators' portal, in Chromium (issue 36; docs/chat.md, Moderation): a
 * signed-in player's line, sent through the game API, shows on the Chat page and on the live
 * monitor; the operator deletes it (it leaves `chat.history`), mutes the player (their next line
 * is refused, rule MUTED) and lifts the mute, each in the audit log. The table editor saves a
 * table's video and shows the API's refusal at the field. The studio console's dealer writes to
 * the table. Screenshots go to test-results/chat.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { demoAccounts } from "@fuda/auth";
import type { TestDatabase } from "@fuda/db/testing";
import { authClient, hydrated, repoRoot, signInStaff, until } from "@fuda/testkit";
import type { NextStack } from "@fuda/testkit";
import type { Page } from "playwright-core";

import { authenticatorOf, signInPortal, startSeededPortal } from "./portal-stack";

const SLUG = "baccarat-a";
const SHOTS = join(repoRoot(), "apps/admin/test-results/chat");

let database: TestDatabase;
let stack: NextStack;
let page: Page;
let tableId: string;
let playerId: string;
let playerCookie: string;
let operatorCookie: string;

beforeAll(async () => {
  ({ database, stack } = await startSeededPortal());
  page = stack.page;
  page.setDefaultTimeout(30_000);
  tableId = (await database.db.table.findUniqueOrThrow({ where: { slug: SLUG } })).id;
  const player = demoAccounts.find((account) => account.role === "player")!;
  playerId = (await database.db.user.findUniqueOrThrow({ where: { email: player.email } })).id;
  playerCookie = await signInApi(player.email, player.password);
  await signInPortal(page, stack.app.url, "operator");
  await page.getByTestId("portal").waitFor();
  // A second session of the operator, on the game API: with the code of the authenticator the
  // portal's sign-in enrolled above.
  const operator = demoAccounts.find((account) => account.role === "operator")!;
  const staff = authClient(stack.gameApi.url, stack.app.url);
  await signInStaff(staff.post, {
    ...operator,
    totpURI: authenticatorOf(stack.app.url, operator.email),
  });
  operatorCookie = staff.cookie();
}, 240_000);
afterAll(async () => {
  await stack.stop();
  await database.drop();
});

async function shot(target: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await target.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** A session on the game API, as the players' site holds one (its origin is trusted). */
async function signInApi(email: string, password: string): Promise<string> {
  const response = await fetch(`${stack.gameApi.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: stack.app.url },
    body: JSON.stringify({ email, password }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

interface Refusal {
  message: string;
  data: {
    httpStatus: number;
    reason?: string;
    details?: { rule?: string; until?: unknown; retryAfterMs?: number };
  };
}

interface Sent {
  status: number;
  result?: { data: { kind: string; line?: { id: string } } };
  error?: Refusal;
}

/**
 * The player's `chat.send`, as their browser sends it (or another writer's, by their `cookie`).
 * A writer's pace is a line a second, three at once (docs/chat.md): told to wait (TOO_FAST), the
 * same line is sent again after the wait the refusal names, as the players' page does.
 */
async function playerSays(text: string, cookie = playerCookie): Promise<Sent> {
  const requestId = crypto.randomUUID();
  for (;;) {
    const response = await fetch(`${stack.gameApi.url}/trpc/chat.send`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: stack.app.url, cookie },
      body: JSON.stringify({ tableId, text, requestId }),
    });
    const sent: Sent = { status: response.status, ...((await response.json()) as object) };
    const details = sent.error?.data.details;
    if (sent.status !== 429 || details?.rule !== "TOO_FAST") return sent;
    await new Promise((resolve) => setTimeout(resolve, Number(details.retryAfterMs)));
  }
}

/** The table's `chat.history` as anyone reads it. */
async function historyIds(): Promise<string[]> {
  const input = encodeURIComponent(JSON.stringify({ tableId, limit: 100 }));
  const response = await fetch(`${stack.gameApi.url}/trpc/chat.history?input=${input}`);
  const body = (await response.json()) as { result: { data: { lines: { id: string }[] } } };
  return body.result.data.lines.map((line) => line.id);
}

const lineRow = (messageId: string) =>
  page.locator(`[data-testid="chat-line"][data-message-id="${messageId}"]`);

describe("chat moderation", () => {
  let said: string;

  it("shows a player's line on the Chat page; the operator deletes it and it leaves the history", async () => {
    // An operator's line too, which the player's filter leaves out.
    const welcome = await playerSays("Welcome to Baccarat A", operatorCookie);
    expect(welcome.status).toBe(200);
    const sent = await playerSays("Good luck everyone at Baccarat A");
    expect(sent.status).toBe(200);
    said = sent.result!.data.line!.id;
    expect(await historyIds()).toContain(said);

    await page
      .getByRole("navigation", { name: "Sections" })
      .getByRole("link", { name: "Chat" })
      .click();
    await page.waitForURL(/\/chat$/);
    await hydrated(page);
    const row = lineRow(said);
    await row.waitFor();
    expect(await row.innerText()).toContain("Good luck everyone at Baccarat A");
    expect(await row.innerText()).toContain("Baccarat A");
    expect(await row.innerText()).toContain("Demo Player");

    // A line written while the page is open comes in by itself.
    const later = await playerSays("Banker again?");
    await lineRow(later.result!.data.line!.id).waitFor();
    expect(await lineRow(welcome.result!.data.line!.id).innerText()).toContain("operator");
    await shot(page, "chat-page");

    await row.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByTestId("confirm-dialog");
    await dialog.getByTestId("chat-reason").fill("spam");
    await dialog.getByRole("button", { name: "Delete line" }).click();
    await page
      .locator(`[data-testid="chat-line"][data-message-id="${said}"][data-deleted="true"]`)
      .waitFor();
    expect(await row.getByTestId("chat-deleted-by").innerText()).toBe("deleted by Demo Operator");
    expect(await row.getByTestId("chat-deleted-text").innerText()).toBe(
      "Good luck everyone at Baccarat A",
    );
    expect(await row.getByRole("button", { name: "Delete" }).isDisabled()).toBe(true);
    expect(await historyIds()).not.toContain(said);
    await shot(page, "chat-page-deleted");
  }, 120_000);

  it("mutes the player from their line: their next line is refused (MUTED) until Unmute", async () => {
    // The player's lines alone: a click on their name.
    await lineRow(said).getByRole("button", { name: "Demo Player" }).click();
    await page.getByTestId("chat-player").waitFor();
    await until("the player's lines alone", async () => {
      const writers = await page
        .getByTestId("chat-line")
        .evaluateAll((rows) => rows.map((row) => row.getAttribute("data-user-id")));
      return writers.length > 0 && writers.every((writer) => writer === playerId)
        ? true
        : undefined;
    });

    await lineRow(said).getByRole("button", { name: "Mute" }).click();
    const dialog = page.getByTestId("mute-dialog");
    await dialog.getByRole("button", { name: "1 hour" }).click();
    expect(await dialog.getByLabel("Minutes").inputValue()).toBe("60");
    await dialog.getByLabel(/Reason/).fill("shouting");
    await shot(page, "mute-dialog");
    await dialog.getByRole("button", { name: "Mute", exact: true }).click();
    await page.getByText("Demo Player is muted for 1 hour.").waitFor();
    const muted = page.locator(`[data-testid="chat-mute"][data-user-id="${playerId}"]`);
    await muted.waitFor();
    expect(await muted.innerText()).toContain("shouting");

    const refused = await playerSays("Why was my line deleted?");
    expect(refused.status).toBe(403);
    expect(refused.error!.data.details!.rule).toBe("MUTED");
    expect(typeof refused.error!.data.details!.until).toBe("string");

    await muted.getByRole("button", { name: "Unmute" }).click();
    await page.getByText("Demo Player can write again.").waitFor();
    await muted.waitFor({ state: "detached" });
    expect((await playerSays("Thanks")).status).toBe(200);
  }, 120_000);

  it("bans the player from chat: no end to the refusal, until an operator lifts it", async () => {
    await lineRow(said).getByRole("button", { name: "Ban from chat" }).click();
    const dialog = page.getByTestId("confirm-dialog");
    await dialog.getByTestId("chat-reason").fill("insults");
    await dialog.getByRole("button", { name: "Ban from chat" }).click();
    await page.getByText("Demo Player is banned from chat.").waitFor();
    const banned = page.locator(`[data-testid="chat-mute"][data-user-id="${playerId}"]`);
    expect(await banned.innerText()).toContain("banned from chat");

    const refused = await playerSays("Let me back in");
    expect(refused.status).toBe(403);
    expect(refused.error!.data.details).toMatchObject({ rule: "MUTED", until: null });

    await banned.getByRole("button", { name: "Unmute" }).click();
    await banned.waitFor({ state: "detached" });
    expect((await playerSays("Sorry")).status).toBe(200);
  }, 120_000);

  it("keeps every moderation in the audit log, by the operator, with its reason", async () => {
    const operator = demoAccounts.find((account) => account.role === "operator")!;
    const operatorId = (
      await database.db.user.findUniqueOrThrow({ where: { email: operator.email } })
    ).id;
    const entries = await database.db.auditEntry.findMany({
      where: { action: { startsWith: "chat." } },
      orderBy: { at: "asc" },
    });
    expect(entries.map((entry) => [entry.action, entry.targetId, entry.reason])).toEqual([
      ["chat.delete", said, "spam"],
      ["chat.mute", playerId, "shouting"],
      ["chat.unmute", playerId, null],
      ["chat.ban", playerId, "insults"],
      ["chat.unmute", playerId, null],
    ]);
    expect(new Set(entries.map((entry) => entry.actorId))).toEqual(new Set([operatorId]));
  });

  it("shows the table's lines on the live monitor as they come, with the same actions", async () => {
    // The tables' streams held back: a line said between the page's reads and its stream opening
    // still shows once the stream opens.
    let release = (): void => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const streams = "**/api/trpc/tables.events?*";
    await page.route(streams, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stack.app.url}/monitor`);
    await hydrated(page);
    const card = page.locator(`[data-testid="monitor-table"][data-slug="${SLUG}"]`);
    const chat = card.getByTestId("table-chat");
    await chat.getByTestId("chat-line").first().waitFor();
    // The deleted line is there for the operators, struck through.
    await chat.locator(`[data-message-id="${said}"][data-deleted="true"]`).waitFor();

    const early = await playerSays("Said as the monitor opened");
    release();
    await chat.locator(`[data-message-id="${early.result!.data.line!.id}"]`).waitFor();
    await page.unroute(streams);

    const sent = await playerSays("Is the monitor watching?");
    const line = chat.locator(`[data-message-id="${sent.result!.data.line!.id}"]`);
    await line.waitFor();
    await card.scrollIntoViewIfNeeded();
    await shot(page, "monitor-chat");

    await line.getByRole("button", { name: "Delete" }).click();
    await page.getByTestId("confirm-dialog").getByRole("button", { name: "Delete line" }).click();
    await chat
      .locator(`[data-message-id="${sent.result!.data.line!.id}"][data-deleted="true"]`)
      .waitFor();
    expect(await historyIds()).not.toContain(sent.result!.data.line!.id);
  }, 120_000);
});

describe("a table's video and chat settings in the table editor", () => {
  it("saves an HLS URL and the chat's days; shows the API's refusal of ftp:// at its field", async () => {
    await page.goto(stack.app.url);
    await hydrated(page);
    const row = page.locator(`[data-testid="table-row"][data-slug="${SLUG}"]`);
    await row.getByRole("button", { name: "Edit" }).click();
    const editor = page.getByTestId("table-editor");
    expect(await editor.getByLabel("Chat kept (days)").inputValue()).toBe("30");
    // Chat bets are joker blackjack's alone.
    expect(await editor.getByTestId("chat-bets").count()).toBe(0);

    await editor.getByLabel("Video HLS URL").fill("https://media.example/baccarat-a/index.m3u8");
    await editor.getByLabel("Chat kept (days)").fill("45");
    await editor.getByRole("button", { name: "Save" }).click();
    await editor.getByRole("status").getByText(/Saved/).waitFor();
    const saved = await database.db.table.findUniqueOrThrow({ where: { slug: SLUG } });
    expect(saved.stream).toMatchObject({ hls: "https://media.example/baccarat-a/index.m3u8" });
    expect(saved.settings).toMatchObject({ chatRetentionDays: 45 });

    await editor.getByLabel("Video HLS URL").fill("ftp://x");
    await editor.getByRole("button", { name: "Save" }).click();
    const problem = editor.getByTestId("problem-stream.hls");
    await problem.waitFor();
    expect(await problem.innerText()).toBe("stream.hls: an http or https URL");
    await shot(page, "table-editor-stream");
    const kept = await database.db.table.findUniqueOrThrow({ where: { slug: SLUG } });
    expect(kept.stream).toMatchObject({ hls: "https://media.example/baccarat-a/index.m3u8" });

    // An emptied field clears the URL.
    await editor.getByLabel("Video HLS URL").fill("");
    await editor.getByRole("button", { name: "Save" }).click();
    await until("the HLS URL cleared", async () => {
      const cleared = await database.db.table.findUniqueOrThrow({ where: { slug: SLUG } });
      return (cleared.stream as { hls?: string | null }).hls == null ? true : undefined;
    });
  }, 120_000);

  it("turns a joker blackjack table's chat bets off", async () => {
    const jokers = await database.db.table.findFirstOrThrow({ where: { game: "JOKER_BLACKJACK" } });
    const row = page.locator(`[data-testid="table-row"][data-slug="${jokers.slug}"]`);
    await row.getByRole("button", { name: "Edit" }).click();
    const editor = page.getByTestId("table-editor");
    const bets = editor.getByTestId("chat-bets");
    expect(await bets.isChecked()).toBe(true);
    await bets.uncheck();
    await editor.getByRole("button", { name: "Save" }).click();
    await editor.getByRole("status").getByText(/Saved/).waitFor();
    const saved = await database.db.table.findUniqueOrThrow({ where: { id: jokers.id } });
    expect(saved.settings).toMatchObject({ chatBets: false });
  }, 60_000);
});

describe("the studio console's chat", () => {
  it("shows the table's lines to its dealer, who answers as the dealer", async () => {
    await database.db.table.update({ where: { slug: SLUG }, data: { dealing: "studio" } });
    expect((await playerSays("Hello dealer")).status).toBe(200);
    const context = await stack.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const dealer = await context.newPage();
    dealer.setDefaultTimeout(30_000);
    try {
      await signInPortal(dealer, stack.app.url, "dealer");
      await dealer.waitForURL(/\/studio$/);
      await dealer.goto(`${stack.app.url}/studio/${SLUG}`);
      await hydrated(dealer);
      const chat = dealer.getByTestId("studio-chat");
      await chat.waitFor({ timeout: 60_000 });
      // The lines written before the console opened, then each as it comes.
      await chat.getByText("Hello dealer").waitFor();

      const sent = await playerSays("Dealer, which shoe is this?");
      expect(sent.status).toBe(200);
      await chat.getByText("Dealer, which shoe is this?").waitFor();

      const cardsBefore = await database.db.studioAction.count();
      const input = chat.getByTestId("studio-chat-input");
      await input.fill("The third shoe today. Good luck!");
      await input.press("Enter");
      await chat
        .locator('[data-testid="studio-chat-line"][data-role="dealer"]')
        .getByText("The third shoe today. Good luck!")
        .waitFor();
      expect(await input.inputValue()).toBe("");
      const stored = await database.db.chatMessage.findFirstOrThrow({
        where: { text: "The third shoe today. Good luck!" },
      });
      expect(stored.role).toBe("dealer");
      // Keys typed in the chat are the chat's: "Th…" entered no ten of hearts, nor anything else.
      expect(await database.db.studioAction.count()).toBe(cardsBefore);
      expect(await dealer.getByTestId("studio-typed").count()).toBe(0);
      await shot(dealer, "studio-chat");
    } finally {
      await context.close();
    }
  }, 180_000);
});
