/**
 * Every page on a phone held upright and on its side (issue 41, Phones first): no sideways
 * scrolling, and every control a thumb taps at least 44 × 44 CSS px (WCAG 2.5.5's target size,
 * Apple's and Material's minimum), signed in as a guest with a seat taken at joker blackjack, so
 * the bet controls are all on screen. Screenshots in test-results/phones/.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import type { Page } from "playwright-core";
import { expect, it } from "vitest";

import { FAST_DEALER, phoneContext, platformForFile, playAsGuest, watchProblems } from "./platform";

const platform = platformForFile(FAST_DEALER);

/** The smallest control a thumb is asked to hit, in CSS px. */
const TOUCH_PX = 44;

const VIEWPORTS = [
  { name: "390x844", width: 390, height: 844 },
  { name: "360x800", width: 360, height: 800 },
  { name: "844x390", width: 844, height: 390 },
  // A touch laptop: the same checks, and the screenshots beside the phones'.
  { name: "1366x900", width: 1366, height: 900 },
] as const;

const PAGES = [
  ["lobby", "/"],
  ["baccarat", "/tables/baccarat-a"],
  ["multi", "/multi"],
  ["pok-deng", "/tables/pok-deng"],
  ["joker-blackjack", "/tables/joker-blackjack"],
  ["quick", "/quick"],
  ["history", "/history"],
  ["account", "/account"],
  ["sign-in", "/sign-in"],
  ["fairness", "/fairness"],
] as const;

interface Small {
  what: string;
  width: number;
  height: number;
}

/**
 * The page's controls smaller than TOUCH_PX either way. A link inside a sentence is exempt, as
 * WCAG exempts inline targets; so is anything not shown, and the browser's own video controls.
 */
const smallControls = (page: Page, touchPx: number): Promise<Small[]> =>
  page.evaluate((minimum) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input:not([type="hidden"]), select, summary, [role="button"], [role="tab"], [role="radio"], [tabindex="0"]',
    );
    const small: Small[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(control);
      if (style.visibility === "hidden") continue;
      if (control.tagName === "A" && style.display === "inline") {
        const block = control.parentElement;
        if (block !== null && block.textContent.trim() !== control.textContent.trim()) {
          continue;
        }
      }
      // The control's target: the element; the label wrapping an input; the card a stretched
      // link covers with its ::after (a lobby card opens its table).
      const label = control.closest("label");
      const stretched = getComputedStyle(control, "::after").position === "absolute";
      const target =
        label !== null
          ? label.getBoundingClientRect()
          : stretched && control.offsetParent !== null
            ? control.offsetParent.getBoundingClientRect()
            : box;
      if (target.width + 0.5 < minimum || target.height + 0.5 < minimum) {
        const name =
          control.getAttribute("aria-label") ??
          control.getAttribute("data-testid") ??
          control.textContent.trim().slice(0, 30);
        small.push({
          what: `${control.tagName.toLowerCase()} "${name}"`,
          width: Math.round(target.width),
          height: Math.round(target.height),
        });
      }
    }
    return small;
  }, touchPx);

const ARTIFACTS = join(import.meta.dirname, "..", "test-results", "phones");

it("every page fits a phone upright and on its side, and every control is at least 44 px", async () => {
  const { app } = platform();
  mkdirSync(ARTIFACTS, { recursive: true });
  const context = await phoneContext(platform());
  const problems = watchProblems(context);
  const page = await context.newPage();
  await page.goto(app.url);
  await playAsGuest(platform(), page);
  // A seat taken: the joker blackjack page shows its chips and bet controls.
  await page.goto(`${app.url}/tables/joker-blackjack`);
  await page.locator('[data-testid="sit"][data-seat="1"]').tap();
  await page.getByTestId("chips").waitFor();

  const found: Record<string, unknown> = {};
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const [name, path] of PAGES) {
      await page.goto(`${app.url}${path}`);
      await page.locator("main, [data-testid]").first().waitFor();
      await page.locator('[data-testid="account"]').waitFor();
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      if (wide > viewport.width) found[`${viewport.name} ${name}: scrolls sideways`] = wide;
      const small = await smallControls(page, TOUCH_PX);
      if (small.length > 0) found[`${viewport.name} ${name}`] = small;
      await page.screenshot({ path: join(ARTIFACTS, `${name}-${viewport.name}.png`) });
    }
  }
  if (process.env.PHONES_REPORT) writeFileSync(process.env.PHONES_REPORT, JSON.stringify(found));
  expect(found).toEqual({});
  expect(problems).toEqual([]);
  await context.close();
}, 300_000);
