/**
 * The table's live video (issue 36; docs/studio.md, Video): an operator sets a table's stream
 * through `admin.tables.update`; the table page plays it (hls.js in Chromium, the browser's own
 * HLS where there is no MSE, HLS when WHEP is refused), says when it cannot and when it is
 * reconnecting, and comes back by itself, while the round goes on from the table's events. The
 * studio is ffmpeg's test picture as live HLS behind a server the test takes down and up.
 */

import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { hydrated } from "@fuda/testkit";

import type { HlsStream } from "./hls-stream";
import { startHlsStream } from "./hls-stream";
import {
  FAST_DEALER,
  platformForFile,
  playAsGuest,
  screenshots,
  staffSession,
  watchProblems,
} from "./platform";
import type { SessionCall } from "./platform";
import type { WhepStudio } from "./whep-studio";
import { startWhepStudio } from "./whep-studio";

const platform = platformForFile(FAST_DEALER);
let stream: HlsStream | undefined;
let studio: WhepStudio | undefined;
let operator: SessionCall | undefined;

beforeAll(async () => {
  stream = await startHlsStream({ origin: platform().app.url });
  studio = await startWhepStudio({ browser: platform().browser, origin: platform().app.url });
  operator = await staffSession(platform(), "operator", { name: "Pit Boss" });
}, 60_000);

afterAll(async () => {
  await studio?.stop();
  await stream?.stop();
});

/** Sets the table's stream as an operator does (the URLs named change, the others stay). */
async function setStream(
  slug: string,
  urls: { hls?: string | null; whep?: string | null; poster?: string | null },
): Promise<void> {
  const table = await platform().database.db.table.findUniqueOrThrow({ where: { slug } });
  const answer = await operator!("admin.tables.update", {
    tableId: table.id,
    stream: urls,
    reason: "the studio's camera",
  });
  expect(answer.status, await answer.clone().text()).toBe(200);
}

/**
 * A visitor's page at the table (a guest's, who may bet, with `guest`); `noMse` takes Media
 * Source Extensions away.
 */
async function openTable(
  slug: string,
  { noMse = false, guest = false } = {},
): Promise<{ context: BrowserContext; page: Page; problems: () => string[] }> {
  const context = await platform().browser.newContext({ viewport: { width: 1280, height: 900 } });
  const problems = watchProblems(context);
  if (noMse) {
    // As an older iPhone: no MSE, only the browser's own HLS.
    await context.addInitScript(() => {
      const global = window as unknown as Record<string, unknown>;
      delete global.MediaSource;
      delete global.ManagedMediaSource;
    });
  }
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  if (guest) await playAsGuest(platform(), page);
  await page.goto(`${platform().app.url}/tables/${slug}`);
  await hydrated(page);
  // The stream server's refusals are the test's own doing; anything else is a problem.
  const ours = (line: string) => line.includes(stream!.url) || line.includes(studio!.endpoint);
  return { context, page, problems: () => problems.filter((line) => !ours(line)) };
}

const currentTime = (page: Page) =>
  page.getByTestId("table-video").evaluate((video: HTMLVideoElement) => video.currentTime);

/**
 * The picture moves: its time goes on by more than a second. A loaded machine's player may
 * buffer a while after it says it plays, so the time is watched rather than read once.
 */
async function expectPlaying(page: Page): Promise<void> {
  await page.locator('[data-video-state="playing"]').waitFor();
  const before = await currentTime(page);
  await expect
    .poll(() => currentTime(page), { timeout: 20_000, interval: 250 })
    .toBeGreaterThan(before + 1);
}

describe("the table's live video", () => {
  it("plays the studio's HLS muted under its poster, says how far behind live it is, and unmutes", async () => {
    await setStream("baccarat-a", { hls: stream!.playlist, poster: stream!.poster });
    const { context, page, problems } = await openTable("baccarat-a");
    const video = page.getByTestId("table-video");
    expect(await video.getAttribute("poster")).toBe(stream!.poster);
    await expectPlaying(page);
    // Chromium has MSE: hls.js plays the H.264 stream.
    expect(await page.locator("[data-video-state]").getAttribute("data-source")).toBe("hls.js");
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(true);
    await page
      .getByTestId("video-latency")
      .filter({ hasText: /\d+(\.\d)? s behind/ })
      .waitFor();
    await page.getByRole("button", { name: "Unmute" }).click();
    expect(await video.evaluate((element: HTMLVideoElement) => element.muted)).toBe(false);
    await page.getByRole("button", { name: "Mute" }).waitFor();
    // The cards' table is all there below the picture.
    await page.getByTestId("felt").waitFor();
    await screenshots(page, "table-video", "playing");
    expect(problems()).toEqual([]);
    await context.close();
  }, 60_000);

  it("a stream whose playlist is missing leaves the table as it is and says the video is unavailable", async () => {
    await setStream("baccarat-b", { hls: `${stream!.url}/gone/live.m3u8` });
    const { context, page, problems } = await openTable("baccarat-b");
    await page.locator('[data-video-state="failed"]').waitFor();
    const message = page.getByTestId("video-message");
    expect(await message.isVisible()).toBe(true);
    expect(await message.textContent()).toBe(
      "The table's video is unavailable right now. The game goes on below.",
    );
    // No broken picture: the video takes no room, the felt and the spots are there.
    expect(await page.getByTestId("table-video").isVisible()).toBe(false);
    expect(await page.getByTestId("felt").isVisible()).toBe(true);
    expect(await page.getByTestId("spots").isVisible()).toBe(true);
    await screenshots(page, "table-video", "unavailable");
    expect(problems()).toEqual([]);
    await context.close();
  }, 60_000);

  it("a table without video has no video element", async () => {
    const { context, page, problems } = await openTable("pok-deng");
    await page.locator('[data-testid="pok-deng-table"]').waitFor();
    await page.getByTestId("banker").waitFor();
    expect(await page.locator("video").count()).toBe(0);
    expect(await page.locator("[data-video-state]").count()).toBe(0);
    expect(problems()).toEqual([]);
    await context.close();
  }, 60_000);

  it("a table whose WHEP endpoint refuses the offer falls back to its HLS", async () => {
    await setStream("joker-blackjack", { whep: stream!.whep, hls: stream!.playlist });
    const { context, page, problems } = await openTable("joker-blackjack");
    await expectPlaying(page);
    expect(await page.locator("[data-video-state]").getAttribute("data-source")).toBe("hls.js");
    expect(problems()).toEqual([]);
    await context.close();
  }, 60_000);

  it("a table with WebRTC plays it under a second behind live, reconnects when the camera drops, and lets go when the operator removes it", async () => {
    await setStream("baccarat-b", { whep: studio!.endpoint, hls: null });
    const { context, page, problems } = await openTable("baccarat-b");
    await expectPlaying(page);
    expect(await page.locator("[data-video-state]").getAttribute("data-source")).toBe("whep");
    expect(await page.getByTestId("video-latency").textContent()).toContain("under 1 s behind");

    await studio!.cut();
    await page.locator('[data-video-state="reconnecting"]').waitFor();
    studio!.resume();
    await expectPlaying(page);
    expect(await page.locator("[data-video-state]").getAttribute("data-source")).toBe("whep");

    // The operator takes the video off the table: the page follows `table.updated`, the
    // WebRTC session is DELETEd, the table is its cards alone.
    await setStream("baccarat-b", { whep: null });
    await page.locator("video").waitFor({ state: "detached" });
    await expect.poll(() => studio!.sessions()).toBe(0);
    await page.getByTestId("felt").waitFor();
    expect(problems()).toEqual([]);
    await context.close();
  }, 90_000);

  it("a browser without MSE plays the stream with its own HLS", async () => {
    await setStream("baccarat-a", { hls: stream!.playlist });
    const { context, page, problems } = await openTable("baccarat-a", { noMse: true });
    await expectPlaying(page);
    expect(await page.locator("[data-video-state]").getAttribute("data-source")).toBe("native");
    expect(problems()).toEqual([]);
    await context.close();
  }, 60_000);

  it("a stream cut mid-round: the video says it is reconnecting, the round ends with its result, and the video comes back by itself", async () => {
    await setStream("baccarat-a", { hls: stream!.playlist });
    const { context, page, problems } = await openTable("baccarat-a", { guest: true });
    await page.locator('[data-testid="table-page"][data-connection="live"]').waitFor();
    await expectPlaying(page);
    // Mid-round: bets are being taken, the guest could place one.
    await page.locator('[data-testid="spot"][aria-disabled="false"]').first().waitFor();

    stream!.serve(false);
    try {
      await page.locator('[data-video-state="reconnecting"]').waitFor();
      expect(await page.getByTestId("video-message").textContent()).toBe("Reconnecting…");
      // A round played from its start while the video is down ends with its result, from the
      // table's events; at its result no spot takes a bet.
      const downFrom = await page.getByTestId("table-page").getAttribute("data-round");
      const seen = await page.waitForFunction(
        (from) => {
          const round = document
            .querySelector('[data-testid="table-page"]')
            ?.getAttribute("data-round");
          if (!round || round === from || document.querySelector('[data-testid="result"]') === null)
            return null;
          return {
            openSpots: document.querySelectorAll('[data-testid="spot"][aria-disabled="false"]')
              .length,
            video: document.querySelector("[data-video-state]")?.getAttribute("data-video-state"),
          };
        },
        downFrom,
        { polling: 50 },
      );
      expect(await seen.jsonValue()).toEqual({ openSpots: 0, video: "reconnecting" });
      await screenshots(page, "table-video", "reconnecting");
    } finally {
      stream!.serve(true);
    }
    await expectPlaying(page);
    expect(problems()).toEqual([]);
    await context.close();
  }, 90_000);

  it("the lobby's card shows a table's poster as its still, and a table without one as before", async () => {
    await setStream("baccarat-a", { poster: stream!.poster });
    const context = await platform().browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await page.goto(platform().app.url);
    await hydrated(page);
    const poster = page.locator('[data-testid="table-card"][data-slug="baccarat-a"] img');
    await poster.scrollIntoViewIfNeeded();
    expect(await poster.getAttribute("alt")).toBe("Baccarat A: the table's camera");
    expect(await poster.getAttribute("loading")).toBe("lazy");
    await page.waitForFunction(
      () =>
        (document.querySelector<HTMLImageElement>('[data-slug="baccarat-a"] img')?.naturalWidth ??
          0) > 0,
    );
    const box = (await poster.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    expect(await page.locator('[data-testid="table-card"][data-slug="pok-deng"] img').count()).toBe(
      0,
    );
    await screenshots(page, "table-video", "lobby");
    await context.close();
  }, 60_000);
});
