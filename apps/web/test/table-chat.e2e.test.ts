/**
 * The table chat on the players' pages (docs/chat.md), in Chromium against the real platform:
 * signed-in players write, a guest reads (in Japanese), a reload brings the history back, the
 * round's news is written by each page in its reader's language, a flood is refused with the
 * wait on the page and never posted, an operator's deletion leaves every page at once, a muted
 * player is told so, and at joker blackjack a seated player's "100" in the chat is their bet.
 */
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

import type { BrowserContext, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";

import type { ChatLine } from "@fuda/contracts";
import { endBetting } from "@fuda/live/testing";
import { hydrated, until } from "@fuda/testkit";

import { platformForFile, staffSession, watchProblems, WELCOME } from "./platform";

// Betting windows end when the test says (endBetting), never by the clock.
const platform = platformForFile({
  BETTING_WINDOW_MS: "600000",
  DEAL_DELAY_MS: "150",
  RESULT_PAUSE_MS: "600",
});

const BACCARAT = "baccarat-a";
const JOKER = "joker-blackjack";
const PASSWORD = "correct horse battery";
const SHOTS = "/tmp/shots-chat";

interface Reader {
  context: BrowserContext;
  page: Page;
  problems: string[];
  userId: string | null;
}

/** A browser of its own; with `name`, a player signed up through the app's own auth route. */
async function reader(name: string | null, locale = "en-US"): Promise<Reader> {
  const { app, browser, database } = platform();
  const context = await browser.newContext({ locale });
  const problems = watchProblems(context);
  let userId: string | null = null;
  if (name !== null) {
    const email = `${name.toLowerCase()}-${randomUUID()}@chat.test`;
    const signedUp = await context.request.post(`${app.url}/api/auth/sign-up/email`, {
      data: { email, password: PASSWORD, name },
      headers: { origin: app.url },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    userId = (await database.db.user.findUniqueOrThrow({ where: { email } })).id;
  }
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  return { context, page, problems, userId };
}

/** Opens a table page and waits for its chat's history. */
async function openTable(page: Page, slug: string): Promise<void> {
  await page.goto(`${platform().app.url}/tables/${slug}`);
  await hydrated(page);
  await page.locator('[data-testid="table-chat"][data-history="loaded"]').waitFor();
}

/** Types `text` in the chat and presses Enter; resolves once it is answered (sent or refused). */
async function say(page: Page, text: string): Promise<"sent" | "refused"> {
  const input = page.getByTestId("chat-input");
  const form = page.locator("form", { has: input });
  const answers = Number(await form.getAttribute("data-answers"));
  await input.fill(text);
  await input.press("Enter");
  await page.locator(`form[data-answers="${answers + 1}"]`).waitFor();
  return (await page.getByTestId("chat-error").count()) > 0 ? "refused" : "sent";
}

/** Long enough for a line to cross the platform on a busy machine. */
const POLL = { timeout: 20_000 };

/** The lines' texts as a page shows them, in order. */
const linesOf = (page: Page) =>
  page
    .locator('[data-testid="chat-line"] [data-testid="chat-text"]')
    .evaluateAll((texts) => texts.map((text) => text.textContent));

const systemLines = (page: Page) =>
  page.getByTestId("chat-system").evaluateAll((lines) => lines.map((line) => line.textContent));

/** `chat.history` of a table, as anyone reads it. */
async function history(slug: string): Promise<ChatLine[]> {
  const { database, gameApi } = platform();
  const { id } = await database.db.table.findUniqueOrThrow({ where: { slug } });
  const input = encodeURIComponent(JSON.stringify({ tableId: id, limit: 100 }));
  const response = await fetch(`${gameApi.url}/trpc/chat.history?input=${input}`);
  const body = (await response.json()) as { result: { data: { lines: ChatLine[] } } };
  return body.result.data.lines;
}

/** `chat.send` straight to the game API as the context's player: its HTTP status. */
async function sendAsPlayer(context: BrowserContext, slug: string, text: string): Promise<number> {
  const { app, database, gameApi } = platform();
  const { id } = await database.db.table.findUniqueOrThrow({ where: { slug } });
  const cookie = (await context.cookies(app.url)).map(({ name, value }) => `${name}=${value}`);
  const response = await fetch(`${gameApi.url}/trpc/chat.send`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app.url, cookie: cookie.join("; ") },
    body: JSON.stringify({ tableId: id, text, requestId: randomUUID() }),
  });
  return response.status;
}

/** An operator, or a dealer assigned to the baccarat table. */
const staff = (role: "operator" | "dealer") =>
  staffSession(platform(), role, {
    name: role === "dealer" ? "Dana" : "Olly",
    prepare: async (userId) => {
      if (role !== "dealer") return;
      const { database } = platform();
      const table = await database.db.table.findUniqueOrThrow({ where: { slug: BACCARAT } });
      await database.db.tableDealer.create({
        data: { tableId: table.id, dealerId: userId, assignedBy: "test" },
      });
    },
  });

/** The page at a phone's and a laptop's size: what is on screen, and the whole page. */
async function shots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`) });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}-full.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** Responses a test provoked on purpose (a refused line) are not problems. */
const unexpected = (problems: readonly string[]) =>
  problems.filter((problem) => !/\/api\/trpc\/chat\.send.*: (403|429)$/.test(problem));

let aiko: Reader;
let bao: Reader;
let guest: Reader;

beforeAll(async () => {
  aiko = await reader("Aiko");
  bao = await reader("Bao");
  // No session, Japanese: reads only, in its own language.
  guest = await reader(null, "ja-JP");
  for (const { page } of [aiko, bao, guest]) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await openTable(page, BACCARAT);
  }
});

describe("the table chat", { timeout: 120_000 }, () => {
  it("two signed-in players chat, a guest reads both lines in order (text as text), and a reload shows the history", async () => {
    // A guest has no input: a sign-in link in their language instead.
    expect(await guest.page.getByTestId("chat-input").count()).toBe(0);
    const signIn = guest.page.getByTestId("chat-sign-in").getByRole("link");
    expect(await signIn.textContent()).toBe("ログインしてチャットに参加");
    expect(await signIn.getAttribute("href")).toBe("/sign-in");

    // What is left of the 200 characters, counted as the server counts (spaces run together).
    await aiko.page.getByTestId("chat-input").fill("  Hello   from Aiko ");
    expect(await aiko.page.getByTestId("chat-left").textContent()).toBe("185");
    expect(await say(aiko.page, "Hello from Aiko")).toBe("sent");
    expect(await say(bao.page, "Hi Aiko, Bao here <3 <b>bold</b>")).toBe("sent");
    const expected = ["Hello from Aiko", "Hi Aiko, Bao here <3 bold"];
    for (const { page } of [aiko, bao, guest]) {
      await expect.poll(() => linesOf(page), POLL).toEqual(expected);
    }
    // The sender's own line came twice (the answer and the stream): it is shown once.
    const ids = await aiko.page
      .getByTestId("chat-line")
      .evaluateAll((lines) => lines.map((line) => line.getAttribute("data-line-id")));
    expect(new Set(ids).size).toBe(2);
    expect(Number(ids[1])).toBeGreaterThan(Number(ids[0]));
    // Tags are words, never elements.
    expect(await guest.page.locator('[data-testid="chat-line"] b').count()).toBe(0);
    expect(
      await guest.page
        .getByTestId("chat-line")
        .evaluateAll((lines) => lines.map((line) => line.getAttribute("data-role"))),
    ).toEqual(["player", "player"]);

    await guest.page.reload();
    await hydrated(guest.page);
    await guest.page.locator('[data-testid="table-chat"][data-history="loaded"]').waitFor();
    expect(await linesOf(guest.page)).toEqual(expected);
    expect((await history(BACCARAT)).map((line) => line.text)).toEqual(expected);
  });

  it("each page writes the round's news in its reader's language: no more bets, the result in the table's words, betting open", async () => {
    const { database } = platform();
    const round = await database.db.round.findFirstOrThrow({
      where: { table: { slug: BACCARAT }, phase: "betting" },
    });
    // Lines written before (the first round opening after a page came) are not this round's.
    const before = {
      aiko: (await systemLines(aiko.page)).length,
      guest: (await systemLines(guest.page)).length,
    };
    await endBetting(database.db, round.id);
    await until("the next round", () =>
      database.db.round
        .findFirst({
          where: { table: { slug: BACCARAT }, phase: "betting", id: { not: round.id } },
        })
        .then((next) => next ?? undefined),
    );
    await expect.poll(() => systemLines(aiko.page), POLL).toHaveLength(before.aiko + 3);
    const [closed, result, opened] = (await systemLines(aiko.page)).slice(before.aiko);
    expect(closed).toBe("No more bets");
    expect(result).toMatch(/^(Player wins \d to \d|Banker wins \d to \d|Tie at \d)$/);
    expect(opened).toMatch(/^Round \d+: betting is open$/);
    await expect.poll(() => systemLines(guest.page), POLL).toHaveLength(before.guest + 3);
    const [closedJa, resultJa, openedJa] = (await systemLines(guest.page)).slice(before.guest);
    expect(closedJa).toBe("ベット締切");
    expect(resultJa).not.toMatch(/[A-Za-z]{3,}/);
    expect(openedJa).toMatch(/^第\d+ラウンド：ベット受付開始$/);
    // After the lines said before it: the news is in the order things happened.
    const order = await aiko.page
      .locator('[data-testid="chat-lines"] > li')
      .evaluateAll((items) => items.map((item) => item.getAttribute("data-testid")));
    expect(order.slice(-5)).toEqual([
      "chat-line",
      "chat-line",
      "chat-system",
      "chat-system",
      "chat-system",
    ]);
  });

  it("a flood is refused with the wait on the page, and the refused lines are never posted", async () => {
    // Five at once straight to the API: the writer's burst is three.
    const flood = ["flood 1", "flood 2", "flood 3", "flood 4", "flood 5"];
    const statuses = await Promise.all(
      flood.map((text) => sendAsPlayer(bao.context, BACCARAT, text)),
    );
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
    // And on through the page, a line as soon as the last is answered: refused, with the wait.
    const sent: string[] = [];
    let refused: string | null = null;
    for (let k = 1; k <= 8 && refused === null; k++) {
      const text = `one more ${k}`;
      if ((await say(bao.page, text)) === "refused") refused = text;
      else sent.push(text);
    }
    expect(refused).not.toBeNull();
    expect(await bao.page.getByTestId("chat-error").textContent()).toMatch(
      /^Too fast: wait \d\.\d s$/,
    );
    // The refused text stays in the input, to send again.
    expect(await bao.page.getByTestId("chat-input").inputValue()).toBe(refused);
    await shots(bao.page, "baccarat-refused");

    // Lines taken at once are posted in the order they were taken: compared as sets.
    const posted = flood.filter((_, k) => statuses[k] === 200);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await say(bao.page, "after the flood")).toBe("sent");
    for (const { page } of [aiko, bao, guest]) {
      await expect.poll(async () => (await linesOf(page)).at(-1), POLL).toBe("after the flood");
      const texts = await linesOf(page);
      expect(texts.filter((text) => text.startsWith("flood")).sort()).toEqual(posted);
      expect(texts.filter((text) => text.startsWith("one more"))).toEqual(sent);
    }
    const stored = (await history(BACCARAT)).map((line) => line.text);
    expect(stored.filter((text) => text.startsWith("flood")).sort()).toEqual(posted);
    expect(stored.filter((text) => text.startsWith("one more"))).toEqual(sent);
  });

  it("an operator's deletion leaves every open page at once; a muted player is told until when", async () => {
    const admin = await staff("operator");
    const [hello] = await history(BACCARAT);
    expect(hello!.text).toBe("Hello from Aiko");
    const deleted = await admin("admin.chat.delete", { messageId: hello!.id, reason: "test" });
    expect(deleted.status, await deleted.clone().text()).toBe(200);
    for (const { page } of [aiko, bao, guest]) {
      await page
        .locator(`[data-testid="chat-line"][data-line-id="${hello!.id}"]`)
        .waitFor({ state: "detached" });
    }
    expect((await history(BACCARAT)).map((line) => line.id)).not.toContain(hello!.id);

    const muted = await admin("admin.chat.mute", { userId: bao.userId, minutes: 10 });
    expect(muted.status, await muted.clone().text()).toBe(200);
    expect(await say(bao.page, "am I muted?")).toBe("refused");
    expect(await bao.page.getByTestId("chat-error").textContent()).toMatch(
      /^You are muted in the chat: you can write again in (10|9) minutes\.$/,
    );
    const unmuted = await admin("admin.chat.unmute", { userId: bao.userId });
    expect(unmuted.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await say(bao.page, "back again")).toBe("sent");
  });

  it("a dealer's line stands out with its badge; an operator's carries a Staff badge", async () => {
    const { database } = platform();
    const { id: tableId } = await database.db.table.findUniqueOrThrow({
      where: { slug: BACCARAT },
    });
    for (const [role, text] of [
      ["dealer", "Good luck, everyone"],
      ["operator", "Welcome to the table"],
    ] as const) {
      const member = await staff(role);
      const said = await member("chat.send", { tableId, text, requestId: randomUUID() });
      expect(said.status, await said.clone().text()).toBe(200);
      const line = guest.page.locator(`[data-testid="chat-line"][data-role="${role}"]`, {
        hasText: text,
      });
      await line.waitFor();
      expect(await line.textContent()).toContain(role === "dealer" ? "ディーラー" : "スタッフ");
      // Staff lines cannot be hidden.
      expect(await line.getByTestId("chat-hide").count()).toBe(0);
    }
    const dealerLine = guest.page.locator('[data-testid="chat-line"][data-role="dealer"]');
    const playerLine = guest.page.locator('[data-testid="chat-line"][data-role="player"]').last();
    const [dealerColour, playerColour] = await Promise.all(
      [dealerLine, playerLine].map((shown) =>
        shown.locator('[data-testid="chat-text"]').evaluate((text) => getComputedStyle(text).color),
      ),
    );
    expect(dealerColour).not.toBe(playerColour);
  });

  it("a reader hides a player's lines on this browser and shows them again", async () => {
    const page = aiko.page;
    const fromBao = page.locator('[data-testid="chat-line"]', { hasText: "back again" });
    await fromBao.getByTestId("chat-hide").click();
    await fromBao.waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("fuda.chat.hidden"))).toContain("Bao");
    // Their own lines have no "Hide".
    expect(
      await page
        .locator('[data-testid="chat-line"][data-own="true"] [data-testid="chat-hide"]')
        .count(),
    ).toBe(0);
    await page.reload();
    await hydrated(page);
    await page.locator('[data-testid="table-chat"][data-history="loaded"]').waitFor();
    expect(await linesOf(page)).not.toContain("back again");
    await page.getByTestId("chat-hidden").locator("summary").click();
    await page.getByTestId("chat-show").click();
    await page.locator('[data-testid="chat-line"]', { hasText: "back again" }).waitFor();
  });

  it("the chat sits beside the cards on a laptop and under the bet controls on a phone", async () => {
    const page = aiko.page;
    await page.setViewportSize({ width: 1366, height: 900 });
    const chat = (await page.getByTestId("table-chat").boundingBox())!;
    const felt = (await page.getByTestId("felt").boundingBox())!;
    expect(chat.x).toBeGreaterThan(felt.x + felt.width);
    expect(chat.y).toBeLessThan(felt.y + felt.height);
    await shots(page, "baccarat");

    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => {
      window.scrollTo(0, 0);
    });
    const phoneChat = (await page.getByTestId("table-chat").boundingBox())!;
    const staked = (await page.getByTestId("staked").boundingBox())!;
    expect(phoneChat.y).toBeGreaterThan(staked.y + staked.height);
    // Collapsed on a phone, it counts what comes in.
    await page.getByTestId("chat-toggle").click();
    expect(await page.getByTestId("chat-input").isVisible()).toBe(false);
    expect(await say(bao.page, "while you were away")).toBe("sent");
    await expect.poll(() => page.getByTestId("chat-unread").textContent(), POLL).toBe("1");
    await page.getByTestId("chat-toggle").click();
    await page.getByTestId("chat-input").waitFor();
    await page.setViewportSize({ width: 1366, height: 900 });
    await shots(guest.page, "baccarat-guest-ja");
    await openTable(guest.page, "pok-deng");
    await shots(guest.page, "pok-deng-guest-ja");

    for (const { problems } of [aiko, bao, guest]) expect(unexpected(problems)).toEqual([]);
  });

  it("at joker blackjack a seated player's 100 in the chat is their 100-point main bet, answered to them alone", async () => {
    const { database } = platform();
    const player = await reader("Chie");
    await player.page.setViewportSize({ width: 1366, height: 900 });
    await openTable(player.page, JOKER);
    await openTable(guest.page, JOKER);
    await player.page.locator('[data-testid="sit"][data-seat="3"]').click();
    await player.page.locator('[data-testid="seat"][data-seat="3"][data-mine="true"]').waitFor();
    await player.page
      .locator('[data-testid="joker-blackjack-table"][data-phase="betting"]')
      .waitFor();

    expect(await say(player.page, "100")).toBe("sent");
    await player.page
      .locator('[data-testid="stake"][data-seat="3"][data-staked="10000"]')
      .waitFor();
    const answer = player.page.getByTestId("chat-private");
    expect(await answer.textContent()).toBe("Only you: Bet 100 placed on seat 3");
    await player.page.waitForFunction(
      (balance) =>
        document.querySelector('[data-testid="balance"]')?.getAttribute("data-balance") ===
        String(balance),
      WELCOME - 10_000,
    );
    const bets = await database.db.bet.findMany({ where: { playerId: player.userId! } });
    expect(bets.map((bet) => [bet.bet, bet.seat, bet.stake])).toEqual([["main", 3, 10_000n]]);
    // A command is not a line: nobody else sees it, nor does the history keep it.
    expect(await say(player.page, "good luck all")).toBe("sent");
    await expect.poll(() => linesOf(guest.page), POLL).toEqual(["good luck all"]);
    expect(await guest.page.getByTestId("chat-private").count()).toBe(0);
    expect((await history(JOKER)).map((line) => line.text)).toEqual(["good luck all"]);
    await shots(player.page, "joker-blackjack");

    expect(unexpected(player.problems)).toEqual([]);
  });
});
