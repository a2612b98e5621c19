import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

import { createAuth } from "@fuda/auth";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { hydrated, startResultsFeed, until } from "@fuda/testkit";
import type { NextStack, SpawnedApp } from "@fuda/testkit";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { signInThroughRelay, startPortal } from "./portal-stack";

// Everything real: a seeded database, the game API and the built portal, the results feed, and
// Debian Chromium. An admin signs in to the portal through its own auth relay.
let database: TestDatabase | undefined;
let stack: NextStack | undefined;
let feed: SpawnedApp | undefined;
let page: Page;
/** A partner's webhook endpoint: acknowledges every delivery, keeping its event id. */
let receiver: Server | undefined;
const acknowledged: string[] = [];

const ADMIN = { email: "admin@e2e.fuda", password: "admin-e2e-password-1" };
const OPERATOR = { email: "operator@e2e.fuda", password: "operator-e2e-password-1" };

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  const auth = createAuth({
    db: database.db,
    secret: "e2e-secret-e2e-secret-e2e-secret",
    baseURL: "http://127.0.0.1",
    trustedOrigins: [],
  });
  await auth.api.createUser({ body: { ...ADMIN, name: "Admin", role: "admin" } });
  await auth.api.createUser({ body: { ...OPERATOR, name: "Operator", role: "operator" } });
  // The built portal (built here when missing) and a game API trusting its origin.
  // Short betting windows: the webhook step waits for a round to settle.
  stack = await startPortal({
    databaseUrl: database.url,
    gameApiEnv: {
      BETTING_WINDOW_MS: "2000",
      DEAL_DELAY_MS: "200",
      RESULT_PAUSE_MS: "500",
      // The partner's receiver is registered on 127.0.0.1.
      WEBHOOK_PRIVATE_TARGETS: "allow",
    },
  });
  page = stack.page;
  page.on("pageerror", (error) => {
    console.error(`page error: ${error.message}`);
  });
  feed = await startResultsFeed({
    databaseUrl: database.url,
    // The partner's receiver below is on 127.0.0.1.
    env: { WEBHOOK_PRIVATE_TARGETS: "allow" },
  });
}, 240_000);

afterAll(async () => {
  if (receiver?.listening) {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver!.close(resolve));
  }
  await feed?.stop();
  await stack?.stop();
  await database?.drop();
});

/** The feed's answer to a partner calling with `key`. */
async function feedStatus(key: string): Promise<number> {
  const response = await fetch(new URL("/v1/tables", feed!.url), {
    headers: { authorization: `Bearer ${key}` },
  });
  return response.status;
}

/** Signs the page in as `account` through the portal's own auth relay, with their code. */
async function signIn(account: { email: string; password: string }): Promise<void> {
  await page.context().clearCookies();
  await signInThroughRelay(page.context(), stack!.app.url, account);
  await page.goto(stack!.app.url);
  await hydrated(page);
}

describe("partners page", () => {
  it("an admin creates a key (shown once) that the feed accepts, then revokes it: 401", async () => {
    await signIn(ADMIN);

    await page.goto(`${stack!.app.url}/partners`);
    await hydrated(page);
    await page.locator('input[name="partnerId"]').fill("acme-stats");
    await page.locator('input[name="name"]').fill("Acme stats feed");
    expect(await page.locator('input[name="scope"][value="feed:read"]').isChecked()).toBe(true);
    await page.getByRole("button", { name: "Create key" }).click();
    await page.locator('[data-testid="new-key-value"], [data-testid="problem"]').first().waitFor();
    expect(await page.getByTestId("problem").allTextContents()).toEqual([]);
    const key = (await page.getByTestId("new-key-value").textContent())!;
    expect(key).toMatch(/^fuda_pk_/);
    expect(await feedStatus(key)).toBe(200);

    const row = page.locator(`[data-testid="partner-key"][data-start="${key.slice(0, 14)}"]`);
    expect(await row.getByTestId("key-status").textContent()).toBe("active");
    // Revoking asks first: Cancel leaves the key working, and the audit log as it was.
    const question = page.getByRole("dialog", { name: /^Revoke the key "Acme stats feed"/ });
    await row.getByRole("button", { name: "Revoke" }).click();
    await question.getByRole("button", { name: "Cancel" }).click();
    await question.waitFor({ state: "hidden" });
    expect(await row.getByTestId("key-status").textContent()).toBe("active");
    expect(await feedStatus(key)).toBe(200);
    expect(await database!.db.auditEntry.count({ where: { action: "partnerKeys.revoke" } })).toBe(
      0,
    );

    await row.getByRole("button", { name: "Revoke" }).click();
    await question.getByRole("button", { name: "Revoke key" }).click();
    await row
      .getByTestId("key-status")
      .getByText(/^revoked/)
      .waitFor({ timeout: 15_000 });
    // The feed keeps a live key for half a second (createPartnerKeyCache): refused within a second.
    await until(
      "the feed refuses the revoked key",
      async () => ((await feedStatus(key)) === 401 ? true : undefined),
      1_000,
    );

    // Both actions are in the audit log, made by the signed-in admin.
    const admin = await database!.db.user.findUniqueOrThrow({ where: { email: ADMIN.email } });
    // (The sign-ins' own entries aside: two-factor.e2e.test.ts.)
    const entries = await database!.db.auditEntry.findMany({
      where: { NOT: { action: { startsWith: "auth." } } },
      orderBy: { id: "asc" },
    });
    expect(entries.map(({ actorId, action }) => ({ actorId, action }))).toEqual([
      { actorId: admin.id, action: "partnerKeys.create" },
      { actorId: admin.id, action: "partnerKeys.revoke" },
    ]);
  });
});

describe("partners' webhooks", () => {
  it("an admin registers an endpoint (secret shown once), the feed delivers a settled round to it, the delivery log shows it", async () => {
    receiver = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        acknowledged.push(String(req.headers["fuda-webhook-id"]));
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(0, "127.0.0.1", resolve));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fuda`;

    await page.goto(`${stack!.app.url}/partners`);
    await hydrated(page);
    await page.locator('input[name="webhookPartnerId"]').fill("acme-stats");
    await page.locator('input[name="webhookUrl"]').fill("ftp://nowhere");
    await page.getByRole("button", { name: "Register endpoint" }).click();
    // Beside the URL field (webhook-form.e2e.test.ts has the rest of the form's refusals).
    await page
      .getByTestId("webhookUrl-problem")
      .getByText(/url: must be an http or https URL/)
      .waitFor();

    await page.locator('input[name="webhookUrl"]').fill(hookUrl);
    await page.locator('input[name="webhookEvent"][value="shoe.revealed"]').uncheck();
    await page.getByRole("button", { name: "Register endpoint" }).click();
    const secret = (await page.getByTestId("new-webhook-value").textContent())!;
    expect(secret).toMatch(/^whsec_/);
    const row = page.locator(`[data-testid="webhook-endpoint"][data-url="${hookUrl}"]`);
    expect(await row.getByTestId("webhook-status").textContent()).toBe("active");
    const endpoint = await database!.db.webhookEndpoint.findFirstOrThrow({
      where: { url: hookUrl },
    });
    expect(endpoint).toMatchObject({ secret, events: ["round.settled", "round.voided"] });

    // The next round settled is delivered by the feed; the log shows it once refreshed.
    await until("a delivery acknowledged", () => Promise.resolve(acknowledged[0]), 90_000);
    await row.getByRole("button", { name: "Deliveries" }).click();
    const delivered = page.locator(`[data-testid="webhook-delivery"][data-status="delivered"]`);
    await until(
      "the delivery in the log",
      async () => {
        if ((await delivered.count()) > 0) return true;
        await page.getByTestId("webhook-log").getByRole("button", { name: "Refresh" }).click();
        return undefined;
      },
      30_000,
    );
    expect(await delivered.first().textContent()).toContain("round.settled");
    expect(await delivered.first().textContent()).toContain("204");

    // Revoking asks first: Cancel (and Esc) leave the endpoint, and the audit log, as they were.
    const audited = () => database!.db.auditEntry.count({ where: { action: "webhooks.revoke" } });
    const question = page.getByRole("dialog", { name: `Revoke the webhook to ${hookUrl}?` });
    await row.getByRole("button", { name: "Revoke" }).click();
    await question.getByRole("button", { name: "Cancel" }).click();
    await question.waitFor({ state: "hidden" });
    // Still there to ask again: a Cancel that revoked would have taken the button away.
    await row.getByRole("button", { name: "Revoke" }).click({ timeout: 5_000 });
    await question.waitFor();
    await page.keyboard.press("Escape");
    await question.waitFor({ state: "hidden" });
    expect(await row.getByTestId("webhook-status").textContent()).toBe("active");
    expect(
      (await database!.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } }))
        .revokedAt,
    ).toBeNull();
    expect(await audited()).toBe(0);

    await row.getByRole("button", { name: "Revoke" }).click();
    await question.getByRole("button", { name: "Revoke webhook" }).click();
    await row
      .getByTestId("webhook-status")
      .getByText(/^revoked/)
      .waitFor();
    expect(await row.getByRole("button", { name: "Revoke" }).count()).toBe(0);
    expect(
      (await database!.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } }))
        .revokedAt,
    ).not.toBeNull();
    expect(await audited()).toBe(1);
  });
});

describe("returns and monitor pages", () => {
  it("the returns page answers for a table with no settled bets in the period", async () => {
    await page.goto(`${stack!.app.url}/returns`);
    await hydrated(page);
    await page.locator('[data-testid="returns-table"] option[value="baccarat-a"]').waitFor({
      state: "attached",
    });
    await page.getByTestId("returns-table").selectOption("baccarat-a");
    await page.getByRole("button", { name: "Show returns" }).click();
    await page.getByText("No settled bets at this table in this period.").waitFor();
  });

  it("the monitor shows every table with its round as the dealer opens it", async () => {
    await page.goto(`${stack!.app.url}/monitor`);
    await hydrated(page);
    const tables = await database!.db.table.count();
    await page
      .getByTestId("monitor-table")
      .nth(tables - 1)
      .waitFor();
    expect(await page.getByTestId("monitor-table").count()).toBe(tables);
    const baccarat = page.locator('[data-testid="monitor-table"][data-slug="baccarat-a"]');
    await baccarat
      .getByTestId("phase")
      .getByText(/^(betting|dealing|settled)$/)
      .waitFor({
        timeout: 30_000,
      });
  });
});

describe("partners page for an operator", () => {
  it("says keys are for admins instead of showing a refusal, and lets the operator register webhooks", async () => {
    await signIn(OPERATOR);
    await page.goto(`${stack!.app.url}/partners`);
    await hydrated(page);
    await page.getByTestId("keys-admins-only").waitFor();
    expect(await page.getByRole("button", { name: "Create key" }).count()).toBe(0);
    expect(await page.getByTestId("problem").allTextContents()).toEqual([]);
    await page.getByRole("button", { name: "Register endpoint" }).waitFor();
  });
});
