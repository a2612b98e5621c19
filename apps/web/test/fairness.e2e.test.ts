import type { Db } from "@fuda/db";
import { stackShoeBetweenRounds } from "@fuda/live/testing";
import type { Card } from "@fuda/shoe";
import { formatCard, standardDecks } from "@fuda/shoe";
import { hydrated, until } from "@fuda/testkit";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { FAST_DEALER, screenshots, startPlatform, watchProblems } from "./platform";
import type { Platform } from "./platform";

let platform: Platform | undefined;
let db: Db;

const SLUG = "pok-deng";
/** 28 cards: A♠ turned up burns one more, then two Pok Deng rounds of a burn and twelve cards. */
const STACK: Card[] = [...standardDecks(1)].slice(0, 28);
let shoeId: string;

const setStatus = (status: "OPEN" | "PAUSED", where: { slug?: string } = {}) =>
  db.table.updateMany({ where, data: { status } });

beforeAll(async () => {
  platform = await startPlatform(FAST_DEALER);
  db = platform.database.db;
  // Only the stacked table deals: every table pauses (a pause takes effect between rounds), then
  // Pok Deng gets a 28-card shoe, whose cut card lies before its last card: two rounds end it.
  await setStatus("PAUSED");
  await until(
    "no round in play",
    async () =>
      (await db.round.count({ where: { phase: { in: ["betting", "dealing"] } } })) === 0
        ? true
        : undefined,
    180_000,
  );
  ({ shoeId } = await stackShoeBetweenRounds(db, SLUG, STACK));
  await setStatus("OPEN", { slug: SLUG });
  await until(
    "the stacked shoe to end",
    async () =>
      (await db.shoe.findUniqueOrThrow({ where: { id: shoeId } })).endedAt === null
        ? undefined
        : true,
    180_000,
  );
  await setStatus("PAUSED", { slug: SLUG });
  // Both rounds dealt to the end (a round cancelled for a missed window would show burns only).
  const rounds = await db.round.findMany({ where: { shoeId }, orderBy: { number: "asc" } });
  expect(rounds.map(({ number, phase }) => [number, phase])).toEqual([
    [1, "settled"],
    [2, "settled"],
  ]);
});

afterAll(async () => {
  await platform?.stop();
});

/** The check's rows: the opening burn (round 0) and each round, with pass/fail. */
const roundResults = (page: Page) =>
  page
    .getByTestId("fairness-round")
    .evaluateAll((rows) =>
      rows.map((row) => [Number(row.getAttribute("data-round")), row.getAttribute("data-ok")]),
    );

describe("the fairness page", () => {
  it("verifies a finished shoe in the browser and its rounds, and fails a reveal with one card changed", async () => {
    const context = await platform!.browser.newContext({ locale: "en-US" });
    const problems = watchProblems(context);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(platform!.app.url);
    await hydrated(page);
    // Linked from every page's header.
    await page.getByTestId("fairness-link").click();
    await page.getByTestId("fairness-page").waitFor();
    // A choice made before hydration would reach no handler (a loaded machine hydrates late).
    await hydrated(page);

    // The keyboard picks the table: focus the select, choose Pok Deng.
    const select = page.getByTestId("fairness-table");
    await select.focus();
    await select.selectOption(SLUG);
    const shoe = page.locator(`[data-testid="fairness-shoe"][data-shoe="${shoeId}"]`);
    await expect.poll(() => shoe.getAttribute("data-ended")).toBe("true");
    await shoe.focus();
    await page.keyboard.press("Enter");

    const report = page.locator(`[data-testid="fairness-report"][data-shoe="${shoeId}"]`);
    await report.waitFor();
    const verdict = page.getByTestId("fairness-verdict");
    await expect.poll(() => verdict.getAttribute("data-ok")).toBe("true");
    const stored = await db.shoe.findUniqueOrThrow({ where: { id: shoeId } });
    expect(await page.getByTestId("fairness-commitment").textContent()).toBe(stored.commitment);
    expect(await verdict.textContent()).toContain("3 of 3 checks pass");
    expect(await roundResults(page)).toEqual([
      [0, "true"],
      [1, "true"],
      [2, "true"],
    ]);
    // The revealed order, in dealing order.
    expect(await page.getByTestId("fairness-order").locator("li").allTextContents()).toEqual(
      STACK.map(formatCard),
    );
    await screenshots(page, "fairness", "verified");

    // One card changed: round 1's first card shown (Player 1's, shoe card 3) becomes another.
    await page.getByTestId("fairness-edit").focus();
    await page.keyboard.press("Enter");
    const cards = page.getByTestId("fairness-cards");
    const hex = await cards.inputValue();
    const changed = STACK[3] === 0x0a ? "0b" : "0a";
    await cards.fill(`${hex.slice(0, 6)}${changed}${hex.slice(8)}`);
    await page.getByTestId("fairness-recheck").click();
    await expect.poll(() => verdict.getAttribute("data-ok")).toBe("false");
    expect(await verdict.textContent()).toContain("not to the commitment");
    expect(await verdict.textContent()).toContain("2 of 3 checks pass");
    expect(await roundResults(page)).toEqual([
      [0, "true"],
      [1, "false"],
      [2, "true"],
    ]);
    expect(await page.getByTestId("fairness-round-problem").textContent()).toBe(
      `Card 3 was shown as ${formatCard(STACK[3]!)}; the revealed order has ${formatCard(parseInt(changed, 16))} there.`,
    );
    await screenshots(page, "fairness", "tampered");

    // Restoring the published reveal passes again.
    await page.getByTestId("fairness-restore").click();
    await expect.poll(() => verdict.getAttribute("data-ok")).toBe("true");

    expect(problems).toEqual([]);
    await context.close();
  }, 90_000); // Two page loads and the check in the browser: more than 30 s on a loaded machine.

  it("opens a pasted shoe id, and says so when a shoe is still in play", async () => {
    const context = await platform!.browser.newContext({ locale: "ja-JP" });
    const problems = watchProblems(context);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(`${platform!.app.url}/fairness`);
    await hydrated(page);
    await page.getByTestId("fairness-paste").fill(shoeId);
    await page.keyboard.press("Enter");
    const verdict = page.getByTestId("fairness-verdict");
    await expect.poll(() => verdict.getAttribute("data-ok")).toBe("true");
    expect(page.url()).toContain(`/fairness?shoe=${shoeId}`);
    await screenshots(page, "fairness", "verified-ja");

    // The shoe that followed the stacked one (or a new one, if the pause came first) is in play.
    const inPlay = await db.shoe.findFirst({ where: { table: { slug: SLUG }, endedAt: null } });
    const openId = inPlay?.id ?? (await stackShoeBetweenRounds(db, SLUG, STACK)).shoeId;
    await page.goto(`${platform!.app.url}/fairness?shoe=${openId}`);
    await hydrated(page);
    await page.getByTestId("fairness-not-ended").waitFor();
    expect(await page.getByTestId("fairness-verdict").count()).toBe(0);

    expect(problems).toEqual([]);
    await context.close();
  });
});
