import { hydrated, rawRequest, startGameApi } from "@fuda/testkit";
import type { SpawnedApp } from "@fuda/testkit";
import { baccarat } from "@fuda/rules";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { MISSING_MARK } from "../src/i18n/missing";
import {
  callAsPlayer,
  FAST_DEALER,
  screenshots,
  startPlatform,
  translatableText,
  watchProblems,
} from "./platform";
import type { Platform } from "./platform";

// A betting window long enough for two browsers on a busy 2-core machine to bet in one round.
const DEALER = { ...FAST_DEALER, BETTING_WINDOW_MS: "8000", RESULT_PAUSE_MS: "3000" };
let platform: Platform | undefined;
/** The game API started again by the reconnection test (the platform stops only its first). */
let restarted: SpawnedApp | undefined;

beforeAll(async () => {
  platform = await startPlatform(DEALER);
});

afterAll(async () => {
  await restarted?.stop();
  await platform?.stop();
});

// Every new player's welcome grant (docs/accounts.md): 10,000 points.
const WELCOME = 1_000_000;
const SLUG = "baccarat-a";

interface Player {
  context: BrowserContext;
  page: Page;
  problems: string[];
}

/** A guest at baccarat-a in a browser context of their own, the table's stream live. */
async function guestAtTable(locale = "en-US"): Promise<Player> {
  const context = await platform!.browser.newContext({ locale });
  const problems = watchProblems(context);
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  await page.goto(platform!.app.url);
  await hydrated(page);
  await page.getByRole("button", { name: "Play as guest" }).click();
  await page.locator('[data-testid="account"][data-signed-in="true"]').waitFor();
  await page.goto(`${platform!.app.url}/tables/${SLUG}`);
  await hydrated(page);
  await page.locator('[data-testid="table-page"][data-connection="live"]').waitFor();
  return { context, page, problems };
}

/** Waits for a round taking bets with at least `seconds` left; its id. */
async function bettingRound(page: Page, seconds: number): Promise<string> {
  await page.waitForFunction(
    (least) => {
      const phase = document.querySelector('[data-testid="phase"]')?.getAttribute("data-phase");
      const left = Number(
        document.querySelector('[data-testid="countdown"]')?.getAttribute("data-seconds") ?? -1,
      );
      return phase === "betting" && left >= least;
    },
    seconds,
    { polling: 100 },
  );
  return (await page.getByTestId("table-page").getAttribute("data-round"))!;
}

const spot = (page: Page, bet: string) => page.locator(`[data-testid="spot"][data-bet="${bet}"]`);

/** The round's result as the page shows it, read in one go once the player's own part is in. */
async function resultShown(page: Page, roundId: string) {
  await page.waitForFunction(
    (id) =>
      document.querySelector(
        `[data-testid="table-page"][data-round="${id}"] [data-testid="own-result"]`,
      ) !== null,
    roundId,
    { polling: 50 },
  );
  return page.evaluate(() => {
    const own = document.querySelector<HTMLElement>('[data-testid="own-result"]');
    return {
      cards: [...document.querySelectorAll<HTMLElement>('[data-testid="felt"] [data-order]')]
        .map((slot) => {
          const card = slot.querySelector<HTMLElement>('[data-testid="card"]')!;
          return {
            order: Number(slot.dataset.order),
            position: card.dataset.position!,
            card: Number(card.dataset.card),
          };
        })
        .sort((a, b) => a.order - b.order)
        .map(({ position, card }) => ({ position, card })),
      own: own?.textContent ?? null,
      net: Number(own?.dataset.net),
      lit: [...document.querySelectorAll('[data-testid="spot"][data-won="true"]')].map(
        (spot) => spot.getAttribute("data-bet") ?? "",
      ),
      announced: document.querySelector('[data-testid="announcer"]')?.textContent ?? "",
    };
  });
}

const balanceOf = async (page: Page) =>
  Number(await page.getByTestId("balance").getAttribute("data-balance"));

describe("baccarat table", () => {
  it("two players bet on different spots in one round, see the same cards in the same order, and each sees their own result and the right new balance", async () => {
    const [ann, ken] = await Promise.all([guestAtTable(), guestAtTable()]);
    const roundId = await bettingRound(ann.page, 4);
    expect(await bettingRound(ken.page, 3)).toBe(roundId);

    // Ann bets 10 points on the Player with the mouse.
    await ann.page.getByRole("radio", { name: "Chip of 10 points" }).click();
    await spot(ann.page, "player").click();
    // Ken bets 20 points on the Banker with the keyboard: the chip, then the spot.
    await ken.page.getByRole("radio", { name: "Chip of 20 points" }).focus();
    await ken.page.keyboard.press("Space");
    await ken.page.getByRole("button", { name: /^Banker 0\.95:1/ }).focus();
    await ken.page.keyboard.press("Enter");
    await spot(ann.page, "player").and(ann.page.locator('[data-stake="1000"]')).waitFor();
    await spot(ken.page, "banker").and(ken.page.locator('[data-stake="2000"]')).waitFor();
    expect(await spot(ken.page, "banker").getAttribute("aria-label")).toBe(
      "Banker 0.95:1 20 (Banker, pays 0.95:1. Your stake 20)",
    );
    // Each sees only their own stake; the header already holds the stake back.
    expect(await spot(ann.page, "banker").getAttribute("data-stake")).toBe("0");
    expect(await balanceOf(ann.page)).toBe(WELCOME - 1_000);
    expect(await balanceOf(ken.page)).toBe(WELCOME - 2_000);

    // Ann's phone is slow and busy while the cards come out (a sixth of this CPU, a long task
    // every 130 ms): events queue up behind React's work, and her page must still show every
    // card, in order.
    const cpu = await ann.context.newCDPSession(ann.page);
    await cpu.send("Emulation.setCPUThrottlingRate", { rate: 6 });
    const busy = await ann.page.evaluate(() =>
      window.setInterval(() => {
        const start = performance.now();
        while (performance.now() - start < 120);
      }, 130),
    );
    // What each page shows of the result, read at once: the next round replaces it.
    const [annSaw, kenSaw] = await Promise.all(
      [ann.page, ken.page].map((page) => resultShown(page, roundId)),
    );
    await ann.page.evaluate((id) => {
      window.clearInterval(id);
    }, busy);
    await cpu.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    await screenshots(ann.page, "baccarat-table", "result-en");
    expect(kenSaw!.cards).toEqual(annSaw!.cards);
    const shown = annSaw!.cards;
    expect(shown.length).toBeGreaterThanOrEqual(4);
    // The order the game API recorded the reveal in.
    const recall = await callAsPlayer<{
      rounds: { roundId: string; cards: { position: string; card: number }[] }[];
    }>(platform!, ann.context, "history.recall");
    const recalled = recall.rounds.find((round) => round.roundId === roundId)!;
    expect(recalled.cards.map(({ position, card }) => ({ position, card }))).toEqual(shown);

    const outcome = baccarat.dealtFrom(shown.map(({ card }) => card));
    const winning = baccarat.BET_IDS.filter(
      (id) => (baccarat.payoutOdds("commission", id, outcome.code)?.win ?? 0) > 0,
    );
    const bets = [
      { player: ann, saw: annSaw!, bet: "player" as const, stake: 1_000 },
      { player: ken, saw: kenSaw!, bet: "banker" as const, stake: 2_000 },
    ];
    for (const { player, saw, bet, stake } of bets) {
      const { returned } = baccarat.settleBet("commission", { bet, stake }, outcome);
      const won = returned - stake;
      expect(saw.net).toBe(won);
      expect(saw.own).toBe(
        won > 0
          ? `You won ${won / 100} points`
          : won < 0
            ? `You lost ${-won / 100} points`
            : `Your ${returned / 100} points came back`,
      );
      // The winning spots are lit, the others not; the result was said to screen readers.
      expect(saw.lit.sort()).toEqual([...winning].sort());
      expect(saw.announced).toContain(saw.own);
      const { balance } = await callAsPlayer<{ balance: number }>(
        platform!,
        player.context,
        "wallet.balance",
      );
      expect(balance).toBe(WELCOME - stake + returned);
      await player.page.waitForFunction(
        (expected) =>
          Number(
            document.querySelector('[data-testid="balance"]')?.getAttribute("data-balance"),
          ) === expected,
        balance,
      );
    }
    // The roads and the shoe's numbers count the round.
    const marks = Number(await ann.page.getByTestId("big-road").getAttribute("data-marks"));
    expect(marks).toBeGreaterThanOrEqual(1);
    expect(await ann.page.getByTestId("bead-plate").getAttribute("data-marks")).toBe(String(marks));

    // Repeat places the last round's bets again in the next round.
    await bettingRound(ann.page, 2);
    await ann.page.getByTestId("repeat").click();
    await spot(ann.page, "player").and(ann.page.locator('[data-stake="1000"]')).waitFor();
    await ann.page.getByTestId("double").click();
    await spot(ann.page, "player").and(ann.page.locator('[data-stake="2000"]')).waitFor();
    await ann.page.getByTestId("undo").click();
    await spot(ann.page, "player").and(ann.page.locator('[data-stake="0"]')).waitFor();
    await ann.page.getByTestId("ask-banker").click();
    await ann.page.getByTestId("ask-preview").waitFor();
    await screenshots(ann.page, "baccarat-table", "ask-banker");

    expect(ann.problems).toEqual([]);
    expect(ken.problems).toEqual([]);
    await Promise.all([ann.context.close(), ken.context.close()]);
  }, 120_000); // Two guests and a whole round at an 8 s window: more than 30 s on a loaded machine.

  it("a page opened again while the round runs shows the bets placed before it, and undo takes them back", async () => {
    const { page, problems } = await guestAtTable();
    const roundId = await bettingRound(page, 6);
    await page.getByRole("radio", { name: "Chip of 50 points" }).click();
    await spot(page, "banker").click();
    await spot(page, "banker").and(page.locator('[data-stake="5000"]')).waitFor();
    await spot(page, "tie").click();
    await spot(page, "tie").and(page.locator('[data-stake="5000"]')).waitFor();

    await page.reload();
    await hydrated(page);
    await page.locator('[data-testid="table-page"][data-connection="live"]').waitFor();
    expect(await page.getByTestId("table-page").getAttribute("data-round")).toBe(roundId);
    await spot(page, "banker").and(page.locator('[data-stake="5000"]')).waitFor();
    expect(await spot(page, "tie").getAttribute("data-stake")).toBe("5000");
    expect(await page.getByTestId("staked").getAttribute("data-amount")).toBe("10000");
    expect(await balanceOf(page)).toBe(WELCOME - 10_000);

    await page.getByTestId("undo").click();
    await spot(page, "banker").and(page.locator('[data-stake="0"]')).waitFor();
    expect(await page.getByTestId("staked").getAttribute("data-amount")).toBe("0");
    expect(await balanceOf(page)).toBe(WELCOME);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);

  it("a bet that reaches the game API after the close is refused, and the page says why", async () => {
    const { context, page, problems } = await guestAtTable();
    await bettingRound(page, 2);
    // The browser sends the bet, but it arrives only once the round is being dealt.
    await page.route("**/api/trpc/bets.place", async (route) => {
      await page.locator('[data-testid="phase"][data-phase="dealing"]').waitFor();
      await route.continue();
    });
    await spot(page, "tie").click();
    const banner = page.locator('[data-testid="banner"][data-kind="closed"]', {
      hasText: "Too late: betting closed before your bet arrived.",
    });
    await banner.waitFor();
    expect(await banner.getAttribute("role")).toBe("status");
    await screenshots(page, "baccarat-table", "refused-at-close");
    const { balance } = await callAsPlayer<{ balance: number }>(
      platform!,
      context,
      "wallet.balance",
    );
    expect(balance).toBe(WELCOME);
    // The one failed response is the refusal itself.
    expect(problems).toEqual([`${platform!.app.url}/api/trpc/bets.place: 409`]);
    await context.close();
  });

  it("the language switch turns the table page into Japanese, then Thai, every string translated", async () => {
    const { context, page, problems } = await guestAtTable();
    await page.getByTestId("language").selectOption("ja");
    await page.locator('html[lang="ja"]').waitFor();
    await page.locator('[data-testid="table-page"][data-connection="live"]').waitFor();
    expect(await spot(page, "banker").getAttribute("aria-label")).toBe(
      "バンカー 0.95:1 (バンカー、配当 0.95:1)",
    );
    expect(await page.getByRole("radiogroup").getAttribute("aria-label")).toBe("チップ");
    let text = await translatableText(page);
    expect(text).not.toContain(MISSING_MARK);
    expect(text.match(/[A-Za-z]{3,}/g) ?? []).toEqual([]);
    await page.getByTestId("ask-player").click();
    await page.getByTestId("ask-preview").waitFor();
    await screenshots(page, "baccarat-table", "table-ja");

    await page.getByTestId("language").selectOption("th");
    await page.locator('html[lang="th"]').waitFor();
    expect(await spot(page, "player").getAttribute("aria-label")).toBe("ผู้เล่น 1:1 (ผู้เล่น จ่าย 1:1)");
    text = await translatableText(page);
    expect(text).not.toContain(MISSING_MARK);
    expect(text.match(/[A-Za-z]{3,}/g) ?? []).toEqual([]);
    await screenshots(page, "baccarat-table", "table-th");
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000); // A sign-in and two server-rendered language switches: slow on a loaded machine.

  it("the relay takes POST for bets.place and bets.undo only, and only from the site's own pages", async () => {
    for (const path of ["/api/trpc/wallet.balance", "/api/trpc/tables.get"]) {
      const answer = await rawRequest(platform!.app.url, "POST", path);
      expect(answer.status, path).toBe(405);
    }
    // The request guard is the two apps' own and lets the portal's `admin.*` POSTs through; this
    // app's relay does not relay them.
    const admin = await rawRequest(platform!.app.url, "POST", "/api/trpc/admin.tables.list");
    expect(admin.status).toBe(404);
    const elsewhere = await fetch(`${platform!.app.url}/api/trpc/bets.place`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ roundId: "x", bets: [], requestId: "r" }),
    });
    expect(elsewhere.status).toBe(403);
    // Same origin but no session: the game API's own refusal, relayed.
    const anonymous = await fetch(`${platform!.app.url}/api/trpc/bets.undo`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: platform!.app.url },
      body: JSON.stringify({ roundId: "x" }),
    });
    expect(anonymous.status).toBe(401);
  });

  it("sound stays muted until the player turns it on; then the dealer's calls are spoken in the page's language, and the choice is kept", async () => {
    const { context, page, problems } = await guestAtTable();
    // What the page asks the browser to say (the speech itself is the browser's).
    await context.addInitScript(() => {
      const calls: { text: string; lang: string }[] = [];
      Object.assign(window, { calls });
      speechSynthesis.speak = (call) => {
        calls.push({ text: call.text, lang: call.lang });
      };
    });
    const spoken = () => page.evaluate(() => (window as unknown as { calls: unknown[] }).calls);
    const nextCall = async () => {
      const before = (await spoken()).length;
      await page.waitForFunction(
        (count) => (window as unknown as { calls: unknown[] }).calls.length > count,
        before,
        { timeout: 30_000 },
      );
      return ((await spoken()) as { text: string; lang: string }[]).slice(before);
    };
    const sound = page.getByTestId("sound");
    const reload = async () => {
      await page.reload();
      await page.locator('[data-testid="table-page"][data-connection="live"]').waitFor();
    };
    await reload();
    expect(await sound.getAttribute("aria-pressed")).toBe("false");
    // A round's calls go to the screen reader, none to the speaker.
    await page.waitForFunction(
      () => document.querySelector('[data-testid="announcer"]')?.textContent !== "",
    );
    expect(await spoken()).toEqual([]);

    await sound.click();
    await reload();
    expect(await sound.getAttribute("aria-pressed")).toBe("true");
    const english = await nextCall();
    expect(english.every((call) => call.lang === "en" && call.text !== "")).toBe(true);

    await page.getByTestId("language").selectOption("ja");
    await page.locator('html[lang="ja"]').waitFor();
    await page.locator('[data-testid="table-page"][data-connection="live"]').waitFor();
    const japanese = await nextCall();
    expect(japanese.every((call) => call.lang === "ja")).toBe(true);
    expect(japanese.map((call) => call.text).join(" ")).not.toMatch(/[A-Za-z]{3,}/);

    await sound.click();
    await reload();
    expect(await sound.getAttribute("aria-pressed")).toBe("false");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("while the game API is away the table says it is reconnecting, then resyncs from tables.get and follows the table again", async () => {
    const { page, problems } = await guestAtTable();
    const tablePage = page.getByTestId("table-page");
    // The page's own first reads done (the chat's history too): only the outage's refusals count.
    await page.locator('[data-testid="table-chat"][data-history="loaded"]').waitFor();
    const { gameApi } = platform!;
    await gameApi.stop();
    const banner = page.locator('[data-testid="banner"][data-kind="disconnected"]');
    await banner.waitFor();
    expect(await banner.textContent()).toBe("Connection lost. Reconnecting…");
    expect(await tablePage.getAttribute("data-connection")).toBe("reconnecting");
    await screenshots(page, "baccarat-table", "reconnecting");

    restarted = await startGameApi({
      databaseUrl: platform!.database.url,
      port: Number(new URL(gameApi.url).port),
      env: { AUTH_TRUSTED_ORIGINS: platform!.app.url, ...DEALER },
    });
    await page.locator('[data-testid="table-page"][data-connection="live"]').waitFor();
    await banner.waitFor({ state: "detached" });
    // The page shows what tables.get says now, and follows the events from there. The resync may
    // read the round the outage interrupted before the new API's runner voids it and opens the
    // next: the page then shows that round until the events of the void and the next round come.
    const current = async () =>
      (
        await callAsPlayer<{ round: { id: string } | null }>(
          platform!,
          page.context(),
          "tables.get",
          {
            slug: SLUG,
          },
        )
      ).round?.id;
    await expect
      .poll(async () => (await bettingRound(page, 1)) === (await current()), {
        timeout: 20_000,
        interval: 250,
      })
      .toBe(true);
    // What the outage broke, and nothing else: the stream it cut, the resync's reads it refused,
    // and the read of the player's stakes in a round that opened as the API went away.
    const outage =
      /\/api\/trpc\/(tables\.events\?.*ERR_INCOMPLETE_CHUNKED_ENCODING|(tables\.get|bets\.mine)\?.*: 502)$/;
    expect(problems.filter((problem) => !outage.test(problem))).toEqual([]);
    expect(problems.length).toBeGreaterThan(0);
    await page.context().close();
  });
});
