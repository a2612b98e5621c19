import { hydrated, rawRequest } from "@fuda/testkit";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { FAST_DEALER, screenshots, startPlatform, watchProblems } from "./platform";
import type { Platform } from "./platform";

// The dealer deals for real, fast: a round every few seconds at each live table.
let platform: Platform | undefined;

beforeAll(async () => {
  platform = await startPlatform(FAST_DEALER);
});

afterAll(async () => {
  await platform?.stop();
});

async function openLobby(): Promise<{
  page: Page;
  problems: string[];
  close: () => Promise<void>;
}> {
  const context = await platform!.browser.newContext({ locale: "en-US" });
  const problems = watchProblems(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(platform!.app.url);
  await hydrated(page);
  await page.locator('[data-testid="connection"][data-connection="live"]').waitFor();
  return { page, problems, close: () => context.close() };
}

const card = (page: Page, slug: string) =>
  page.locator(`[data-testid="table-card"][data-slug="${slug}"]`);

describe("live lobby", () => {
  it("the countdown ticks down from the server's closing time, and the round, phase, last result and road change without a reload", async () => {
    const { page, problems, close } = await openLobby();
    await page.evaluate(() => {
      document.body.setAttribute("data-opened", "once");
    });
    const table = card(page, "baccarat-a");
    const closesIn = table.getByTestId("closes-in");
    // Predicates as functions, not strings: the page's CSP refuses eval (docs/security.md).
    const countdownAtLeast = (least: number) =>
      page.waitForFunction((at) => {
        const text = document.querySelector(
          '[data-slug="baccarat-a"] [data-testid="closes-in"]',
        )?.textContent;
        return Number(/\d+/.exec(text ?? "")?.[0] ?? -1) >= at;
      }, least);
    // A round that has just opened (4 s window), then a second later — with no event from the
    // server in between — the same countdown one lower.
    await countdownAtLeast(3);
    const first = Number(/\d+/.exec((await closesIn.textContent()) ?? "")?.[0]);
    await page.waitForFunction((before) => {
      const text = document.querySelector(
        '[data-slug="baccarat-a"] [data-testid="closes-in"]',
      )?.textContent;
      const left = Number(/\d+/.exec(text ?? "")?.[0] ?? -1);
      return left >= 0 && left < before;
    }, first);

    const roundText = async () => table.getByTestId("round-number").textContent();
    const roundBefore = await roundText();
    await table.getByTestId("last-result").waitFor();
    const roadBefore = Number(await table.getByTestId("big-road").getAttribute("data-marks"));
    // The next round settles: a new round number, one more mark on the road.
    await page.waitForFunction(
      ({ before }) =>
        Number(
          document
            .querySelector('[data-slug="baccarat-a"] [data-testid="big-road"]')
            ?.getAttribute("data-marks"),
        ) > before,
      { before: roadBefore },
    );
    // Then the next round opens under a new number.
    await page.waitForFunction(
      ({ before }) =>
        document.querySelector('[data-slug="baccarat-a"] [data-testid="round-number"]')
          ?.textContent !== before,
      { before: roundBefore },
    );
    expect(await roundText()).toMatch(/^Round \d+$/);
    expect(await table.getByTestId("last-result").getAttribute("data-winner")).toMatch(
      /^(player|banker|tie)$/,
    );
    expect(await table.getByTestId("phase").textContent()).toMatch(
      /^(Place your bets|Dealing|Results)$/,
    );
    expect(await table.getByTestId("players").textContent()).toBe("No players");
    expect(await page.locator("body").getAttribute("data-opened")).toBe("once");
    await screenshots(page, "lobby", "live");
    expect(problems).toEqual([]);
    await close();
  });

  it("filters by game with buttons that say which is pressed", async () => {
    const { page, problems, close } = await openLobby();
    const filter = (game: string) =>
      page.locator(`[data-testid="game-filter"][data-game="${game}"]`);
    expect(await filter("all").getAttribute("aria-pressed")).toBe("true");
    expect(await page.getByTestId("table-card").count()).toBe(5);

    await filter("pok-deng").focus();
    await page.keyboard.press("Enter");
    expect(await filter("pok-deng").getAttribute("aria-pressed")).toBe("true");
    expect(await filter("all").getAttribute("aria-pressed")).toBe("false");
    const slugs = await page
      .getByTestId("table-card")
      .evaluateAll((cards) => cards.map((node) => node.getAttribute("data-slug")));
    expect(slugs).toEqual(["pok-deng"]);

    await filter("baccarat").click();
    expect(
      await page
        .getByTestId("table-card")
        .evaluateAll((cards) => cards.map((node) => node.getAttribute("data-slug"))),
    ).toEqual(["baccarat-a", "baccarat-b"]);
    await screenshots(page, "lobby", "filtered-baccarat");

    await filter("all").click();
    expect(await page.getByTestId("table-card").count()).toBe(5);
    expect(problems).toEqual([]);
    await close();
  });

  it("a table opens its page from the lobby, by click or keyboard", async () => {
    const { page, problems, close } = await openLobby();
    await card(page, "baccarat-b").click();
    await page.waitForURL(/\/tables\/baccarat-b$/);
    expect(await page.getByTestId("table-page").getAttribute("data-slug")).toBe("baccarat-b");
    expect(await page.locator("h1").textContent()).toBe("Baccarat B (No Commission)");

    await page.goBack();
    await card(page, "pok-deng").locator("a").focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/tables\/pok-deng$/);
    expect(await page.locator("h1").textContent()).toBe("Pok Deng");
    expect(problems).toEqual([]);
    await close();
  });

  it("an unknown table is a 404 page and a slug that is not UTF-8 a 400, not an error", async () => {
    expect((await fetch(`${platform!.app.url}/tables/no-such-table`)).status).toBe(404);
    expect((await rawRequest(platform!.app.url, "GET", "/tables/baccarat-a%C0%AF")).status).toBe(
      400,
    );
  });
});
