/**
 * axe-core on every players' page, in each language (issue 41, Accessible): no serious or critical
 * violation of WCAG 2.1 A and AA, signed in as a guest seated at joker blackjack so that the bet
 * controls are on the page, on a laptop and on a phone.
 */
import { writeFileSync } from "node:fs";

import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";

import { FAST_DEALER, platformForFile, playAsGuest } from "./platform";

const platform = platformForFile(FAST_DEALER);

const PAGES = [
  "/",
  "/tables/baccarat-a",
  "/multi",
  "/tables/pok-deng",
  "/tables/joker-blackjack",
  "/quick",
  "/history",
  "/account",
  "/sign-in",
  "/fairness",
] as const;

const LOCALES = ["en", "ja", "th"] as const;

/** axe's serious and critical violations of WCAG 2.1 A and AA on the page as it is now. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
}

it("every page in every language: no serious or critical axe violation, on a laptop and a phone", async () => {
  const { browser, app } = platform();
  const found: Record<string, string[]> = {};
  const context = await browser.newContext({ locale: "en-US" });
  const page = await context.newPage();
  await playAsGuest(platform(), page);
  await page.goto(`${app.url}/tables/joker-blackjack`);
  await page.locator('[data-testid="sit"][data-seat="1"]').click();
  await page.getByTestId("chips").waitFor();
  for (const locale of LOCALES) {
    // The language the pages are in: the header's switch remembers it in this cookie.
    await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: app.url }]);
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      for (const path of PAGES) {
        await page.goto(`${app.url}${path}`);
        await page.locator('[data-testid="account"]').waitFor();
        // A violation seen twice a second apart: axe measures colours as painted, and a banner
        // fading in or a card turning is caught half way (a real one is there both times).
        let serious = await seriousViolations(page);
        if (serious.length > 0) {
          await page.waitForTimeout(1_000);
          const again = new Set((await seriousViolations(page)).map((violation) => violation.id));
          serious = serious.filter((violation) => again.has(violation.id));
        }
        if (serious.length > 0) {
          found[`${locale} ${viewport.width} ${path}`] = serious.map(
            (violation) =>
              `${violation.id}: ${violation.nodes
                .slice(0, 3)
                .map((node) => node.target.join(" "))
                .join(", ")}`,
          );
        }
      }
    }
  }
  await context.close();
  if (process.env.AXE_REPORT) {
    writeFileSync(process.env.AXE_REPORT, JSON.stringify(found, null, 1));
  }
  expect(found, JSON.stringify(found, null, 1)).toEqual({});
}, 600_000);
