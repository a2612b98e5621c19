import { hydrated } from "@fuda/testkit";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MISSING_MARK } from "../src/i18n/missing";
import {
  FAST_DEALER,
  LATIN_WORD,
  screenshots,
  startPlatform,
  translatableText,
  watchProblems,
} from "./platform";
import type { Platform } from "./platform";

let platform: Platform | undefined;
let browser: Browser;

beforeAll(async () => {
  platform = await startPlatform(FAST_DEALER);
  browser = platform.browser;
});

afterAll(async () => {
  await platform?.stop();
});

const PAGES = [
  "/",
  "/tables/baccarat-a",
  "/tables/pok-deng",
  "/sign-in",
  "/sign-in?upgrade=1",
  // Signed out here; test/history.e2e.test.ts checks them with a guest's rounds in ja and th.
  "/history",
  "/history/recall",
  "/history/wallet",
  "/fairness",
];

/** What shows a live page's stream joined: its live words (round, countdown) are then on it. */
const LIVE: Record<string, string> = {
  "/": '[data-testid="connection"][data-connection="live"]',
  "/tables/baccarat-a": '[data-testid="table-page"][data-connection="live"]',
  "/tables/pok-deng": '[data-testid="pok-deng-table"]:not([data-round-id=""])',
};

async function visit(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${platform!.app.url}${path}`);
  expect(response?.status(), path).toBe(200);
  await hydrated(page);
  // A live page's stream never lets the network idle: wait for the stream itself instead.
  const live = LIVE[path.split("?")[0]!];
  if (live === undefined) await page.waitForLoadState("networkidle");
  else await page.locator(live).waitFor();
}

/** Every `aria-label` and `title` of the page, outside what is deliberately not translated. */
async function accessibleNames(page: Page): Promise<string> {
  return page.evaluate(() =>
    [...document.querySelectorAll("[aria-label], [title]")]
      .filter((node) => node.closest('[translate="no"]') === null)
      .flatMap((node) => [node.getAttribute("aria-label"), node.getAttribute("title")])
      .filter((name) => name !== null)
      .join("\n"),
  );
}

describe("languages", () => {
  for (const [browserLocale, locale] of [
    ["ja-JP", "ja"],
    ["th-TH", "th"],
    ["en-US", "en"],
  ] as const) {
    it(`a first visit asking for ${browserLocale} gets every page in ${locale}, with no key untranslated`, async () => {
      const context = await browser.newContext({ locale: browserLocale });
      const problems = watchProblems(context);
      const page = await context.newPage();
      for (const path of PAGES) {
        await visit(page, path);
        expect(await page.locator("html").getAttribute("lang"), path).toBe(locale);
        const text = await translatableText(page);
        expect(text, path).not.toContain(MISSING_MARK);
        if (locale !== "en") expect(text.match(LATIN_WORD) ?? [], path).toEqual([]);
        if (path.startsWith("/tables/")) {
          // A table's controls are named for screen readers: those names are translated too.
          const names = await accessibleNames(page);
          expect(names, path).not.toContain(MISSING_MARK);
          if (locale !== "en") expect(names.match(LATIN_WORD) ?? [], path).toEqual([]);
        }
      }
      await page.goto(platform!.app.url);
      await hydrated(page);
      await page.getByTestId("table-card").first().waitFor();
      await screenshots(page, "languages", `lobby-${locale}`);
      expect(problems).toEqual([]);
      await context.close();
    });
  }

  it("on a phone, the header's controls keep their words on one line in every language", async () => {
    for (const locale of ["ja-JP", "th-TH", "en-US"]) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await visit(page, "/");
      // The account corner read: its ways in are header controls too.
      await page.locator('[data-testid="account"][data-signed-in="false"]').waitFor();
      // Each control's height on a wide screen, where nothing wraps, then on a phone: grown to
      // a thumb's 44 px at most (phones.e2e.test.ts), never by a second line of words.
      const heights = () =>
        page
          .locator("header a, header button, header summary, header select")
          .evaluateAll((controls) =>
            controls.map((control) => Math.round(control.getBoundingClientRect().height)),
          );
      const wide = await heights();
      await page.setViewportSize({ width: 375, height: 812 });
      expect(await heights(), locale).toEqual(wide.map((height) => Math.max(height, 44)));
      expect(await page.evaluate(() => document.documentElement.scrollWidth), locale).toBe(375);
      await context.close();
    }
  });

  it("the header's language switch turns a table page into Japanese, then Thai, and the choice is remembered", async () => {
    const context = await browser.newContext({ locale: "en-US" });
    const problems = watchProblems(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await visit(page, "/tables/baccarat-a");
    expect(await page.locator("html").getAttribute("lang")).toBe("en");
    const limitsEn = await page.getByTestId("limit").first().innerText();
    expect(limitsEn).toMatch(/^Player/);

    await page.getByTestId("language").selectOption("ja");
    await page.locator('html[lang="ja"]').waitFor();
    expect(await page.getByTestId("limit").first().innerText()).toMatch(
      /^プレイヤー\s+10〜10,000$/,
    );
    expect((await translatableText(page)).match(LATIN_WORD) ?? []).toEqual([]);
    await screenshots(page, "languages", "table-ja");

    await page.getByTestId("language").selectOption("th");
    await page.locator('html[lang="th"]').waitFor();
    expect(await page.getByTestId("limit").first().innerText()).toMatch(/^ผู้เล่น\s+10–10,000$/);
    await screenshots(page, "languages", "table-th");

    // Remembered: a new visit in the same browser stays Thai though it asks for English.
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === "NEXT_LOCALE")?.value).toBe("th");
    const again = await context.newPage();
    await visit(again, "/");
    expect(await again.locator("html").getAttribute("lang")).toBe("th");
    expect(await again.locator("h1").textContent()).toBe("ล็อบบี้สด");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("numbers are written in the page's language: a limit's thousands are grouped", async () => {
    const context = await browser.newContext({ locale: "ja-JP" });
    const page = await context.newPage();
    await visit(page, "/");
    const card = page.locator('[data-testid="table-card"][data-slug="baccarat-a"]');
    expect(await card.getByTestId("countdown").textContent()).toBe("ベット時間 20秒");
    expect(await card.getByTestId("limit").first().innerText()).toMatch(
      /^プレイヤー\s+10〜10,000$/,
    );
    await context.close();
  });
});
