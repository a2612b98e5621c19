/**
 * Two guests at the joker blackjack table in Chromium (docs/rules/joker-blackjack.md;
 * docs/live-tables.md, Seats and Decisions): each sits, stakes a seat and plays rounds dealt from
 * a stacked shoe by the real dealer — split, hit, stand, double (by its key), a timer that runs
 * out and stands — and one reloads in the middle of a turn and gets the same hand and timer back.
 * A round nobody bets on is not dealt: the page says it waits for a bet until one comes. A guest
 * who sits nowhere backs a seat by touch (Bet Behind) and follows its first hand through a split.
 */
import { setTimeout as sleep } from "node:timers/promises";

import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { endBetting, stackShoeBetweenRounds } from "@fuda/live/testing";
import type { Card } from "@fuda/shoe";
import { parseCard } from "@fuda/shoe";
import { hydrated, until } from "@fuda/testkit";

import { playAsGuest, screenshots, startPlatform, watchProblems, WELCOME } from "./platform";
import type { Platform } from "./platform";

const SLUG = "joker-blackjack";
/** The smallest chip at the seeded table: its minimum stake, 10 points. */
declare global {
  interface Window {
    /** What the page's announcer said, recorded by the test. */
    said?: string[];
  }
}

const STAKE = 1_000;
/** Long enough that no scripted action is late; the timer meant to run out gets 4 s. */
const ACTION_SECONDS = 30;

let platform: Platform | undefined;
let db: Db;
let tableId: string;

const setTable = (data: { status?: "OPEN" | "PAUSED"; actionSeconds?: number }) =>
  db.table.update({
    where: { id: tableId },
    data: {
      ...(data.status === undefined ? {} : { status: data.status }),
      ...(data.actionSeconds === undefined
        ? {}
        : { settings: { seats: 7, actionSeconds: data.actionSeconds } }),
    },
  });

/**
 * Every round in play at any table is closed now: at the shared tables dealt without bettors; at
 * this one, paused, a round nobody bet on is cancelled. Either way it ends at once.
 */
async function noRoundInPlay(): Promise<void> {
  await until("no round in play", async () => {
    const live = await db.round.findMany({ where: { phase: { in: ["betting", "dealing"] } } });
    for (const round of live) await endBetting(db, round.id);
    if (live.length === 0) return true;
    await sleep(200);
    return undefined;
  });
}

beforeAll(async () => {
  // The betting window is ended by the test once both seats have bet, never by the clock.
  platform = await startPlatform({
    BETTING_WINDOW_MS: "600000",
    DEAL_DELAY_MS: "150",
    RESULT_PAUSE_MS: "600",
  });
  db = platform.database.db;
  // Only this table deals, and it opens a round only once its shoe is stacked.
  await db.table.updateMany({ where: { slug: { not: SLUG } }, data: { status: "CLOSED" } });
  tableId = (await db.table.findUniqueOrThrow({ where: { slug: SLUG } })).id;
  await setTable({ status: "PAUSED", actionSeconds: ACTION_SECONDS });
  await noRoundInPlay();
}, 400_000); // A first build of the web app takes minutes on the shared machine.

afterAll(async () => {
  await platform?.stop();
});

const cards = (text: string): Card[] => text.trim().split(/\s+/).map(parseCard);

/**
 * One round's shoe in the deal's order (docs/rules/joker-blackjack.md, Deal and early
 * settlements): each seat's first card, the up card, each seat's second card, the hole card,
 * then the cards drawn after. Cards as "9H", "TC" (S H D C, T for 10).
 */
function dealingOrder(seats: readonly string[], dealer: string, draws: string): Card[] {
  const hands = seats.map(cards);
  const [up, hole] = cards(dealer);
  return [
    ...hands.map((hand) => hand[0]!),
    up!,
    ...hands.map((hand) => hand[1]!),
    hole!,
    ...cards(draws),
  ];
}

const table = (page: Page) => page.getByTestId("joker-blackjack-table");
const seatOf = (page: Page, seat: number) =>
  page.locator(`[data-testid="seat"][data-seat="${seat}"]`);
const headerBalance = async (page: Page) =>
  Number(await page.getByTestId("balance").getAttribute("data-balance"));

/** What the page's screen reader was told, in order (the announcer's texts). */
async function recordAnnouncements(page: Page): Promise<void> {
  await page.evaluate(() => {
    const said: string[] = [];
    window.said = said;
    const region = document.querySelector('[data-testid="announcer"]')!;
    new MutationObserver(() => {
      const text = region.textContent;
      if (text !== "" && said.at(-1) !== text) said.push(text);
    }).observe(region, { subtree: true, childList: true, characterData: true });
  });
}

/** Everything announced since recording began, as one text (texts of one moment come together). */
const announcements = (page: Page) => page.evaluate(() => (window.said ?? []).join(" "));

/** The last timer each page acted under: the next action waits for a new turn. */
const actedUnder = new Map<Page, string>();

/**
 * Waits for `seat`'s turn on `hand` (a new turn, not the one just acted on), checks the legal
 * actions shown, and takes `action` by its button or, with `key`, by its keyboard shortcut.
 */
async function act(
  page: Page,
  seat: number,
  hand: number,
  action: string,
  { legal, key }: { legal?: string[]; key?: string } = {},
): Promise<void> {
  const before = actedUnder.get(page);
  const turn = page.locator(
    `[data-testid="turn"][data-seat="${seat}"][data-hand="${hand}"][data-mine="true"]` +
      (before === undefined ? "" : `:not([data-acts-by="${before}"])`),
  );
  await turn.waitFor();
  actedUnder.set(page, (await turn.getAttribute("data-acts-by"))!);
  if (legal !== undefined) {
    const shown = await turn
      .getByTestId("action")
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("data-action")));
    expect(shown, `seat ${seat} hand ${hand}`).toEqual(legal);
  }
  if (key === undefined) await turn.locator(`[data-action="${action}"]`).click();
  else await page.keyboard.press(key);
}

/** The cards of a seat's hand as shown, in order. */
const handCards = (page: Page, seat: number, hand: number) =>
  seatOf(page, seat)
    .locator(`[data-testid="hand"][data-hand="${hand}"] [data-card]`)
    .evaluateAll((shown) => shown.map((card) => Number(card.getAttribute("data-card"))));

/** Stacks `deck`, opens the table, and has each player stake `STAKE` on their seat; then closes betting. */
async function bettingRound(deck: Card[], players: [Page, number][]): Promise<string> {
  await stackShoeBetweenRounds(db, SLUG, deck);
  await setTable({ status: "OPEN" });
  const roundId = await until("the dealer to open a round", async () => {
    const round = await db.round.findFirst({ where: { tableId, phase: "betting" } });
    return round?.id;
  });
  for (const [page, seat] of players) {
    await page
      .locator(
        `[data-testid="joker-blackjack-table"][data-phase="betting"][data-round-id="${roundId}"]`,
      )
      .waitFor();
    await page.locator(`[data-testid="chip"][data-value="${STAKE}"]`).click();
    await page.locator(`[data-testid="stake"][data-seat="${seat}"]`).click();
    await page
      .locator(`[data-testid="stake"][data-seat="${seat}"][data-staked="${STAKE}"]`)
      .waitFor();
  }
  // A pause takes effect between rounds: this round is dealt, the next waits for its stack.
  await setTable({ status: "PAUSED" });
  await endBetting(db, roundId);
  return roundId;
}

describe("joker blackjack table", () => {
  it("two guests sit, stake their seats and play with split, hit, stand and double; a reload mid-turn keeps the hand and the timer; a timer that runs out stands", async () => {
    const contexts = await Promise.all([
      platform!.browser.newContext({ locale: "en-US" }),
      platform!.browser.newContext({ locale: "en-US" }),
    ]);
    const problems = contexts.flatMap((context) => watchProblems(context));
    const [alice, bob] = await Promise.all(contexts.map((context) => context.newPage()));
    for (const page of [alice!, bob!]) {
      page.setDefaultTimeout(30_000);
      await playAsGuest(platform!, page);
      await page.goto(`${platform!.app.url}/tables/${SLUG}`);
      await hydrated(page);
      await table(page).waitFor();
    }
    const a = alice!;
    const b = bob!;

    // Sitting: seat 1 (the rightmost, acting first) and seat 2, the last seat; each page sees both.
    await a.locator('[data-testid="sit"][data-seat="1"]').click();
    await seatOf(a, 1).and(a.locator('[data-mine="true"]')).waitFor();
    await b.locator('[data-testid="sit"][data-seat="2"]').click();
    await seatOf(b, 2).and(b.locator('[data-mine="true"]')).waitFor();
    await seatOf(a, 2).and(a.locator('[data-taken="true"][data-last="true"]')).waitFor();
    await seatOf(b, 1).and(b.locator('[data-taken="true"][data-mine="false"]')).waitFor();
    // Seat 1 is drawn to the right of seat 2.
    const [one, two] = await Promise.all([seatOf(a, 1).boundingBox(), seatOf(a, 2).boundingBox()]);
    expect(one!.x).toBeGreaterThan(two!.x);

    // Round 1: 8♠ 8♥ splits against a 9 up; 5♦ 6♣ doubles; the dealer's 16 draws a ten and busts.
    await recordAnnouncements(b);
    await bettingRound(dealingOrder(["8S 8H", "5D 6C"], "9C 7S", "3D 9H TC 9D TH"), [
      [a, 1],
      [b, 2],
    ]);
    expect(await headerBalance(a)).toBe(WELCOME - STAKE);

    await act(a, 1, 1, "split", { legal: ["hit", "stand", "double", "split", "surrender"] });
    // The hole card lies face down while the seats act.
    await a.locator('[data-position="dealer-2"][data-back]').waitFor();
    expect(await a.locator('[data-position="dealer-2"][data-card]').count()).toBe(0);
    // Split hands side by side, the first with its second card; no double after a split.
    await seatOf(a, 1).locator('[data-testid="hands"][data-count="2"]').waitFor();
    await act(a, 1, 1, "hit", { legal: ["hit", "stand"] });
    await seatOf(a, 1).locator('[data-testid="hand"][data-hand="1"][data-total="20"]').waitFor();
    expect(await handCards(a, 1, 1)).toEqual(cards("8S 3D 9H"));
    await screenshots(a, "joker-blackjack", "split-turn");
    await act(a, 1, 1, "stand");
    await act(a, 1, 2, "stand", { legal: ["hit", "stand"] });
    expect(await handCards(a, 1, 2)).toEqual(cards("8H TC"));
    // Bob doubles with the keyboard: "d".
    await act(b, 2, 1, "double", { legal: ["hit", "stand", "double", "surrender"], key: "d" });

    await a.locator('[data-testid="dealer-result"]').waitFor();
    expect(await a.getByTestId("dealer-result").textContent()).toBe("Bust");
    expect(await a.locator('[data-position="dealer-2"][data-card]').getAttribute("data-card")).toBe(
      String(parseCard("7S")),
    );
    const results = seatOf(a, 1).getByTestId("hand-result");
    await expect.poll(() => results.count()).toBe(2);
    for (const result of await results.all()) {
      expect(await result.getAttribute("data-result")).toBe("win");
    }
    const doubled = seatOf(b, 2).locator('[data-testid="hand"][data-hand="1"]');
    await doubled.and(b.locator('[data-result="win"]')).waitFor();
    expect(await doubled.getAttribute("data-stake")).toBe(String(2 * STAKE));
    expect(await doubled.getAttribute("data-returned")).toBe(String(4 * STAKE));
    expect(await handCards(b, 2, 1)).toEqual(cards("5D 6C 9D"));
    // Both wallets: two stakes of 10 out, 40 back.
    for (const page of [a, b]) {
      await page.waitForFunction(
        (expected) =>
          document.querySelector('[data-testid="balance"]')?.getAttribute("data-balance") ===
          String(expected),
        WELCOME + 2 * STAKE,
      );
    }
    const said = await announcements(b);
    for (const text of ["Seat 1, hand 1: Split.", "Your turn: Seat 2.", "Seat 2: Double."]) {
      expect(said).toContain(text);
    }
    await screenshots(a, "joker-blackjack", "results");

    // Round 2: Alice reloads in the middle of her turn; Bob lets his timer run out and stands.
    const round2 = await bettingRound(dealingOrder(["TS 6H", "TD 7C"], "8S 9H", "2C"), [
      [a, 1],
      [b, 2],
    ]);
    const turn = a.locator('[data-testid="turn"][data-seat="1"][data-hand="1"][data-mine="true"]');
    await turn.waitFor();
    const actsBy = await turn.getAttribute("data-acts-by");
    expect(await handCards(a, 1, 1)).toEqual(cards("TS 6H"));
    await a.reload();
    await hydrated(a);
    await turn.waitFor();
    expect(await turn.getAttribute("data-acts-by")).toBe(actsBy);
    expect(await handCards(a, 1, 1)).toEqual(cards("TS 6H"));
    const seconds = Number(await turn.getByTestId("countdown").getAttribute("data-seconds"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(ACTION_SECONDS);
    await a.locator('[data-position="dealer-2"][data-back]').waitFor();
    await screenshots(a, "joker-blackjack", "turn-after-reload");

    actedUnder.delete(a);
    await act(a, 1, 1, "hit", { legal: ["hit", "stand", "double", "surrender"] });
    await seatOf(a, 1).locator('[data-testid="hand"][data-hand="1"][data-total="18"]').waitFor();
    // Bob's turn comes with a 4 s timer: time for his page to show it even on a loaded machine.
    await setTable({ actionSeconds: 4 });
    await recordAnnouncements(b);
    await act(a, 1, 1, "stand");
    await b.locator('[data-testid="turn"][data-seat="2"][data-mine="true"]').waitFor();
    const stood = seatOf(b, 2).locator('[data-testid="hand"][data-hand="1"]');
    await stood.and(b.locator('[data-result="push"]')).waitFor();
    expect(await announcements(b)).toContain("Seat 2: time ran out, the hand stands.");
    const timedOut = await db.roundAction.findFirst({ where: { roundId: round2, seat: 2 } });
    expect(timedOut).toMatchObject({ action: "stand", timedOut: true });
    await seatOf(a, 1).locator('[data-testid="hand"][data-hand="1"][data-result="win"]').waitFor();
    expect(await handCards(b, 2, 1)).toEqual(cards("TD 7C"));
    // The dealer stood on 17: said once. A plain win and a push are said by their result lines
    // alone, with no reasons line repeating "Win" or "Push" above them.
    expect(await a.getByTestId("dealer-total").textContent()).toBe("17");
    expect(await a.getByTestId("dealer-result").count()).toBe(0);
    expect(await seatOf(a, 1).getByTestId("hand-reasons").count()).toBe(0);
    expect(await seatOf(b, 2).getByTestId("hand-reasons").count()).toBe(0);

    // Leaving between rounds frees the seat at once.
    await b.locator('[data-testid="leave"][data-seat="2"]').click();
    await seatOf(a, 2).and(a.locator('[data-taken="false"]')).waitFor();
    await seatOf(a, 1).and(a.locator('[data-last="true"]')).waitFor();

    expect(problems).toEqual([]);
    await Promise.all(contexts.map((context) => context.close()));
  }, 300_000);
  it("a round nobody bets on waits: the page says so and shows no card; a bet placed then is dealt and settled", async () => {
    const context = await platform!.browser.newContext({ locale: "en-US" });
    const problems = watchProblems(context);
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await playAsGuest(platform!, page);
    await page.goto(`${platform!.app.url}/tables/${SLUG}`);
    await hydrated(page);
    await table(page).waitFor();
    await page.locator('[data-testid="sit"][data-seat="3"]').click();
    await seatOf(page, 3).and(page.locator('[data-mine="true"]')).waitFor();

    // Seat 3's blackjack against a 9 up is paid at once; the dealer has nothing left to play.
    await stackShoeBetweenRounds(db, SLUG, dealingOrder(["AS KD"], "9C 7S", "TC 5D"));
    await setTable({ status: "OPEN" });
    const round = await until(
      "the dealer to open a round",
      async () => (await db.round.findFirst({ where: { tableId, phase: "betting" } })) ?? undefined,
    );
    // Read again: the page was loaded while the table was paused (opened here without an event).
    // A page is kept rendered for up to a second (docs/performance.md): within it, a reload may
    // still show the pause; after it, never.
    const shown = table(page).and(page.locator(`[data-round-id="${round.id}"]`));
    const openedAt = Date.now();
    await until("a reload to show the table open", async () => {
      await page.reload();
      await hydrated(page);
      await shown.and(page.locator('[data-phase="betting"]')).waitFor();
      const paused = await page.getByTestId("banner").count();
      expect(paused === 0 || Date.now() - openedAt < 2_000).toBe(true);
      return paused === 0 ? true : undefined;
    });
    expect(await page.getByTestId("waiting-for-bet").count()).toBe(0);

    // The window ends with no bet: it starts again, and the page says what the table waits for.
    await endBetting(db, round.id);
    await page.getByTestId("waiting-for-bet").waitFor();
    expect(await page.getByTestId("waiting-for-bet").textContent()).toBe("Waiting for a bet");
    await screenshots(page, "joker-blackjack", "waiting-for-bet");
    await sleep(1_000);
    await shown.and(page.locator('[data-phase="betting"][data-waiting="true"]')).waitFor();
    // A page loaded during the wait says so at once, from `tables.get`, before the window ends.
    await page.reload();
    await hydrated(page);
    await shown.and(page.locator('[data-phase="betting"]')).waitFor();
    expect(await page.getByTestId("waiting-for-bet").count()).toBe(1);
    expect(await page.getByTestId("waiting-for-bet").textContent()).toBe("Waiting for a bet");
    await screenshots(page, "joker-blackjack", "waiting-for-bet-reloaded");
    const reopened = await db.round.findUniqueOrThrow({ where: { id: round.id } });
    expect(reopened.bettingClosesAt.getTime()).toBeGreaterThan(Date.now());
    expect(await page.locator('[data-testid="dealer"] [data-card]').count()).toBe(0);
    const row = await db.round.findUniqueOrThrow({ where: { id: round.id } });
    expect(row.phase).toBe("betting");
    expect(row.cards).toEqual([]);
    expect(row.bettingClosesAt.getTime()).toBeGreaterThan(Date.now());

    // A bet comes: the line goes, and at the window's end the round is dealt and settled.
    await page.locator(`[data-testid="chip"][data-value="${STAKE}"]`).click();
    await page.locator('[data-testid="stake"][data-seat="3"]').click();
    await page.locator(`[data-testid="stake"][data-seat="3"][data-staked="${STAKE}"]`).waitFor();
    expect(await page.getByTestId("waiting-for-bet").count()).toBe(0);
    await setTable({ status: "PAUSED" });
    await endBetting(db, round.id);
    await shown.and(page.locator('[data-phase="settled"]')).waitFor();
    expect(await page.locator('[data-testid="dealer"] [data-card]').count()).toBeGreaterThan(0);
    await seatOf(page, 3)
      .locator('[data-testid="hand"][data-hand="1"][data-result="win"]')
      .waitFor();
    expect(await page.getByTestId("waiting-for-bet").count()).toBe(0);
    // The seat is free again for the next player.
    await page.locator('[data-testid="leave"][data-seat="3"]').click();
    await seatOf(page, 3).and(page.locator('[data-taken="false"]')).waitFor();

    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it("a guest who sits nowhere backs seat 3 by touch; seat 3 splits; the backer sees their stake, result and balance", async () => {
    const ctx = () =>
      platform!.browser.newContext({
        locale: "en-US",
        viewport: { width: 390, height: 844 },
        hasTouch: true,
        isMobile: true,
      });
    const [seated, backer] = await Promise.all([(await ctx()).newPage(), (await ctx()).newPage()]);
    for (const page of [seated, backer]) {
      page.setDefaultTimeout(30_000);
      await playAsGuest(platform!, page);
      await page.goto(`${platform!.app.url}/tables/${SLUG}`);
      await hydrated(page);
    }
    await seated.locator('[data-testid="sit"][data-seat="3"]').click();
    await seated.locator('[data-testid="seat"][data-seat="3"][data-mine="true"]').waitFor();
    // 8 8 splits: hand 1 draws A (19), hand 2 draws 9 (17); the dealer's 16 draws a 2 (18).
    const deck = "8H 9C 8D 7S AC 9H 2C".split(" ").map(parseCard);
    await stackShoeBetweenRounds(db, SLUG, deck);
    await setTable({ status: "OPEN" });
    const roundId = await until(
      "a round",
      async () => (await db.round.findFirst({ where: { tableId, phase: "betting" } }))?.id,
    );
    for (const page of [seated, backer]) {
      await page
        .locator(
          `[data-testid="joker-blackjack-table"][data-phase="betting"][data-round-id="${roundId}"]`,
        )
        .waitFor();
    }
    await seated.locator('[data-testid="chip"][data-value="1000"]').tap();
    await seated.locator('[data-testid="stake"][data-seat="3"]').tap();
    const behind = backer.locator('[data-testid="bet-behind-button"][data-seat="3"]');
    expect(await behind.getAttribute("aria-label")).toMatch(/^Bet behind seat 3/);
    expect((await behind.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // One on each taken seat, none on an empty one.
    expect(await backer.locator('[data-testid="bet-behind-button"]').count()).toBe(
      await backer.locator('[data-testid="seat"][data-taken="true"]').count(),
    );
    await backer.locator('[data-testid="chip"][data-value="1000"]').tap();
    await behind.tap();
    await backer
      .locator('[data-testid="bet-behind-button"][data-seat="3"][data-staked="1000"]')
      .waitFor();
    // Keyboard too: focus and Enter adds another chip.
    await behind.focus();
    await backer.keyboard.press("Enter");
    await backer
      .locator('[data-testid="bet-behind-button"][data-seat="3"][data-staked="2000"]')
      .waitFor();
    await screenshots(backer, "joker-blackjack", "bet-behind");
    await setTable({ status: "PAUSED" });
    await endBetting(db, roundId);
    // The backer sees the turn but has no action bar.
    await backer.locator('[data-testid="turn"][data-seat="3"][data-mine="false"]').waitFor();
    expect(await backer.getByTestId("action").count()).toBe(0);
    for (const action of ["split", "stand", "stand"]) {
      const turn = seated.locator('[data-testid="turn"][data-seat="3"][data-mine="true"]');
      await turn.waitFor();
      const before = await turn.getAttribute("data-acts-by");
      await turn.locator(`[data-action="${action}"]`).tap();
      await until("the next decision", async () => {
        const now = await seated
          .locator('[data-testid="turn"]')
          .getAttribute("data-acts-by", { timeout: 500 })
          .catch(() => null);
        return now !== before ? true : undefined;
      });
    }
    const result = backer.locator('[data-testid="bet-behind-result"][data-returned="4000"]');
    await result.waitFor();
    expect(await result.textContent()).toBe("Behind seat 3: 20 staked, 40 returned");
    await until("the header balance", async () =>
      Number(await backer.getByTestId("balance").getAttribute("data-balance")) === WELCOME + 2_000
        ? true
        : undefined,
    );
    await screenshots(backer, "joker-blackjack", "bet-behind-result");
    // The backer's history names the bet and the seat it backed.
    await backer.goto(`${platform!.app.url}/history`);
    await backer.getByText("Bet behind seat 3").first().waitFor({ state: "attached" });
  });

  it("choose ahead: a seat's action picked while another seat plays is played when its turn comes; one the hand cannot take asks again", async () => {
    // Turns long enough that no timer runs out while three browsers play on a loaded machine.
    await setTable({ actionSeconds: 120 });
    // Restored however the test ends: the tests after it deal with the usual timer.
    try {
      const players = await Promise.all(
        [5, 6, 7].map(async (seat) => {
          const context = await platform!.browser.newContext({ locale: "en-US" });
          const page = await context.newPage();
          page.setDefaultTimeout(30_000);
          await playAsGuest(platform!, page);
          await page.goto(`${platform!.app.url}/tables/${SLUG}`);
          await hydrated(page);
          await page.locator(`[data-testid="sit"][data-seat="${seat}"]`).click();
          await seatOf(page, seat).and(page.locator('[data-mine="true"]')).waitFor();
          return { context, page, seat };
        }),
      );
      const [five, six, seven] = players.map(({ page }) => page) as [Page, Page, Page];
      // Seat 5 and 6 stand on 17, seat 7 holds 16 (no pair); the dealer stands on 17.
      const roundId = await bettingRound(
        dealingOrder(["TC 7D", "9S 8H", "TH 6C"], "9C 8S", "2C 3D"),
        [
          [five, 5],
          [six, 6],
          [seven, 7],
        ],
      );
      await five.locator('[data-testid="turn"][data-seat="5"][data-mine="true"]').waitFor();
      // While seat 5 plays: seat 6 picks Stand, seat 7 picks Split.
      await six
        .locator('[data-testid="choose-ahead"][data-seat="6"] [data-action="stand"]')
        .click();
      await six.locator('[data-testid="choose-ahead"][data-chosen="stand"]').waitFor();
      await seven
        .locator('[data-testid="choose-ahead"][data-seat="7"] [data-action="split"]')
        .click();
      await seven.locator('[data-testid="choose-ahead"][data-chosen="split"]').waitFor();
      await act(five, 5, 1, "stand");
      // Seat 6's turn takes its Stand at once; seat 7's Split is not possible: it chooses again.
      await seven.locator('[data-testid="turn"][data-seat="7"][data-mine="true"]').waitFor();
      expect(await seven.getByTestId("ahead-again").textContent()).toBe(
        "Split is not possible now: choose again.",
      );
      await act(seven, 7, 1, "stand");
      await seatOf(seven, 7).locator('[data-testid="hand"][data-result="lose"]').waitFor();
      const taken = await db.tableEvent.findMany({
        where: { roundId, type: "action.taken" },
        orderBy: { id: "asc" },
      });
      expect(
        taken.map(({ payload }) => {
          const { seat, action, timedOut } = payload as {
            seat: number;
            action: string;
            timedOut?: boolean;
          };
          return { seat, action, timedOut: timedOut ?? false };
        }),
      ).toEqual([
        { seat: 5, action: "stand", timedOut: false },
        { seat: 6, action: "stand", timedOut: false },
        { seat: 7, action: "stand", timedOut: false },
      ]);
      for (const { context, page, seat } of players) {
        await page.locator(`[data-testid="leave"][data-seat="${seat}"]`).click();
        await context.close();
      }
    } finally {
      await setTable({ actionSeconds: ACTION_SECONDS });
    }
  }, 300_000);
});
