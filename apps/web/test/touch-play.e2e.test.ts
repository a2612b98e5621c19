/**
 * A player on a phone plays by touch alone (issue 41, Phones first): a baccarat round, then a
 * joker blackjack hand, each tap a touch event on a 390×844 screen held upright.
 */
import { hydrated } from "@fuda/testkit";
import { baccarat } from "@fuda/rules";
import type { Page } from "playwright-core";
import { expect, it } from "vitest";

import {
  attributeWhenShown,
  callAsPlayer,
  FAST_DEALER,
  phoneContext,
  platformForFile,
  playAsGuest,
  screenshots,
  WELCOME,
  watchProblems,
} from "./platform";

// Results shown for 3 s: long enough to read a hand's result before the next round.
const platform = platformForFile({
  ...FAST_DEALER,
  BETTING_WINDOW_MS: "6000",
  RESULT_PAUSE_MS: "3000",
});

/** Waits for the table page's round to take bets with `seconds` or more left; its id. */
async function bettingRound(page: Page, seconds: number): Promise<string> {
  await page.waitForFunction(
    (least) =>
      document.querySelector('[data-testid="phase"]')?.getAttribute("data-phase") === "betting" &&
      Number(
        document.querySelector('[data-testid="countdown"]')?.getAttribute("data-seconds") ?? -1,
      ) >= least,
    seconds,
    { polling: 100, timeout: 60_000 },
  );
  return (await page.getByTestId("table-page").getAttribute("data-round"))!;
}

it("a guest on a phone plays a baccarat round and a joker blackjack hand by touch", async () => {
  const { db } = platform().database;
  const context = await phoneContext(platform());
  const problems = watchProblems(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await playAsGuest(platform(), page);
  const url = platform().app.url;

  // Baccarat: a 10-point chip on the Player, by touch, and the result it pays.
  await page.goto(`${url}/tables/baccarat-a`);
  await hydrated(page);
  await page.locator('[data-testid="table-page"][data-connection="live"]').waitFor();
  await page.getByRole("radio", { name: "Chip of 10 points" }).tap();
  const roundId = await bettingRound(page, 2);
  await page.locator('[data-testid="spot"][data-bet="player"]').tap();
  await page.locator('[data-testid="spot"][data-bet="player"][data-stake="1000"]').waitFor();
  const returned = Number(
    await attributeWhenShown(
      page,
      `[data-testid="table-page"][data-round="${roundId}"] [data-testid="own-result"]`,
      "data-returned",
    ),
  );
  await screenshots(page, "touch-play", "baccarat-result");
  const round = await db.round.findUniqueOrThrow({ where: { id: roundId } });
  const paid = baccarat.settleBet(
    "commission",
    { bet: "player", stake: 1_000 },
    baccarat.dealtFrom(round.cards),
  ).returned;
  expect(returned).toBe(paid);
  let balance = WELCOME - 1_000 + paid;
  await page.locator(`[data-testid="balance"][data-balance="${balance}"]`).waitFor();

  // Joker blackjack: sit, stake the seat, and play the hand through to its result.
  await page.goto(`${url}/tables/joker-blackjack`);
  await hydrated(page);
  await page.locator('[data-testid="sit"][data-seat="1"]').tap();
  const seat = page.locator('[data-testid="seat"][data-seat="1"][data-mine="true"]');
  await seat.waitFor();
  const chip = page.getByTestId("chip").first();
  const stake = Number(await chip.getAttribute("data-value"));
  await chip.tap();
  const betting = page.locator('[data-testid="joker-blackjack-table"][data-phase="betting"]');
  await betting.waitFor({ timeout: 60_000 });
  const handRound = (await betting.getAttribute("data-round-id"))!;
  await page.locator('[data-testid="stake"][data-seat="1"]').tap();
  await page.locator(`[data-testid="stake"][data-seat="1"][data-staked="${stake}"]`).waitFor();
  // Each turn of the hand: stand (or decline insurance first), until the hand has its result.
  const result = seat.getByTestId("hand-result").first();
  /** Whether the turn was still on screen with the page scrolled to its end (null: not seen). */
  let turnShownScrolled: boolean | null = null;
  for (const deadline = Date.now() + 90_000; (await result.count()) === 0;) {
    expect(Date.now()).toBeLessThan(deadline);
    const turn = page.locator('[data-testid="turn"][data-seat="1"][data-mine="true"]');
    // A player scrolled down past the seats still sees their turn come up (it stays on screen).
    if (turnShownScrolled === null && (await turn.count()) > 0) {
      turnShownScrolled = await turn
        .evaluate(
          (element) => {
            window.scrollTo(0, document.documentElement.scrollHeight);
            const { top, bottom } = element.getBoundingClientRect();
            return top >= 0 && bottom <= window.innerHeight;
          },
          undefined,
          { timeout: 2_000 },
        )
        .catch(() => null);
      if (turnShownScrolled !== null) expect(turnShownScrolled).toBe(true);
    }
    const choice = turn.locator('[data-action="declineInsurance"], [data-action="stand"]').first();
    // The turn may pass (its timer) between finding the button and the tap.
    if ((await choice.count()) > 0) await choice.tap({ timeout: 2_000 }).catch(() => undefined);
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await screenshots(page, "touch-play", "joker-blackjack-result");
  // The hand's bets as the ledger settled them, and the header's balance after them.
  await expect
    .poll(
      async () => {
        const bets = await db.bet.findMany({ where: { roundId: handRound } });
        return bets.length > 0 && bets.every((bet) => bet.status === "settled");
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const bets = await db.bet.findMany({ where: { roundId: handRound } });
  balance += bets.reduce((sum, bet) => sum + Number(bet.returned) - Number(bet.stake), 0);
  const wallet = await callAsPlayer<{ balance: number }>(platform(), context, "wallet.balance");
  expect(wallet.balance).toBe(balance);
  await page.locator(`[data-testid="balance"][data-balance="${balance}"]`).waitFor();
  expect(problems).toEqual([]);
  await context.close();
}, 240_000);
