import { losingQuickSpots, nextQuickOutcome, storedQuickGame } from "@fuda/live/testing";
import { hydrated } from "@fuda/testkit";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { MISSING_MARK } from "../src/i18n/missing";
import {
  FAST_DEALER,
  LATIN_WORD,
  playLiveRound,
  screenshots,
  platformForFile,
  translatableText,
  watchProblems,
} from "./platform";

const platform = platformForFile(FAST_DEALER);

// docs/rules/quick-baccarat.md: 50 points to start, a 520-card shoe.
declare global {
  interface Window {
    /** The order the page revealed its cards in, recorded by the test. */
    reveals?: string[];
  }
}

const START = 5_000;
const SHOE = 520;

interface QuickView {
  balance: number;
  bets: Record<string, number>;
  phase: "betting" | "dealt";
  handsDealt: number;
  cardsLeft: number;
  lastHand: {
    handId: string;
    cards: { position: string; card: number }[];
    outcome: { winner: string; playerTotal: number; bankerTotal: number };
    settlements: { bet: string; stake: number; returned: number }[];
  } | null;
}

interface Round {
  roundId: string;
  cards: { position: string; card: number }[];
  bets: {
    bet: string;
    seat: number | null;
    stake: number;
    reserved: number;
    status: string;
    returned: number | null;
  }[];
}

/** A quick game step or read straight on the game API, as the context's signed-in player. */
async function quick(context: BrowserContext, step: string, input?: unknown): Promise<QuickView> {
  const cookie = (await context.cookies(platform().app.url))
    .map(({ name, value }) => `${name}=${value}`)
    .join("; ");
  const url = `${platform().gameApi.url}/trpc/quick.${step}`;
  const response =
    step === "state"
      ? await fetch(url, { headers: { cookie } })
      : await fetch(url, {
          method: "POST",
          headers: { cookie, "content-type": "application/json" },
          body: JSON.stringify(input ?? {}),
        });
  const body = (await response.json()) as { result?: { data: QuickView }; error?: unknown };
  if (body.result === undefined) throw new Error(`quick.${step}: ${JSON.stringify(body.error)}`);
  return body.result.data;
}

const stat = async (page: Page, name: string) =>
  Number(await page.locator(`[data-stat="${name}"]`).getAttribute("data-value"));
const spot = (page: Page, bet: string) => page.locator(`[data-testid="spot"][data-bet="${bet}"]`);
/** Records the positions of the cards matching `selector` as they appear, in that order. */
async function recordReveals(page: Page, selector: string): Promise<void> {
  await page.evaluate((cards) => {
    const seen: string[] = [];
    window.reveals = seen;
    new MutationObserver(() => {
      document.querySelectorAll(cards).forEach((card) => {
        const position = card.getAttribute("data-position")!;
        if (!seen.includes(position)) seen.push(position);
      });
    }).observe(document.body, { subtree: true, childList: true });
  }, selector);
}
const revealed = (page: Page) => page.evaluate(() => window.reveals ?? []);

/** Waits until every click sent has been answered. */
const settled = (page: Page) =>
  page.locator('[data-testid="quick-page"][data-busy="false"]').waitFor();

describe("quick game", () => {
  it("a guest bets a point a click within the rules, undoes, deals a hand that comes out card by card, finds it again after a reload, and starts over at 50 once the points are gone", async () => {
    const context = await platform().browser.newContext({ locale: "en-US" });
    const problems = watchProblems(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);

    // From the lobby's link, as a visitor with no session: the page offers to play as a guest.
    await page.goto(platform().app.url);
    await hydrated(page);
    await page.getByTestId("lobby-quick-link").click();
    await page.waitForURL(`${platform().app.url}/quick`);
    await page.getByTestId("quick-play-as-guest").click();
    const game = page.getByTestId("quick-page");
    await game.waitFor();
    expect(await game.getAttribute("data-balance")).toBe(String(START));
    expect(await stat(page, "cardsLeft")).toBe(SHOE);
    // No betting window in the quick game: a dash that says why, never a 0 or NaN.
    const countdown = page.locator('[data-stat="countdown"] [data-testid="no-timer"]');
    expect(await countdown.locator("[aria-hidden]").innerText()).toBe("—");
    expect(await countdown.getAttribute("title")).toBe(
      "No timer: the hand is dealt when you press Deal",
    );
    expect(await page.locator('[data-stat="countdown"] dd').textContent()).not.toMatch(/\d|NaN/);
    for (const step of ["undo", "deal", "next", "startOver"]) {
      expect(await page.getByTestId(`quick-${step}`).isDisabled(), step).toBe(true);
    }

    // Three points on Player, one on Tie: 46 held.
    for (let click = 0; click < 3; click++) await spot(page, "player").click();
    await spot(page, "tie").click();
    await settled(page);
    expect(await spot(page, "player").getAttribute("data-stake")).toBe("300");
    expect(await spot(page, "tie").getAttribute("data-stake")).toBe("100");
    expect(await stat(page, "points")).toBe(START - 400);
    expect(await stat(page, "onSpots")).toBe(400);

    // Banker with Player on: refused in words, nothing changed.
    await spot(page, "banker").click();
    await settled(page);
    expect(await page.getByTestId("banner").textContent()).toBe(
      "Player and Banker cannot both be bet in one hand.",
    );
    expect(await spot(page, "banker").getAttribute("data-stake")).toBe("0");
    expect(await stat(page, "points")).toBe(START - 400);
    // A sixth point on one spot: refused, Player stays at 5.
    for (let click = 0; click < 3; click++) await spot(page, "player").click();
    await settled(page);
    expect(await page.getByTestId("banner").textContent()).toBe(
      "Player already holds 5 points, the most a spot takes.",
    );
    expect(await spot(page, "player").getAttribute("data-stake")).toBe("500");
    expect(await page.getByTestId("announcer").textContent()).toBe(
      "Player already holds 5 points, the most a spot takes.",
    );
    await screenshots(page, "quick-game", "betting");

    // Undo takes back every point of the hand.
    await page.getByTestId("quick-undo").click();
    await settled(page);
    expect(await stat(page, "points")).toBe(START);
    expect(await stat(page, "onSpots")).toBe(0);
    expect(await page.getByTestId("banner").count()).toBe(0);

    // By keyboard: 1 is Player Pair, 3 Tie, 2 Player (twice); D deals.
    await page.locator("body").press("1");
    await page.locator("body").press("3");
    await page.locator("body").press("2");
    await page.locator("body").press("2");
    await settled(page);
    expect(await stat(page, "onSpots")).toBe(400);
    await recordReveals(page, '[data-testid="felt"] [data-card]');
    await page.locator("body").press("d");
    await page
      .locator('[data-testid="quick-page"][data-phase="dealt"][data-revealing="false"]')
      .waitFor();
    const dealt = await quick(context, "state");
    const hand = dealt.lastHand!;
    // The cards came out one by one, in the order they were dealt.
    expect(await revealed(page)).toEqual(hand.cards.map((card) => card.position));
    expect(await page.locator('[data-testid="felt"] [data-card]').count()).toBe(hand.cards.length);
    expect(await page.getByTestId("result").getAttribute("data-winner")).toBe(hand.outcome.winner);
    const returned = hand.settlements.reduce((sum, line) => sum + line.returned, 0);
    expect(await page.getByTestId("own-result").getAttribute("data-returned")).toBe(
      String(returned),
    );
    expect(await stat(page, "points")).toBe(dealt.balance);
    expect(dealt.balance).toBe(START - 400 + returned);
    expect(await stat(page, "cardsLeft")).toBe(SHOE - hand.cards.length);
    expect(await stat(page, "hands")).toBe(1);
    // The result is announced once the last card is out.
    expect(await page.getByTestId("announcer").textContent()).toContain(
      { player: "Player wins", banker: "Banker wins", tie: "Tie at" }[hand.outcome.winner],
    );
    expect(await page.getByTestId("quick-undo").isDisabled()).toBe(true);
    await screenshots(page, "quick-game", "dealt");

    // A reload finds the same hand, settled, all its cards out at once.
    await page.reload();
    await hydrated(page);
    await page.locator('[data-testid="quick-page"][data-phase="dealt"]').waitFor();
    expect(
      await page
        .locator('[data-testid="felt"] [data-card]')
        .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute("data-card")))),
    ).toEqual(
      ["player", "banker"].flatMap((side) =>
        hand.cards.filter((card) => card.position.startsWith(side)).map((card) => card.card),
      ),
    );
    expect(await stat(page, "points")).toBe(dealt.balance);
    expect(await page.getByTestId("result").getAttribute("data-winner")).toBe(hand.outcome.winner);

    // Next clears the spots for a new hand.
    await page.getByTestId("quick-next").click();
    await page.locator('[data-testid="quick-page"][data-phase="betting"]').waitFor();
    expect(await stat(page, "onSpots")).toBe(0);
    expect(await page.getByTestId("felt").locator("[data-card]").count()).toBe(0);
    expect(await page.getByTestId("quick-startOver").isDisabled()).toBe(true);

    // Spend every point through the API, then start over on the page. Each hand bets the spots
    // its cards make lose, read from the stored shoe: a player's luck would take from a few
    // hands to thousands of requests.
    let state = await quick(context, "state");
    const playerId = (
      await platform().database.db.quickHand.findFirstOrThrow({
        where: { id: hand.handId },
      })
    ).playerId;
    for (let hands = 0; state.balance > 0; hands++) {
      expect(hands, "hands to spend 50 points").toBeLessThan(10);
      const outcome = nextQuickOutcome(await storedQuickGame(platform().database.db, playerId));
      for (const spot of losingQuickSpots(outcome)) {
        for (let click = 0; click < 5 && state.balance > 0; click++)
          state = await quick(context, "add", { spot });
      }
      state = await quick(context, "deal");
      if (state.balance > 0) state = await quick(context, "next");
    }
    await page.reload();
    await hydrated(page);
    await game.waitFor();
    expect(await game.getAttribute("data-balance")).toBe("0");
    const startOver = page.getByTestId("quick-startOver");
    expect(await startOver.isDisabled()).toBe(false);
    await screenshots(page, "quick-game", "out-of-points");
    await startOver.focus();
    await page.keyboard.press("Enter");
    await page.locator(`[data-testid="quick-page"][data-balance="${START}"]`).waitFor();
    expect(await stat(page, "points")).toBe(START);
    expect((await quick(context, "state")).balance).toBe(START);

    // The page in Japanese and Thai: no key untranslated, no English left.
    for (const locale of ["ja", "th"]) {
      await context.addCookies([{ name: "NEXT_LOCALE", value: locale, url: platform().app.url }]);
      await page.reload();
      await hydrated(page);
      await game.waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe(locale);
      const text = await translatableText(page);
      expect(text, locale).not.toContain(MISSING_MARK);
      expect(text.match(LATIN_WORD) ?? [], locale).toEqual([]);
      await screenshots(page, "quick-game", `betting-${locale}`);
    }
    // The two refusals provoked above (Banker with Player, a sixth point) and nothing else.
    expect(problems).toEqual([
      `${platform().app.url}/api/trpc/quick.add: 400`,
      `${platform().app.url}/api/trpc/quick.add: 400`,
    ]);
    await context.close();
  }, 180_000);

  it("a player replays a quick hand, a baccarat round and a Pok Deng round from their history card by card, with play, pause and step, ending on the outcome and their bets' returns", async () => {
    const context = await platform().browser.newContext({ locale: "en-US" });
    const problems = watchProblems(context);
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.goto(`${platform().app.url}/quick`);
    await hydrated(page);
    await page.getByTestId("quick-play-as-guest").click();
    await page.getByTestId("quick-page").waitFor();

    // A quick hand on the page, a baccarat round through the API.
    await spot(page, "banker").click();
    await spot(page, "bankerPair").click();
    await page.getByTestId("quick-deal").click();
    await page
      .locator('[data-testid="quick-page"][data-phase="dealt"][data-revealing="false"]')
      .waitFor();
    const live = await playLiveRound<Round>(platform(), context, "baccarat-a", [
      { bet: "player", amount: 1_000 },
    ]);
    // docs/rules/pok-deng.md: 10 points on Player 1, the table's minimum.
    const pokDeng = await playLiveRound<Round>(platform(), context, "pok-deng", [
      { bet: "seat", seat: 1, amount: 1_000 },
    ]);

    // From the header's menu to the history, where the three rounds are listed.
    await page.getByTestId("account-menu").click();
    await page.getByTestId("history-link").click();
    await page.waitForURL(`${platform().app.url}/history`);
    const rounds = page.getByTestId("history-round");
    expect(await rounds.count()).toBe(3);
    // Found by its game: the baccarat round may have opened before the hand was dealt.
    const quickRound = page.locator('[data-testid="history-round"][data-kind="quick"]');
    const quickId = (await quickRound.getAttribute("data-round-id"))!;

    await quickRound.locator("summary").click();
    await quickRound.getByTestId("history-replay").click();
    const replay = page.getByTestId("replay");
    await replay.waitFor();
    // It plays by itself; pause, then step one card at a time and back.
    await page.getByTestId("replay-play").click();
    await page.locator('[data-testid="replay"][data-playing="false"]').waitFor();
    const paused = Number(await replay.getAttribute("data-shown"));
    const total = Number(await replay.getAttribute("data-total"));
    expect(total).toBeGreaterThanOrEqual(4);
    if (paused < total) {
      await page.getByTestId("replay-step").click();
      expect(Number(await replay.getAttribute("data-shown"))).toBe(paused + 1);
    }
    await page.getByTestId("replay-restart").click();
    expect(await replay.getAttribute("data-shown")).toBe("0");
    expect(await replay.locator("[data-card]").count()).toBe(0);
    await page.getByTestId("replay-step").click();
    await page.getByTestId("replay-step").click();
    expect(await replay.locator("[data-card]").count()).toBe(2);
    expect(await replay.getByTestId("replay-progress").textContent()).toBe(`Card 2 of ${total}`);
    await page.getByTestId("replay-back").click();
    expect(await replay.locator("[data-card]").count()).toBe(1);
    expect(await replay.getByTestId("replay-end").count()).toBe(0);
    await screenshots(page, "quick-game", "replay-midway");
    await page.getByTestId("replay-play").click();
    await replay.getByTestId("replay-end").waitFor();
    expect(await replay.getAttribute("data-shown")).toBe(String(total));
    // The quick hand's two bets, each with what it returned.
    const quickBets = await replay
      .getByTestId("replay-bet")
      .evaluateAll((lines) =>
        lines.map((line) => [line.getAttribute("data-bet"), line.getAttribute("data-stake")]),
      );
    expect(quickBets.sort()).toEqual([
      ["banker", "100"],
      ["bankerPair", "100"],
    ]);
    expect(await replay.getByTestId("replay-outcome").textContent()).toMatch(
      /^(Player|Banker|Tie) · Player \d · Banker \d$/,
    );
    expect(await page.locator(`[data-round-id="${quickId}"]`).count()).toBe(1);
    await page.keyboard.press("Escape");
    await replay.waitFor({ state: "detached" });

    // The baccarat round: its cards come out in the order they were dealt, bets and returns last.
    const liveRound = rounds.and(page.locator(`[data-round-id="${live.roundId}"]`));
    await liveRound.locator("summary").click();
    await recordReveals(page, '[data-testid="replay"] [data-card]');
    await liveRound.getByTestId("history-replay").click();
    await replay.getByTestId("replay-end").waitFor();
    expect(await revealed(page)).toEqual(live.cards.map((card) => card.position));
    const bet = replay.getByTestId("replay-bet");
    expect(await bet.getAttribute("data-bet")).toBe("player");
    expect(await bet.getAttribute("data-returned")).toBe(String(live.bets[0]!.returned));
    expect(await replay.getByTestId("replay-net").getAttribute("data-net")).toBe(
      String(live.bets[0]!.returned! - live.bets[0]!.stake),
    );
    await screenshots(page, "quick-game", "replay-end");
    await page.getByTestId("replay-close").click();
    await replay.waitFor({ state: "detached" });

    // The Pok Deng round: each hand with its name as its two cards come out, in the deal's order.
    const pokDengRound = rounds.and(page.locator(`[data-round-id="${pokDeng.roundId}"]`));
    await pokDengRound.locator("summary").click();
    await recordReveals(page, '[data-testid="replay"] [data-card]');
    await pokDengRound.getByTestId("history-replay").click();
    await replay.getByTestId("replay-end").waitFor();
    expect(await revealed(page)).toEqual(pokDeng.cards.map((card) => card.position));
    expect(await replay.locator('[data-hand="seat-1"]').textContent()).toMatch(
      /^Player 1: (\d points?|Pok \d|7\.\d · )/,
    );
    expect(await replay.getByTestId("replay-bet").getAttribute("data-returned")).toBe(
      String(pokDeng.bets[0]!.returned),
    );
    // The return holds the Player bet's deposit back: the net is what came back over what was reserved.
    expect(await replay.getByTestId("replay-net").getAttribute("data-net")).toBe(
      String(pokDeng.bets[0]!.returned! - pokDeng.bets[0]!.reserved),
    );
    await screenshots(page, "quick-game", "replay-pok-deng");
    await page.keyboard.press("Escape");
    await replay.waitFor({ state: "detached" });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
