import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import {
  authClient,
  freePort,
  hydrated,
  launchChromium,
  signInStaff,
  startGameApi,
  startNextApp,
} from "@fuda/testkit";
import type { SpawnedApp } from "@fuda/testkit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

// Every new player's welcome grant (docs/accounts.md): 10,000 points.
export const WELCOME = 1_000_000;
// Words of three Latin letters or more: English left on a Japanese or Thai page.
export const LATIN_WORD = /[A-Za-z]{3,}/g;

/** How long the app's server may serve a lobby or table page it rendered (scripts/server.ts). */
export const KEPT_PAGE_MS = 1_000;

/** A dealer fast enough for a test to watch rounds go by, slow enough to bet in. */
export const FAST_DEALER = {
  BETTING_WINDOW_MS: "4000",
  DEAL_DELAY_MS: "150",
  RESULT_PAUSE_MS: "600",
};

export interface Platform {
  database: TestDatabase;
  gameApi: SpawnedApp;
  app: SpawnedApp;
  browser: Browser;
  stop(): Promise<void>;
}

/**
 * A seeded database, the game API dealing on it (with `gameApiEnv`) and trusting the app's
 * origin for sign-in, the built web app (with `appEnv`), Chromium.
 */
export async function startPlatform(
  gameApiEnv: Record<string, string> = {},
  appEnv: Record<string, string> = {},
): Promise<Platform> {
  const started: { stop(): Promise<void> }[] = [];
  const stop = async (): Promise<void> => {
    for (const part of started.splice(0).reverse()) await part.stop();
  };
  try {
    const database = await createTestDatabase();
    started.push({ stop: () => database.drop() });
    await seed(database.db);
    // The app first, on the game API's port-to-be: better-auth accepts session cookies only from
    // the origins it trusts, and the app's port is known once it runs.
    const gameApiPort = await freePort();
    const app = await startNextApp({
      app: "web",
      gameApiUrl: `http://127.0.0.1:${gameApiPort}/trpc`,
      env: appEnv,
    });
    started.push(app);
    const gameApi = await startGameApi({
      databaseUrl: database.url,
      port: gameApiPort,
      env: { AUTH_TRUSTED_ORIGINS: app.url, ...gameApiEnv },
    });
    started.push(gameApi);
    const browser = await launchChromium();
    started.push({ stop: () => browser.close() });
    return { database, gameApi, app, browser, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The platform (startPlatform with `gameApiEnv`) for one test file: started before its tests,
 * stopped after them. Call at the file's top; the function returned gives the running platform.
 * (Not "usePlatform": the React hooks lint rule takes any use* function for a hook.)
 */
export function platformForFile(
  gameApiEnv: Record<string, string> = {},
  appEnv: Record<string, string> = {},
): () => Platform {
  let platform: Platform | undefined;
  beforeAll(async () => {
    platform = await startPlatform(gameApiEnv, appEnv);
  });
  afterAll(async () => {
    await platform?.stop();
  });
  return () => {
    if (platform === undefined) throw new Error("the platform is not started (platformForFile)");
    return platform;
  };
}

/**
 * Console errors and failed requests of every page of a context. A request the page itself
 * gives up (a stream closed by leaving the page) is not a failure.
 */
export function watchProblems(context: BrowserContext): string[] {
  const problems: string[] = [];
  const watch = (page: Page): void => {
    page.on("console", (message) => {
      // "Failed to load resource" repeats a failed response, recorded below with its URL.
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
        problems.push(`console: ${message.text()}`);
      }
    });
    page.on("pageerror", (error) => {
      problems.push(`page error: ${error.message}`);
    });
    page.on("requestfailed", (request) => {
      const failure = request.failure()?.errorText ?? "";
      if (!failure.includes("ERR_ABORTED")) problems.push(`${request.url()}: ${failure}`);
    });
    page.on("response", (response) => {
      if (response.status() >= 400) problems.push(`${response.url()}: ${response.status()}`);
    });
  };
  context.pages().forEach(watch);
  context.on("page", watch);
  return problems;
}

const ARTIFACTS = join(import.meta.dirname, "..", "test-results");

/** Saves the page at 375 px and 1280 px wide as test artifacts (apps/web/test-results/<flow>/). */
export async function screenshots(page: Page, flow: string, name: string): Promise<void> {
  const folder = join(ARTIFACTS, flow);
  mkdirSync(folder, { recursive: true });
  const original = page.viewportSize() ?? { width: 1280, height: 900 };
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.screenshot({ path: join(folder, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

/**
 * The page's own words: its text without what is deliberately not translated (operators' table
 * names and codes, marked `translate="no"`, and each language's name written in itself).
 */
export async function translatableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const copy = document.body.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('[translate="no"], [lang], script, style').forEach((node) => {
      node.remove();
    });
    // textContent, not innerText: words hidden from view count too.
    return copy.textContent;
  });
}

/** A tRPC mutation of the game API, called with a session's cookie. */
export type SessionCall = (procedure: string, input: unknown) => Promise<Response>;

/**
 * A staff member's session on the game API: an account given `role` in the database (as the
 * admin portal would), signed in again so its session carries the role, enrolled in two-factor
 * sign-in on the way as staff must be (docs/security.md). `prepare` runs on the account first (a
 * dealer's table assignment).
 */
export async function staffSession(
  platform: Platform,
  role: "operator" | "dealer",
  { name = role, prepare }: { name?: string; prepare?: (userId: string) => Promise<unknown> } = {},
): Promise<SessionCall> {
  const { gameApi, app, database } = platform;
  const email = `${role}-${randomUUID()}@staff.test`;
  const password = "correct horse battery";
  await authClient(gameApi.url, app.url).post("sign-up/email", { email, password, name });
  const user = await database.db.user.update({ where: { email }, data: { role } });
  await database.db.session.deleteMany({ where: { userId: user.id } });
  await prepare?.(user.id);
  const staff = authClient(gameApi.url, app.url);
  await signInStaff(staff.post, { email, password });
  const cookie = staff.cookie();
  return (procedure, input) =>
    fetch(`${gameApi.url}/trpc/${procedure}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url, cookie },
      body: JSON.stringify(input),
    });
}

/** The game API's tRPC, called as the browser context's signed-in player (its session cookie). */
export async function callAsPlayer<T>(
  platform: Platform,
  context: BrowserContext,
  procedure: string,
  input?: unknown,
): Promise<T> {
  const cookie = (await context.cookies(platform.app.url))
    .map(({ name, value }) => `${name}=${value}`)
    .join("; ");
  const url = `${platform.gameApi.url}/trpc/${procedure}`;
  const response = procedure.startsWith("bets.")
    ? await fetch(url, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify(input),
      })
    : await fetch(
        input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`,
        { headers: { cookie } },
      );
  const body = (await response.json()) as { result?: { data: T }; error?: unknown };
  if (body.result === undefined) throw new Error(`${procedure}: ${JSON.stringify(body.error)}`);
  return body.result.data;
}

/** Opens the lobby and plays as a guest through the header, as a visitor would. */
export async function playAsGuest(platform: Platform, page: Page): Promise<void> {
  await page.goto(platform.app.url);
  await hydrated(page);
  await page.getByRole("button", { name: "Play as guest" }).click();
  await page.locator('[data-testid="account"][data-signed-in="true"]').waitFor();
}

/**
 * `bets` through the API, as the browser context's signed-in player, on the next round of the
 * table `slug` with time left to bet; waits until the recall shows them settled and returns the
 * round as the recall does.
 */
export async function playLiveRound<Round extends { roundId: string; bets: { status: string }[] }>(
  platform: Platform,
  context: BrowserContext,
  slug: string,
  bets: { bet: string; seat?: number; amount: number }[],
): Promise<Round> {
  let roundId: string | undefined;
  while (roundId === undefined) {
    const { round } = await callAsPlayer<{
      round: { id: string; phase: string; closesAt: string } | null;
    }>(platform, context, "tables.get", { slug });
    if (round?.phase === "betting" && Date.parse(round.closesAt) - Date.now() > 1_000) {
      await callAsPlayer(platform, context, "bets.place", {
        roundId: round.id,
        bets,
        requestId: `${slug}-${round.id}`,
      });
      roundId = round.id;
    } else {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  for (;;) {
    const { rounds } = await callAsPlayer<{ rounds: Round[] }>(platform, context, "history.recall");
    const round = rounds.find((recalled) => recalled.roundId === roundId);
    if (round?.bets.every((bet) => bet.status === "settled")) return round;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** New tables copied from `model` (its game, variant, limits and settings) under `slugs`. */
export async function copyTable(platform: Platform, model: string, slugs: readonly string[]) {
  const { db } = platform.database;
  const {
    id: _,
    createdAt: __,
    updatedAt: ___,
    ...copy
  } = await db.table.findUniqueOrThrow({
    where: { slug: model },
  });
  const made = [];
  for (const slug of slugs) {
    made.push(
      await db.table.create({
        data: {
          ...copy,
          slug,
          name: slug,
          limits: copy.limits ?? {},
          settings: copy.settings ?? {},
          stream: copy.stream ?? {},
        },
      }),
    );
  }
  return made;
}

/**
 * `attribute` of the first element `selector` matches, read the moment it shows: a round's
 * result stays on the page only until the next round opens.
 */
export async function attributeWhenShown(
  page: Page,
  selector: string,
  attribute: string,
  timeout = 60_000,
): Promise<string> {
  const shown = await page.waitForFunction(
    ([css, name]) => document.querySelector(css)?.getAttribute(name) ?? null,
    [selector, attribute] as const,
    { polling: 50, timeout },
  );
  return (await shown.jsonValue())!;
}

/** A phone held upright (390×844, touch, 2× pixels) in English: the phones' browser context. */
export const phoneContext = (platform: Platform) =>
  platform.browser.newContext({
    locale: "en-US",
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 2,
    viewport: { width: 390, height: 844 },
  });
