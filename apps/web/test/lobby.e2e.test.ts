import { setTimeout as sleep } from "node:timers/promises";

import { gameNames } from "@fuda/api";
import { demoTables, seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { rawRequest, startNextStack, startPgProxy } from "@fuda/testkit";
import type { NextStack, PgProxy } from "@fuda/testkit";

import { KEPT_PAGE_MS } from "./platform";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Everything real: a seeded PostgreSQL database, the game API and the built lobby as child
// processes, and Debian Chromium. `turbo run test` builds the lobby first.
let database: TestDatabase | undefined;
let stack: NextStack | undefined;
// The game API reaches the database through a relay the tests stop to take the database away.
let proxy: PgProxy | undefined;
let page: Page;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  proxy = await startPgProxy(database.url);
  stack = await startNextStack({
    app: "web",
    databaseUrl: proxy.url,
    viewport: { width: 1280, height: 900 },
  });
  page = stack.page;
  // Below vitest's test timeout, so that a wait that fails says what it waited for.
  page.setDefaultTimeout(20_000);
});

afterAll(async () => {
  await stack?.stop();
  await proxy?.close();
  await database?.drop();
});

async function openLobby(): Promise<void> {
  const response = await page.goto(stack!.app.url);
  expect(response?.status()).toBe(200);
}

const card = (slug: string) => page.locator(`[data-testid="table-card"][data-slug="${slug}"]`);

describe("lobby", () => {
  it("lists the five seeded tables, each under its game's heading", async () => {
    await openLobby();
    expect(await page.getByTestId("table-card").count()).toBe(5);
    for (const table of demoTables) {
      const game = gameNames[table.game];
      const section = page.locator(`section#${game}`);
      expect(await section.locator(`[data-slug="${table.slug}"] h3`).textContent()).toBe(
        table.name,
      );
    }
    expect(await page.locator("section h2").allTextContents()).toEqual([
      "Baccarat",
      "Quick Baccarat",
      "Pok Deng",
      "Joker Blackjack",
    ]);
    expect(await page.getByTestId("lobby-summary").textContent()).toBe("5 tables · 5 open now");
  });

  it("shows each table's variant, status, countdown and limits per bet type in points", async () => {
    await openLobby();
    const commission = card("baccarat-a");
    expect(await commission.getByTestId("variant").textContent()).toBe("Commission");
    expect(await commission.getByTestId("countdown").textContent()).toBe("20 s to bet");
    expect(await commission.locator("[data-status]").last().textContent()).toBe("Open");
    const limits = await commission.getByTestId("limit").allInnerTexts();
    expect(limits.map((line) => line.replace(/\s+/g, " "))).toEqual([
      "Player 10–10,000",
      "Banker 10–10,000",
      "Tie 10–1,000",
      "Player Pair 10–1,000",
      "Banker Pair 10–1,000",
      "Lucky Six 10–500",
      "Player Natural 10–1,000",
      "Banker Natural 10–1,000",
    ]);
    expect(await card("baccarat-b").getByTestId("variant").textContent()).toBe("No commission");
    expect(await card("quick-baccarat").getByTestId("countdown").textContent()).toBe(
      "Deal on demand",
    );
    const quickSpots = await card("quick-baccarat").getByTestId("limit").allInnerTexts();
    expect(quickSpots.map((line) => line.replace(/\s+/g, " "))).toEqual([
      "Player Pair 1–5",
      "Player 1–5",
      "Tie 1–5",
      "Banker 1–5",
      "Banker Pair 1–5",
    ]);
    expect(await card("pok-deng").getByTestId("limit").allInnerTexts()).toEqual([
      expect.stringMatching(/^Player \(each seat\)\s+10–5,000$/),
      expect.stringMatching(/^Player Pair \(each seat\)\s+10–500$/),
    ]);
    expect(await card("joker-blackjack").getByTestId("limit").first().innerText()).toMatch(
      /^Main bet\s+10–5,000$/,
    );
  });

  it("is never more than a second old: a table the operator pauses shows as paused on a visit a second later", async () => {
    await database!.db.table.update({ where: { slug: "baccarat-b" }, data: { status: "PAUSED" } });
    await sleep(KEPT_PAGE_MS);
    await openLobby();
    expect(await card("baccarat-b").getAttribute("data-status")).toBe("paused");
    expect(await card("baccarat-b").locator("[data-status]").last().textContent()).toBe("Paused");
    expect(await page.getByTestId("lobby-summary").textContent()).toBe("5 tables · 4 open now");
  });

  it("updates an open lobby by itself when an operator closes a table or changes its limits", async () => {
    await openLobby();
    const connection = page.getByTestId("connection");
    await page.locator('[data-testid="connection"][data-connection="live"]').waitFor();
    expect(await connection.textContent()).toBe("Live");
    // A mark on this document: a reload or navigation would replace it.
    await page.evaluate(() => {
      document.body.setAttribute("data-opened", "once");
    });

    await database!.db.table.update({ where: { slug: "pok-deng" }, data: { status: "CLOSED" } });
    await database!.db.table.update({
      where: { slug: "joker-blackjack" },
      data: { limits: { main: { min: 2_000, max: 100_000 } } },
    });

    // The game API checks for changes every 2 s.
    await page
      .locator('[data-testid="table-card"][data-slug="pok-deng"][data-status="closed"]')
      .waitFor();
    expect(await card("pok-deng").locator("[data-status]").last().textContent()).toBe("Closed");
    await card("joker-blackjack").getByTestId("limit").filter({ hasText: "20–1,000" }).waitFor();
    expect(await card("joker-blackjack").getByTestId("limit").first().innerText()).toMatch(
      /^Main bet\s+20–1,000$/,
    );
    expect(await page.getByTestId("lobby-summary").textContent()).toBe("5 tables · 3 open now");
    expect(await page.locator("body").getAttribute("data-opened")).toBe("once");
  });

  it("answers other methods with 405 and Allow, a target that is not a path with 400, HEAD with 200", async () => {
    for (const method of ["PUT", "DELETE", "TRACE", "OPTIONS", "POST"]) {
      for (const path of ["/", "/api/tables/watch", "/nope"]) {
        const answer = await rawRequest(stack!.app.url, method, path);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe("GET, HEAD");
      }
    }
    expect((await rawRequest(stack!.app.url, "GET", "*")).status).toBe(400);
    expect(await rawRequest(stack!.app.url, "HEAD", "/")).toMatchObject({ status: 200, body: "" });
  });

  it("relays the accounts same-origin: POST signs a guest in with an HttpOnly session cookie", async () => {
    const signIn = await fetch(`${stack!.app.url}/api/auth/sign-in/anonymous`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: stack!.app.url },
      body: "{}",
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((line) => line.startsWith("fuda.session"));
    expect(cookie).toMatch(/HttpOnly/i);
    for (const method of ["PUT", "TRACE"]) {
      const answer = await rawRequest(stack!.app.url, method, "/api/auth/sign-in/anonymous");
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow, method).toBe("GET, HEAD, POST");
    }
  });

  it("names the database while it is down, and fills in by itself once it is back", async () => {
    await proxy!.stop();
    try {
      await sleep(KEPT_PAGE_MS);
      await openLobby();
      const alert = page.getByTestId("game-api-unavailable");
      expect(await alert.getAttribute("data-down")).toBe("database");
      expect(await alert.locator("h2").textContent()).toBe("Game database unavailable");
      expect(await page.locator("body").innerText()).not.toMatch(/127\.0\.0\.1|prisma|\.ts\b/i);
      const relay = await fetch(`${stack!.app.url}/api/tables/watch`);
      expect(relay.status).toBe(503);
      expect(relay.headers.get("retry-after")).toBe("5");
      expect(await relay.text()).toBe("Game database unavailable");
      await page.locator('[data-testid="connection"][data-connection="reconnecting"]').waitFor();
    } finally {
      await proxy!.start();
    }
    await page.locator('[data-testid="table-card"]').first().waitFor();
    expect(await page.getByTestId("table-card").count()).toBe(5);
    expect(await page.getByTestId("game-api-unavailable").count()).toBe(0);
  });

  it("says Reconnecting… and keeps the tables it shows when the stream drops", async () => {
    await openLobby();
    await page.locator('[data-testid="connection"][data-connection="live"]').waitFor();
    await stack!.gameApi.stop();
    await page.locator('[data-testid="connection"][data-connection="reconnecting"]').waitFor();
    expect(await page.getByTestId("connection").textContent()).toBe("Reconnecting…");
    expect(await page.getByTestId("table-card").count()).toBe(5);
  });

  it("says the game API is unavailable, instead of failing, when the API is down", async () => {
    await stack!.gameApi.stop();
    // A lobby rendered while the API was up may still be sent for up to KEPT_PAGE_MS.
    await sleep(KEPT_PAGE_MS);
    await openLobby();
    const alert = page.getByTestId("game-api-unavailable");
    expect(await alert.getAttribute("data-down")).toBe("game-api");
    expect(await alert.locator("h2").textContent()).toBe("Game API unavailable");
    const relay = await fetch(`${stack!.app.url}/api/tables/watch`);
    expect(relay.status).toBe(503);
    expect(relay.headers.get("retry-after")).toBe("5");
    expect(await page.getByTestId("table-card").count()).toBe(0);
    await page.locator('[data-testid="connection"][data-connection="reconnecting"]').waitFor();
  });
});
