import { hydrated } from "@fuda/testkit";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { MISSING_MARK } from "../src/i18n/missing";
import {
  callAsPlayer,
  FAST_DEALER,
  LATIN_WORD,
  playAsGuest,
  playLiveRound,
  screenshots,
  platformForFile,
  translatableText,
  watchProblems,
  WELCOME,
} from "./platform";

const platform = platformForFile(FAST_DEALER);

interface Round {
  roundId: string;
  phase: string;
  cards: { position: string; card: number; label: string }[];
  bets: { bet: string; stake: number; reserved: number; status: string; returned: number | null }[];
  balanceBefore: number | null;
  balanceAfter: number | null;
}
interface Entry {
  kind: string;
  amount: number;
  balanceBefore: number;
  balanceAfter: number;
  roundId: string | null;
}

/** A Tie bet of `points` at baccarat-a, settled (see `playLiveRound`). */
const playTie = (context: BrowserContext, points: number): Promise<Round> =>
  playLiveRound<Round>(platform(), context, "baccarat-a", [{ bet: "tie", amount: points * 100 }]);

const dataOf = (page: Page, selector: string, attribute: string) =>
  page
    .locator(selector)
    .evaluateAll((nodes, name) => nodes.map((node) => node.getAttribute(name)), attribute);

describe("history", () => {
  it("a guest who played two rounds finds them in their rounds (a page at a time), the recall with every field, and the wallet's entries with the right amounts", async () => {
    const context = await platform().browser.newContext({ locale: "en-US" });
    const problems = watchProblems(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await playAsGuest(platform(), page);

    const first = await playTie(context, 10);
    const second = await playTie(context, 20);
    const { balance } = await callAsPlayer<{ balance: number }>(
      platform(),
      context,
      "wallet.balance",
    );

    // Rounds, newest first, one per page: "more" brings the older one, then there is no more.
    await page.goto(`${platform().app.url}/`);
    await hydrated(page);
    await page.getByTestId("account-menu").click();
    await page.getByTestId("history-link").click();
    await page.waitForURL(`${platform().app.url}/history`);
    await page.goto(`${platform().app.url}/history?limit=1`);
    await hydrated(page);
    const rows = page.getByTestId("history-round");
    expect(await dataOf(page, '[data-testid="history-round"]', "data-round-id")).toEqual([
      second.roundId,
    ]);
    await page.getByTestId("history-more").click();
    await rows.nth(1).waitFor();
    expect(await dataOf(page, '[data-testid="history-round"]', "data-round-id")).toEqual([
      second.roundId,
      first.roundId,
    ]);
    expect(await page.getByTestId("history-more").count()).toBe(0);
    for (const [index, round] of [second, first].entries()) {
      const row = rows.nth(index);
      expect(await row.getAttribute("data-staked")).toBe(String(round.bets[0]!.stake));
      expect(await row.getAttribute("data-returned")).toBe(String(round.bets[0]!.returned));
    }
    // 10 points on a Tie: lost (−10) or paid 8:1 (+80).
    expect(["Net −10", "Net +80"]).toContain(
      (await rows.nth(1).getByTestId("history-net").textContent())?.replace("-", "−"),
    );
    await rows.nth(1).locator("summary").click();
    await screenshots(page, "history", "rounds");

    // The recall: both rounds open, every field the API gives.
    await page.getByTestId("history-tab-recall").click();
    await page.waitForURL(`${platform().app.url}/history/recall`);
    const recalled = page.getByTestId("history-round");
    expect(await recalled.count()).toBe(2);
    for (const [index, round] of [second, first].entries()) {
      const shown = recalled.nth(index);
      expect(await shown.getAttribute("open")).toBe("");
      expect(await shown.getAttribute("data-round-id")).toBe(round.roundId);
      // Each card where it was dealt (the page groups them by hand).
      const cards = await page
        .locator(`[data-round-id="${round.roundId}"] [data-card]`)
        .evaluateAll((nodes) =>
          nodes.map(
            (node) => `${node.getAttribute("data-position")} ${node.getAttribute("data-card")}`,
          ),
        );
      expect(cards.sort()).toEqual(
        round.cards.map(({ position, card }) => `${position} ${card}`).sort(),
      );
      expect(cards.length).toBeGreaterThanOrEqual(4);
      const bet = shown.getByTestId("history-bet");
      expect(await bet.getAttribute("data-bet")).toBe("tie");
      expect(await bet.getAttribute("data-stake")).toBe(String(round.bets[0]!.stake));
      expect(await bet.getAttribute("data-reserved")).toBe(String(round.bets[0]!.reserved));
      expect(await bet.getAttribute("data-returned")).toBe(String(round.bets[0]!.returned));
      expect(await bet.getAttribute("data-status")).toBe("settled");
      expect(await shown.getByTestId("history-balance-before").getAttribute("data-balance")).toBe(
        String(round.balanceBefore),
      );
      expect(await shown.getByTestId("history-balance-after").getAttribute("data-balance")).toBe(
        String(round.balanceAfter),
      );
      expect(await shown.getByTestId("history-outcome").textContent()).toMatch(
        /^(Player|Banker|Tie) · Player \d · Banker \d$/,
      );
    }
    expect(first.balanceBefore).toBe(WELCOME);
    expect(second.balanceAfter).toBe(balance);
    await screenshots(page, "history", "recall");

    // The wallet: the grant, then per round the stake reserved and the return settled.
    const { entries } = await callAsPlayer<{ entries: Entry[] }>(
      platform(),
      context,
      "wallet.history",
      { limit: 50 },
    );
    await page.goto(`${platform().app.url}/history/wallet?limit=2`);
    await hydrated(page);
    while ((await page.getByTestId("history-more").count()) > 0) {
      const before = await page.getByTestId("wallet-entry").count();
      await page.getByTestId("history-more").click();
      await page.getByTestId("wallet-entry").nth(before).waitFor();
    }
    const shownEntries = await page.getByTestId("wallet-entry").evaluateAll((nodes) =>
      nodes.map((node) => ({
        kind: node.getAttribute("data-kind"),
        amount: Number(node.getAttribute("data-amount")),
        balanceAfter: Number(node.getAttribute("data-balance-after")),
        roundId:
          node.getAttribute("data-round-id") === "" ? null : node.getAttribute("data-round-id"),
      })),
    );
    expect(shownEntries).toEqual(
      entries.map(({ kind, amount, balanceAfter, roundId }) => ({
        kind,
        amount,
        balanceAfter,
        roundId,
      })),
    );
    expect(shownEntries.at(-1)).toEqual({
      kind: "grant",
      amount: WELCOME,
      balanceAfter: WELCOME,
      roundId: null,
    });
    for (const round of [first, second]) {
      const own = shownEntries.filter((entry) => entry.roundId === round.roundId);
      expect(own.find((entry) => entry.kind === "reserve")?.amount).toBe(-round.bets[0]!.reserved);
      expect(own.reduce((sum, entry) => sum + entry.amount, 0)).toBe(
        round.bets[0]!.returned! - round.bets[0]!.stake,
      );
    }
    expect(shownEntries[0]!.balanceAfter).toBe(balance);
    // A laptop's width holds every column (long ids wrap) with no sideways scroll; on a phone
    // each entry is a card, and the page still fits.
    await page.setViewportSize({ width: 1280, height: 900 });
    expect(
      await page.getByTestId("wallet-entries").evaluate((table) => ({
        table: table.parentElement!.scrollWidth <= table.parentElement!.clientWidth,
        page: document.documentElement.scrollWidth <= window.innerWidth,
      })),
    ).toEqual({ table: true, page: true });
    await page.setViewportSize({ width: 375, height: 812 });
    expect(
      await page
        .getByTestId("wallet-entry")
        .first()
        .evaluate((row) => ({
          card: getComputedStyle(row).display,
          page: document.documentElement.scrollWidth <= window.innerWidth,
        })),
    ).toEqual({ card: "block", page: true });
    await screenshots(page, "history", "wallet");

    // The same pages in Japanese and Thai: no key untranslated, no English left.
    for (const locale of ["ja", "th"]) {
      await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: platform().app.url }]);
      for (const path of ["/history", "/history/recall", "/history/wallet"]) {
        await page.goto(`${platform().app.url}${path}`);
        await hydrated(page);
        expect(await page.locator("html").getAttribute("lang"), path).toBe(locale);
        await page
          .getByTestId(path.endsWith("wallet") ? "wallet-entry" : "history-round")
          .first()
          .waitFor();
        const text = await translatableText(page);
        expect(text, `${locale} ${path}`).not.toContain(MISSING_MARK);
        expect(text.match(LATIN_WORD) ?? [], `${locale} ${path}`).toEqual([]);
      }
      await screenshots(page, "history", `wallet-${locale}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000); // Two whole rounds at the fast dealer, then six pages: slow on a loaded machine.

  it("a visitor who is not signed in is told how to get a history", async () => {
    const context = await platform().browser.newContext({ locale: "en-US" });
    const problems = watchProblems(context);
    const page = await context.newPage();
    for (const path of ["/history", "/history/recall", "/history/wallet"]) {
      const response = await page.goto(`${platform().app.url}${path}`);
      expect(response?.status(), path).toBe(200);
      expect(await page.getByTestId("history-sign-in").textContent(), path).toBe(
        "Play as a guest or sign in to see your history.",
      );
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
