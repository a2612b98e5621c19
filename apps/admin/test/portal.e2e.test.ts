import { seedDemoAccountsAt } from "@fuda/auth";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { startPgProxy } from "@fuda/testkit";
import type { NextStack, PgProxy } from "@fuda/testkit";
import { formatTimestamp } from "@fuda/ui";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signInPortal, startPortal } from "./portal-stack";

// Everything real: a seeded PostgreSQL database, the game API and the built portal as child
// processes, and Debian Chromium. `turbo run test` builds the portal first.
let database: TestDatabase | undefined;
let stack: NextStack | undefined;
// The game API reaches the database through a relay the tests stop to take the database away.
let proxy: PgProxy | undefined;
let page: Page;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  await seedDemoAccountsAt({ url: database.url });
  proxy = await startPgProxy(database.url);
  stack = await startPortal({ databaseUrl: proxy.url });
  page = stack.page;
  // The portal is for a signed-in operator (tables.e2e.test.ts tests the sign-in itself).
  await signInPortal(page, stack.app.url, "operator");
  await page.getByTestId("portal").waitFor();
});

afterAll(async () => {
  await stack?.stop();
  await proxy?.close();
  await database?.drop();
});

async function openPortal(): Promise<void> {
  const response = await page.goto(stack!.app.url);
  expect(response?.status()).toBe(200);
  // The page shows once the portal knows who is signed in (or that the game API is away).
  await page.getByTestId("portal").waitFor();
}

const row = (slug: string) => page.locator(`[data-testid="table-row"][data-slug="${slug}"]`);

describe("operator portal", () => {
  it("shows the game API and its database as healthy", async () => {
    await openPortal();
    const health = page.getByTestId("health");
    expect(await health.getAttribute("data-state")).toBe("ok");
    expect(await health.innerText()).toMatch(/Game API ok\s+Database ok/);
  });

  it("declares its own icon, so no browser asks for a missing /favicon.ico", async () => {
    await openPortal();
    const href = await page.locator('link[rel="icon"]').getAttribute("href");
    expect(href).toMatch(/^\/icon\.svg/);
    const icon = await page.request.get(new URL(href!, stack!.app.url).toString());
    expect(icon.status()).toBe(200);
    expect(icon.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
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
      // The quick game's, which has none, is checked below.
      if (table.countdownSeconds > 0) {
        expect(await cells.getByTestId("countdown").textContent()).toBe(
          `${table.countdownSeconds} s`,
        );
      }
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
    // The quick game has no countdown: a dash, and why for a screen reader and a mouse.
    const noCountdown = row("quick-baccarat").getByTestId("countdown");
    const why = "No countdown: each player deals their own round";
    expect(await noCountdown.locator("[aria-hidden]").textContent()).toBe("—");
    expect(await noCountdown.locator("[title]").getAttribute("title")).toBe(why);
    expect(await noCountdown.textContent()).toBe(`—${why}`);
    expect(await row("baccarat-a").getByTestId("countdown").textContent()).toBe("20 s");
  });

  it("names the database when the game API answers but its database does not", async () => {
    await proxy!.stop();
    try {
      await openPortal();
      const health = page.getByTestId("health");
      expect(await health.getAttribute("data-down")).toBe("database");
      expect(await health.locator("strong").textContent()).toBe("Database unavailable");
      expect(await health.locator("code.reason, code").last().textContent()).toBe(
        "database: not reachable, retry later",
      );
    } finally {
      await proxy!.start();
    }
    await openPortal();
    expect(await page.getByTestId("health").getAttribute("data-state")).toBe("ok");
  });

  it("says the game API is unavailable, instead of failing, when the API is down", async () => {
    await stack!.gameApi.stop();
    await openPortal();
    const health = page.getByTestId("health");
    expect(await health.getAttribute("data-state")).toBe("down");
    expect(await health.getAttribute("data-down")).toBe("game-api");
    expect(await health.locator("strong").textContent()).toBe("Game API unavailable");
    expect(await page.getByTestId("table-row").count()).toBe(0);
  });
});
