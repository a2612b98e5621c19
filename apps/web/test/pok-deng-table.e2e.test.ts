import { hydrated } from "@fuda/testkit";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import {
  callAsPlayer,
  FAST_DEALER,
  playAsGuest,
  screenshots,
  platformForFile,
  watchProblems,
  WELCOME,
} from "./platform";

// Room for a loaded machine: a betting window long enough to draft, check and screenshot the slip
// before confirming (a confirm after the close is refused), and a result that stays on the table
// while the test reads it and asks the API (the next round clears the hands).
const platform = platformForFile({
  ...FAST_DEALER,
  BETTING_WINDOW_MS: "8000",
  RESULT_PAUSE_MS: "5000",
});

// The smallest chip at the seeded Pok Deng table: its minimum stake, 10 points.
declare global {
  interface Window {
    /** The order the page revealed its cards in, recorded by the test. */
    reveals?: string[];
  }
}

const CHIP = 1_000;
// docs/rules/pok-deng.md, Shoe and deal: Player 1 … 5, then the Banker, two cards each.
const REVEAL_ORDER = ["seat-1", "seat-2", "seat-3", "seat-4", "seat-5", "banker"].flatMap(
  (hand) => [`${hand}-1`, `${hand}-2`],
);

const headerBalance = async (page: Page) =>
  Number(await page.getByTestId("balance").getAttribute("data-balance"));

/** Records the positions of the cards as they turn face up, in the order they do. */
async function recordReveals(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    window.reveals = seen;
    new MutationObserver(() => {
      document.querySelectorAll("[data-card][data-position]").forEach((card) => {
        const position = card.getAttribute("data-position")!;
        if (!seen.includes(position)) seen.push(position);
      });
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

/** Waits for a round's betting to open with time to bet in it (the dealer's window is 8 s). */
async function freshRound(page: Page): Promise<string> {
  await page.locator('[data-testid="pok-deng-table"]:not([data-phase="betting"])').waitFor();
  await page.locator('[data-testid="pok-deng-table"][data-phase="betting"]').waitFor();
  await recordReveals(page);
  return (await page.getByTestId("pok-deng-table").getAttribute("data-round-id"))!;
}

describe("Pok Deng table", () => {
  it("a guest bets on Player 1 and Player 1 Pair, sees the deposit reserved before confirming, the cards in the rule book's order with their names, and the deposit returned with the result", async () => {
    const context = await platform().browser.newContext({ locale: "en-US" });
    const problems = watchProblems(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await playAsGuest(platform(), page);
    await page.goto(`${platform().app.url}/tables/pok-deng`);
    await hydrated(page);

    let balance = WELCOME;
    // A round lost 2:1 keeps the deposit (docs/rules/pok-deng.md); one in five does: play until
    // one returns it.
    for (let played = 0; ; played++) {
      expect(played, "rounds without a deposit returned").toBeLessThan(5);
      const roundId = await freshRound(page);
      const roadBefore = Number(
        await page.getByTestId("seat-road").first().getAttribute("data-marks"),
      );
      await page.locator(`[data-testid="chip"][data-value="${CHIP}"]`).click();
      await page.locator('[data-testid="spot"][data-bet="seat"][data-seat="1"]').click();
      await page.locator('[data-testid="spot"][data-bet="seatPair"][data-seat="1"]').click();
      // Before confirming: stakes 20 points, plus the Player bet's deposit of 10.
      const reserve = page.getByTestId("reserve");
      expect(await reserve.getAttribute("data-reserved")).toBe(String(3 * CHIP));
      expect(await reserve.getAttribute("data-deposit")).toBe(String(CHIP));
      expect(await reserve.textContent()).toBe(
        "Confirming reserves 30: stakes 20 plus deposit 10.",
      );
      if (played === 0) await screenshots(page, "pok-deng", "bets-drafted");
      await page.getByTestId("confirm").click();
      await page.locator(`[data-testid="held"][data-reserved="${3 * CHIP}"]`).waitFor();
      expect(await headerBalance(page)).toBe(balance - 3 * CHIP);

      const own = page.locator('[data-testid="seat"][data-seat="1"] [data-testid="own-result"]');
      await own.waitFor();
      const returned = Number(await own.getAttribute("data-returned"));
      const deposit = await own.getAttribute("data-deposit");
      const ownText = await own.textContent();
      // What the seat did to the wallet, first: the return less all three chips reserved (a 1:1
      // loss returns the deposit alone, and that is a loss of the stake).
      const net = returned - 3 * CHIP;
      expect(Number(await own.getAttribute("data-net"))).toBe(net);
      expect(ownText).toMatch(
        net > 0
          ? new RegExp(`^You won ${net / 100} points · `)
          : net < 0
            ? new RegExp(`^You lost ${-net / 100} points · `)
            : /^Your \d+ points came back · /,
      );
      if (deposit === "returned") await screenshots(page, "pok-deng", "deposit-returned");

      expect(await page.evaluate(() => window.reveals)).toEqual(REVEAL_ORDER);
      // Every hand named, every seat's result shown, each seat's road one mark longer.
      for (const label of await page.getByTestId("hand-label").allTextContents()) {
        expect(label).toMatch(/^(Pok [89]|\d points?|7\.[1-5] · .+)(Pair ×2|Flush ×2|×2)?$/);
      }
      await page.locator('[data-testid="seat-result"]').nth(4).waitFor();
      expect(await page.getByTestId("seat-result").count()).toBe(5);
      await page
        .locator(`[data-testid="seat-road"][data-marks="${roadBefore + 1}"]`)
        .first()
        .waitFor();

      // The API's word on the round and the wallet, and the header's.
      const { rounds } = await callAsPlayer<{
        rounds: { roundId: string; bets: { bet: string; returned: number | null }[] }[];
      }>(platform(), context, "history.recall");
      const recalled = rounds.find((round) => round.roundId === roundId)!;
      expect(recalled.bets.reduce((sum, bet) => sum + bet.returned!, 0)).toBe(returned);
      const seatBet = recalled.bets.find((bet) => bet.bet === "seat")!;
      expect(deposit).toBe(seatBet.returned! > 0 ? "returned" : "lost");
      const { balance: after } = await callAsPlayer<{ balance: number }>(
        platform(),
        context,
        "wallet.balance",
      );
      expect(after).toBe(balance - 3 * CHIP + returned);
      await page.waitForFunction(
        (expected) =>
          document.querySelector('[data-testid="balance"]')?.getAttribute("data-balance") ===
          String(expected),
        after,
      );
      balance = after;
      if (deposit === "returned") {
        expect(ownText).toMatch(/deposit 10 returned$/);
        break;
      }
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000); // Up to five rounds at the fast dealer (one in five keeps the deposit).
});
