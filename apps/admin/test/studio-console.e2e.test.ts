/**
 * The studio console in Chromium (issue 35, Acceptance; docs/studio.md): the demo dealer signs
 * in to the portal, opens a studio baccarat table's console, enters a new shoe's first card and
 * opens betting; a player bets 100 points on Banker; the dealer types a round that needs a Banker
 * third card, partly from the keyboard and partly through the card-reader field, where a scan
 * that is no card says "rescan" and an impossible card is refused, changing nothing. The round
 * settles as the rule book pays it. Screenshots of the console go to test-results/studio.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { TestDatabase } from "@fuda/db/testing";
import { hydrated, repoRoot } from "@fuda/testkit";
import type { NextStack } from "@fuda/testkit";
import type { Page } from "playwright-core";

import { signInPortal, startSeededPortal } from "./portal-stack";

const SLUG = "baccarat-a";
const SHOTS = join(repoRoot(), "apps/admin/test-results/studio");

let database: TestDatabase;
let stack: NextStack;
let page: Page;

beforeAll(async () => {
  ({ database, stack } = await startSeededPortal());
  page = stack.page;
  page.setDefaultTimeout(30_000);
  await database.db.table.updateMany({
    where: { slug: { not: SLUG } },
    data: { status: "PAUSED" },
  });
  await database.db.table.update({ where: { slug: SLUG }, data: { dealing: "studio" } });
}, 240_000);
afterAll(async () => {
  await stack.stop();
  await database.drop();
});

async function shot(name: string): Promise<string> {
  mkdirSync(SHOTS, { recursive: true });
  const path = join(SHOTS, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** A guest on the game API betting as the web app would (its origin is trusted). */
async function guestBet(roundId: string, bet: string, amount: number): Promise<Response> {
  const headers = { "content-type": "application/json", origin: stack.app.url };
  const signedIn = await fetch(`${stack.gameApi.url}/api/auth/sign-in/anonymous`, {
    method: "POST",
    headers,
    body: "{}",
  });
  const cookie = signedIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return fetch(`${stack.gameApi.url}/trpc/bets.place`, {
    method: "POST",
    headers: { ...headers, cookie },
    body: JSON.stringify({ roundId, requestId: crypto.randomUUID(), bets: [{ bet, amount }] }),
  });
}

const headline = () => page.getByTestId("studio-next").textContent();

/** Types a card as a dealer does at the console: the rank key, then the suit key. */
async function typeCard(code: string): Promise<void> {
  await page.keyboard.press(code[0]!);
  await page.keyboard.press(code[1]!);
}

/** A card-reader scan: the code and Enter into the focused field. */
async function scan(code: string): Promise<void> {
  await page.getByTestId("card-reader").fill(code);
  await page.getByTestId("card-reader").press("Enter");
}

describe("the studio console", () => {
  it("a dealer deals a baccarat round from the keyboard and the card reader; the engine refuses what it cannot take", async () => {
    await signInPortal(page, stack.app.url, "dealer");
    await page.waitForURL(/\/studio$/);
    await page
      .getByTestId("studio-tables")
      .getByRole("link", { name: /Baccarat A/ })
      .click();
    await page.waitForURL(/\/studio\/baccarat-a$/);
    await hydrated(page);
    // The automatic dealer finishes its round and ends its shoe; then the console has the table.
    await page
      .locator('[data-testid="studio-console"][data-next="firstCard"]')
      .waitFor({ timeout: 60_000 });
    await shot("first-card");

    await typeCard("5C");
    await page.locator('[data-testid="studio-console"][data-next="open"]').waitFor();
    await page.getByRole("button", { name: "Open betting" }).click();
    await page.locator('[data-testid="studio-console"][data-next="close"]').waitFor();
    const round = await database.db.round.findFirstOrThrow({
      where: { table: { slug: SLUG }, phase: "betting" },
    });
    expect((await guestBet(round.id, "banker", 10_000)).status).toBe(200);
    await page.getByRole("button", { name: "No more bets" }).click();
    await page.locator('[data-testid="studio-console"][data-next="card"]').waitFor();
    expect(await headline()).toMatch(/Player 1st card/);

    await typeCard("2S");
    await page
      .getByText(/Banker 1st card/)
      .first()
      .waitFor();
    await typeCard("4D");
    await page
      .getByText(/Player 2nd card/)
      .first()
      .waitFor();
    await scan("3H");
    await page
      .getByText(/Banker 2nd card/)
      .first()
      .waitFor();
    await scan("KC");
    await page
      .getByText(/Player 3rd card/)
      .first()
      .waitFor();

    // A scan that is no card, and a card the shoe cannot hold: said, and nothing changes.
    await scan("?S");
    await page
      .getByTestId("studio-problem")
      .getByText(/rescan/i)
      .first()
      .waitFor();
    await scan("JK");
    await page
      .getByTestId("studio-problem")
      .getByText(/no joker/)
      .first()
      .waitFor();
    const dealt = await database.db.round.findUniqueOrThrow({ where: { id: round.id } });
    expect(dealt.cards).toHaveLength(4);
    expect(await headline()).toMatch(/Player 3rd card/);

    // Esc leaves the reader field: the page's keys enter cards again.
    await page.getByTestId("card-reader").press("Escape");
    await typeCard("7S");
    await page
      .getByText(/Banker 3rd card/)
      .first()
      .waitFor();
    // docs/studio/console.png is this shot.
    await shot("console");
    await scan("5H");
    await page
      .getByText(/Banker wins/)
      .first()
      .waitFor();
    await shot("result");

    const settled = await database.db.round.findUniqueOrThrow({ where: { id: round.id } });
    expect(settled.phase).toBe("settled");
    expect(settled.outcome).toMatchObject({ winner: "banker" });
    const [bet] = await database.db.bet.findMany({ where: { roundId: round.id } });
    // Banker pays 0.95 to 1: 100 points back and 95 won.
    expect(Number(bet!.returned)).toBe(19_500);
    const log = await database.db.studioAction.findMany({ where: { roundId: round.id } });
    expect(new Set(log.map((entry) => entry.dealerId)).size).toBe(1);

    // At phone size the console still reads.
    await page.setViewportSize({ width: 375, height: 812 });
    await shot("console-375");
  }, 180_000);
});
