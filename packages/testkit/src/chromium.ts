import { existsSync } from "node:fs";

import { chromium } from "playwright-core";
import type { Browser, Page } from "playwright-core";

const executablePath = "/usr/bin/chromium";

/**
 * Debian's Chromium driven by playwright-core (never a downloaded browser). The flags keep it
 * off the network, which is closed here: without them it retries Google's hosts at every start.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(executablePath)) {
    throw new Error(
      `${executablePath} is missing: install it with \`apt-get install -y chromium\``,
    );
  }
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/**
 * Waits until the page's React listens (`HydrationMark` in the root layouts): what a test does
 * before that would reach no handler. After every `goto` or `reload` that an action follows.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}
