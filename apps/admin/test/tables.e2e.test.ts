import { mkdir } from "node:fs/promises";
import { join } from "node:path";

import { demoAccounts } from "@fuda/auth";
import type { TestDatabase } from "@fuda/db/testing";
import { hydrated, repoRoot } from "@fuda/testkit";
import type { NextStack } from "@fuda/testkit";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signInPortal, startSeededPortal } from "./portal-stack";

// Everything real: a seeded database with the demo accounts, the game API, the built portal and
// Debian Chromium.
let database: TestDatabase | undefined;
let stack: NextStack | undefined;
let page: Page;

const account = (role: "operator" | "player") =>
  demoAccounts.find((candidate) => candidate.role === role)!;

beforeAll(async () => {
  ({ database, stack } = await startSeededPortal());
  page = stack.page;
});

afterAll(async () => {
  await stack?.stop();
  await database?.drop();
});

const signIn = (role: "operator" | "player") => signInPortal(page, stack!.app.url, role);

const row = (slug: string) => page.locator(`[data-testid="table-row"][data-slug="${slug}"]`);
const tableOf = (slug: string) => database!.db.table.findUniqueOrThrow({ where: { slug } });

describe("the operators' portal: sign-in and tables", () => {
  it("sends a visitor who is not signed in to the sign-in page", async () => {
    await page.goto(stack!.app.url);
    await hydrated(page);
    await page.waitForURL(/\/sign-in$/);
    expect(await page.getByRole("button", { name: "Sign in" }).isVisible()).toBe(true);
  });

  it("refuses a player's account at sign-in, and leaves no session behind", async () => {
    await signIn("player");
    expect(await page.getByTestId("sign-in-problem").textContent()).toBe(
      "This portal is for operators",
    );
    await page.goto(stack!.app.url);
    await hydrated(page);
    await page.waitForURL(/\/sign-in$/);
  });

  it("signs an operator in, with every section in the nav", async () => {
    await signIn("operator");
    await page.getByTestId("portal").waitFor();
    expect(await page.getByTestId("signed-in-as").innerText()).toContain(account("operator").email);
    expect(
      await page.getByRole("navigation", { name: "Sections" }).getByRole("link").allInnerTexts(),
    ).toEqual([
      "Tables",
      "Monitor",
      "Chat",
      "Rounds",
      "Players",
      "Returns",
      "Partners",
      "Audit",
      "Dealers",
    ]);
  });

  it("asks before closing or pausing a table: Cancel and Esc leave the table and the audit log as they were", async () => {
    await page.goto(stack!.app.url);
    await hydrated(page);
    await page.getByTestId("table-actions").first().waitFor();
    const before = (await tableOf("pok-deng")).status;
    const audited = () => database!.db.auditEntry.count();
    const auditedBefore = await audited();

    await row("pok-deng").getByRole("button", { name: "Close" }).click();
    const close = page.getByRole("dialog", { name: "Close Pok Deng?" });
    await close.waitFor();
    // Described by what it does; focus on Cancel, so Enter out of habit changes nothing.
    expect(await close.getAttribute("aria-describedby")).toBeTruthy();
    expect(
      await close
        .getByRole("button", { name: "Cancel" })
        .evaluate((button) => button === document.activeElement),
    ).toBe(true);
    await close.getByRole("button", { name: "Cancel" }).click();
    await close.waitFor({ state: "hidden" });

    await row("pok-deng").getByRole("button", { name: "Pause" }).click();
    const pause = page.getByRole("dialog", { name: "Pause Pok Deng?" });
    await pause.waitFor();
    await page.keyboard.press("Escape");
    await pause.waitFor({ state: "hidden" });

    expect((await tableOf("pok-deng")).status).toBe(before);
    expect(await audited()).toBe(auditedBefore);
    expect(await row("pok-deng").getByTestId("status").textContent()).toBe("open");
  });

  it("pauses a table: its row says paused, the table is paused and the pause is audited", async () => {
    await page.goto(stack!.app.url);
    await hydrated(page);
    const counted = (status: string) =>
      page.locator(`[data-testid="status-counts"] [data-status="${status}"] strong`).textContent();
    const pausedBefore = Number(await counted("paused"));
    await row("pok-deng").getByRole("button", { name: "Pause" }).click();
    await page
      .getByRole("dialog", { name: "Pause Pok Deng?" })
      .getByRole("button", { name: "Pause table" })
      .click();
    await row("pok-deng").locator('[data-testid="status"]', { hasText: "paused" }).waitFor();
    // The counts above the table follow the rows, without a reload.
    expect(Number(await counted("paused"))).toBe(pausedBefore + 1);
    expect((await tableOf("pok-deng")).status).toBe("PAUSED");
    const entry = await database!.db.auditEntry.findFirstOrThrow({
      where: { action: "tables.pause" },
    });
    expect(entry.targetId).toBe((await tableOf("pok-deng")).id);
    expect(await row("pok-deng").getByRole("button", { name: "Pause" }).isDisabled()).toBe(true);
  });

  it("edits a limit: min above max is refused next to the field; a valid limit is saved", async () => {
    await page.goto(stack!.app.url);
    await hydrated(page);
    await row("baccarat-a").getByRole("button", { name: "Edit" }).click();
    const editor = page.getByTestId("table-editor");
    await editor.getByLabel("tie min").fill("600");
    await editor.getByLabel("tie max").fill("500");
    await editor.getByRole("button", { name: "Save" }).click();
    expect(await editor.getByTestId("problem-limits.tie.max").textContent()).toBe(
      "limits.tie.max: must not be below min (60000)",
    );
    expect((await tableOf("baccarat-a")).limits).toMatchObject({
      tie: { min: 1_000, max: 100_000 },
    });

    await editor.getByLabel("tie min").fill("20");
    await editor.getByLabel("tie max").fill("500");
    await editor.getByLabel(/Reason/).fill("smaller tie bets tonight");
    await editor.getByRole("button", { name: "Save" }).click();
    await editor.getByRole("status").waitFor();
    expect((await tableOf("baccarat-a")).limits).toMatchObject({
      tie: { min: 2_000, max: 50_000 },
    });
    await row("baccarat-a")
      .locator('[data-testid="limit"][data-bet="tie"]', { hasText: "500" })
      .waitFor();
  });

  it("shows the changes in the audit log, filtered by action", async () => {
    await page.goto(`${stack!.app.url}/audit`);
    await hydrated(page);
    await page.getByTestId("audit-entry").first().waitFor();
    expect(
      await page
        .getByTestId("audit-entry")
        .evaluateAll((rows) => rows.map((element) => element.getAttribute("data-action"))),
    ).toEqual([
      "tables.update",
      "tables.pause",
      // The operator's own first sign-in, newest first (two-factor.e2e.test.ts).
      "auth.twoFactorEnrolled",
      "auth.enrolRequired",
      "auth.signIn",
    ]);
    await page.getByLabel("Action").fill("tables.update");
    await page.getByRole("button", { name: "Search" }).click();
    await page.locator('[data-testid="audit-entry"][data-action="tables.pause"]').waitFor({
      state: "detached",
    });
    expect(await page.getByTestId("audit-entry").first().innerText()).toContain(
      "smaller tie bets tonight",
    );
    // The search is the page's address: a reload keeps it, field and entries.
    await page.waitForURL((url) => url.searchParams.get("action") === "tables.update");
    await page.reload();
    await hydrated(page);
    await page.getByTestId("audit-entry").first().waitFor();
    expect(await page.getByLabel("Action").inputValue()).toBe("tables.update");
    expect(
      await page
        .getByTestId("audit-entry")
        .evaluateAll((rows) => rows.map((element) => element.getAttribute("data-action"))),
    ).toEqual(["tables.update"]);
  });

  it("edits the quick game without a countdown field: it has none, and its limits save", async () => {
    await page.goto(stack!.app.url);
    await hydrated(page);
    await row("quick-baccarat").getByRole("button", { name: "Edit" }).click();
    const editor = page.getByTestId("table-editor");
    await editor.getByLabel("Name").waitFor();
    expect(await editor.getByLabel("Countdown (seconds)").count()).toBe(0);
    // Four points a spot at most, where the seed allows five.
    await editor.getByLabel("tie max").fill("4");
    await editor.getByRole("button", { name: "Save" }).click();
    await editor.getByRole("status").waitFor();
    expect(await tableOf("quick-baccarat")).toMatchObject({
      countdownSeconds: 0,
      limits: { tie: { min: 100, max: 400 } },
    });
  });

  it("creates tables, paused: a live one refuses a countdown of 0 under its field; a quick one asks none", async () => {
    await page.goto(stack!.app.url);
    await hydrated(page);
    const form = page.getByTestId("create-table");
    await form.getByLabel("Slug").fill("baccarat-c");
    await form.getByLabel("Name").fill("Baccarat C");
    await form.getByLabel("Countdown (seconds)").fill("0");
    await form.getByRole("button", { name: "Create (paused)" }).click();
    expect(await form.getByTestId("problem-countdownSeconds").textContent()).toBe(
      "countdownSeconds: at least 1 second for a live table",
    );
    expect(await database!.db.table.count({ where: { slug: "baccarat-c" } })).toBe(0);
    await form.getByLabel("Countdown (seconds)").fill("25");
    await form.getByRole("button", { name: "Create (paused)" }).click();
    await form.getByRole("status").filter({ hasText: "Created baccarat-c" }).waitFor();
    expect(await tableOf("baccarat-c")).toMatchObject({ countdownSeconds: 25, status: "PAUSED" });
    expect(await row("baccarat-c").getByTestId("countdown").textContent()).toBe("25 s");

    await form.getByLabel("Game").selectOption("quick-baccarat");
    expect(await form.getByLabel("Countdown (seconds)").count()).toBe(0);
    await form.getByLabel("Slug").fill("quick-baccarat-2");
    await form.getByLabel("Name").fill("Quick Baccarat 2");
    await form.getByRole("button", { name: "Create (paused)" }).click();
    await form.getByRole("status").filter({ hasText: "Created quick-baccarat-2" }).waitFor();
    expect(await tableOf("quick-baccarat-2")).toMatchObject({
      game: "QUICK_BACCARAT",
      countdownSeconds: 0,
      status: "PAUSED",
    });
  });

  it("fits every table's actions on the page: no button cut off at the table's edge", async () => {
    await page.goto(stack!.app.url);
    await hydrated(page);
    await page.getByTestId("table-actions").first().waitFor();
    const overflow = await page.getByTestId("tables").evaluate((table) => {
      const scroller = table.parentElement!.getBoundingClientRect();
      const buttons = [...table.querySelectorAll('[data-testid="table-actions"] button')];
      return {
        scrolls: table.parentElement!.scrollWidth > table.parentElement!.clientWidth,
        cut: buttons.filter((button) => button.getBoundingClientRect().right > scroller.right)
          .length,
        buttons: buttons.length,
      };
    });
    expect(overflow).toEqual({ scrolls: false, cut: 0, buttons: overflow.buttons });
    expect(overflow.buttons).toBeGreaterThan(10);
  });

  it("fits a 1,280 px screen: every row's actions lie inside the table's visible box, no sideways scroll", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      await page.goto(stack!.app.url);
      await hydrated(page);
      await page.getByTestId("table-actions").first().waitFor();
      const rows = await page.getByTestId("tables").evaluate((table) => {
        const box = table.parentElement!.getBoundingClientRect();
        return {
          scrolls: table.parentElement!.scrollWidth > table.parentElement!.clientWidth,
          pageScrolls: document.documentElement.scrollWidth > window.innerWidth,
          rows: [...table.querySelectorAll('[data-testid="table-row"]')].map((row) => {
            const buttons = [...row.querySelectorAll('[data-testid="table-actions"] button')];
            return {
              slug: row.getAttribute("data-slug"),
              buttons: buttons.length,
              outside: buttons
                .filter((button) => {
                  const { left, right } = button.getBoundingClientRect();
                  return left < box.left || right > box.right;
                })
                .map((button) => button.textContent),
            };
          }),
        };
      });
      const shots = join(repoRoot(), ".data", "screenshots");
      await mkdir(shots, { recursive: true });
      await page.screenshot({ path: join(shots, "admin-tables-1280.png"), fullPage: true });
      expect(rows.scrolls).toBe(false);
      expect(rows.pageScrolls).toBe(false);
      expect(rows.rows.length).toBeGreaterThan(3);
      for (const row of rows.rows) {
        // Open, Pause, Close and Edit at every table; New shoe too but at the quick game's.
        expect(row.buttons, row.slug!).toBeGreaterThanOrEqual(4);
        expect(row.outside, row.slug!).toEqual([]);
      }
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });

  it("fits a 375 px phone: nothing but the tables' own box scrolls sideways, the editor open or not", async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    try {
      await page.goto(stack!.app.url);
      await hydrated(page);
      await page.getByTestId("table-actions").first().waitFor();
      const fits = () =>
        page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      expect(await fits()).toBe(true);
      await row("baccarat-a").getByRole("button", { name: "Edit" }).click();
      await page.getByTestId("table-editor").waitFor();
      expect(await fits()).toBe(true);
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });

  it("signs out: the portal sends the browser back to sign in", async () => {
    await page.goto(stack!.app.url);
    await hydrated(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/sign-in$/);
    await page.goto(stack!.app.url);
    await hydrated(page);
    await page.waitForURL(/\/sign-in$/);
  });
});
