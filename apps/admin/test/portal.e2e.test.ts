import { join } from "node:path";

import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { freePort, launchChromium, repoRoot, spawnApp } from "@fuda/testkit";
import type { SpawnedApp } from "@fuda/testkit";
import { formatTimestamp } from "@fuda/ui";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Everything real: a seeded PostgreSQL database, the game API and the built portal as child
// processes, and Debian Chromium. `turbo run test` builds the portal first.
let database: TestDatabase | undefined;
let gameApi: SpawnedApp | undefined;
let portal: SpawnedApp | undefined;
let browser: Browser | undefined;
let page: Page;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  const apiPort = await freePort();
  gameApi = await spawnApp({
    cwd: join(repoRoot(), "apps/game-api"),
    command: "pnpm",
    args: ["--silent", "start"],
    env: { PORT: String(apiPort), DATABASE_URL: database.url },
    url: `http://127.0.0.1:${apiPort}`,
    readyPath: "/trpc/health",
  });
  const portalPort = await freePort();
  portal = await spawnApp({
    cwd: join(repoRoot(), "apps/admin"),
    command: "pnpm",
    args: ["--silent", "start"],
    env: {
      PORT: String(portalPort),
      GAME_API_URL: `${gameApi.url}/trpc`,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    url: `http://127.0.0.1:${portalPort}`,
  });
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await gameApi?.stop();
  await database?.drop();
});

async function openPortal(): Promise<void> {
  const response = await page.goto(portal!.url);
  expect(response?.status()).toBe(200);
}

const row = (slug: string) => page.locator(`[data-testid="table-row"][data-slug="${slug}"]`);

describe("operator portal", () => {
  it("shows the game API and its database as healthy", async () => {
    await openPortal();
    const health = page.getByTestId("health");
    expect(await health.getAttribute("data-state")).toBe("ok");
    expect(await health.innerText()).toMatch(/Game API ok\s+Database ok/);
  });

  it("lists every table with its full configuration", async () => {
    await openPortal();
    const tables = await database!.db.table.findMany({ orderBy: { slug: "asc" } });
    expect(tables).toHaveLength(5);
    expect(await page.getByTestId("table-row").count()).toBe(5);
    for (const table of tables) {
      const cells = row(table.slug);
      expect(await cells.getByTestId("slug").textContent()).toBe(table.slug);
      expect(await cells.getByTestId("variant").textContent()).toBe(table.variant);
      expect(await cells.getByTestId("status").textContent()).toBe(table.status.toLowerCase());
      expect(await cells.getByTestId("countdown").textContent()).toBe(
        `${table.countdownSeconds} s`,
      );
      expect(await cells.getByTestId("created").textContent()).toBe(
        formatTimestamp(table.createdAt.toISOString()),
      );
      expect(await cells.getByTestId("updated").textContent()).toBe(
        formatTimestamp(table.updatedAt.toISOString()),
      );
      const limitKeys = await cells
        .getByTestId("limit")
        .evaluateAll((rows) => rows.map((element) => element.getAttribute("data-bet")));
      expect(limitKeys).toEqual(
        Object.keys(table.limits as Record<string, unknown>).sort((a, b) => a.localeCompare(b)),
      );
    }
  });

  it("names each game and shows every bet type's min and max in points", async () => {
    await openPortal();
    expect(await page.getByTestId("game").allTextContents()).toEqual([
      "Baccarat",
      "Baccarat",
      "Quick Baccarat",
      "Pok Deng",
      "Joker Blackjack",
    ]);
    const commission = await row("baccarat-a").getByTestId("limit").allInnerTexts();
    expect(commission.map((line) => line.split(/\s+/))).toEqual([
      ["banker", "10", "10,000"],
      ["bankerNatural", "10", "1,000"],
      ["bankerPair", "10", "1,000"],
      ["luckySix", "10", "500"],
      ["player", "10", "10,000"],
      ["playerNatural", "10", "1,000"],
      ["playerPair", "10", "1,000"],
      ["tie", "10", "1,000"],
    ]);
    expect(await row("pok-deng").getByTestId("limit").allInnerTexts()).toEqual([
      expect.stringMatching(/^seat\s+10\s+5,000$/),
      expect.stringMatching(/^seatPair\s+10\s+500$/),
    ]);
    expect(await row("quick-baccarat").getByTestId("countdown").textContent()).toBe("0 s");
  });

  it("says the game API is unavailable, instead of failing, when the API is down", async () => {
    await gameApi!.stop();
    await openPortal();
    const health = page.getByTestId("health");
    expect(await health.getAttribute("data-state")).toBe("down");
    expect(await health.locator("strong").textContent()).toBe("Game API unavailable");
    expect(await page.getByTestId("table-row").count()).toBe(0);
  });
});
