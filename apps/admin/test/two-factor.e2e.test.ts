/**
 * Staff two-factor sign-in in the portal, in Chromium over real HTTP (issue 37, Acceptance: "an
 * operator without 2FA is sent to enrol before any portal page; an adjust without a fresh sign-in
 * asks for one; both audited"; docs/security.md). Screenshots of /enrol and of the step-up dialog
 * go to test-results/two-factor.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { demoAccounts } from "@fuda/auth";
import type { TestDatabase } from "@fuda/db/testing";
import { balance } from "@fuda/ledger";
import { hydrated, repoRoot, totpCode } from "@fuda/testkit";
import type { NextStack } from "@fuda/testkit";
import type { Page } from "playwright-core";

import { startSeededPortal } from "./portal-stack";

const SHOTS = join(repoRoot(), "apps/admin/test-results/two-factor");
const operator = demoAccounts.find((account) => account.role === "operator")!;
const player = demoAccounts.find((account) => account.role === "player")!;

let database: TestDatabase;
let stack: NextStack;
let page: Page;
let started = false;
let operatorId: string;
let playerId: string;
/** The authenticator the operator enrols, as the URI of its secret. */
let authenticator: string;
/** The portal's procedures the browser was answered, by path (account.me aside). */
const served: string[] = [];

beforeAll(async () => {
  ({ database, stack } = await startSeededPortal());
  started = true;
  page = stack.page;
  page.setDefaultTimeout(15_000);
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith("/api/trpc/") && !pathname.endsWith("/account.me")) {
      served.push(`${response.status()} ${pathname}`);
    }
  });
  const user = (email: string) => database.db.user.findUniqueOrThrow({ where: { email } });
  operatorId = (await user(operator.email)).id;
  playerId = (await user(player.email)).id;
}, 240_000);
afterAll(async () => {
  if (!started) return;
  await stack.stop();
  await database.drop();
});

async function shot(name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

const actionsOf = async (actorId: string) =>
  (await database.db.auditEntry.findMany({ where: { actorId }, orderBy: { id: "asc" } })).map(
    (entry) => entry.action,
  );

/** A code that is not the one the authenticator shows now (nor in the minute around it). */
const wrongCode = () =>
  String((Number(totpCode(authenticator)) + 500_000) % 1_000_000).padStart(6, "0");

async function signInWithPassword(): Promise<void> {
  await page.goto(`${stack.app.url}/sign-in`);
  await hydrated(page);
  await page.getByLabel("Email").fill(operator.email);
  await page.getByLabel("Password").fill(operator.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

describe("an operator without two-factor sign-in", () => {
  it("lands on /enrol whatever portal page they open, and no portal data is served", async () => {
    await signInWithPassword();
    await page.waitForURL(/\/enrol$/);
    const portalPages = [
      "/",
      "/players",
      `/players/${playerId}`,
      "/rounds",
      "/audit",
      "/partners",
      "/monitor",
      "/studio",
    ];
    for (const path of portalPages) {
      // Redirected by the server before any page rendered: the answer to the portal URL itself
      // is the redirect, with nothing of the portal in it.
      const answer = await page.request.get(`${stack.app.url}${path}`, { maxRedirects: 0 });
      expect(answer.status(), path).toBe(307);
      expect(answer.headers().location, path).toMatch(/\/enrol$/);
      expect(await answer.text(), path).not.toMatch(/Baccarat|Pok Deng|player@demo/);
      const response = await page.goto(`${stack.app.url}${path}`);
      expect(new URL(page.url()).pathname, path).toBe("/enrol");
      expect(response!.request().redirectedFrom()?.url(), path).toBe(`${stack.app.url}${path}`);
    }
    await hydrated(page);
    expect(await page.getByRole("navigation", { name: "Sections" }).count()).toBe(0);
    expect(await page.content()).not.toMatch(/Baccarat|Pok Deng|player@demo/);
    expect(served).toEqual([]);
    // Sent to enrol: audited, once for the session however many pages they tried.
    const sentToEnrol = await database.db.auditEntry.findMany({
      where: { actorId: operatorId, action: "auth.enrolRequired" },
    });
    expect(sentToEnrol).toHaveLength(1);
  });

  it("enrols with the QR code's secret and a code from it, and reaches the portal", async () => {
    await page.getByLabel("Password").fill(operator.password);
    await page.getByRole("button", { name: "Continue" }).click();
    const qr = page.getByTestId("totp-qr");
    await qr.waitFor();
    const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
    authenticator = (await qr.getAttribute("data-uri"))!;
    expect(new URL(authenticator).searchParams.get("secret")).toBe(secret);
    expect(authenticator).toMatch(/^otpauth:\/\/totp\/Fuda:/);
    expect(await page.getByTestId("backup-codes").getByRole("listitem").count()).toBe(10);
    await shot("enrol");

    await page.getByLabel("Code from the app").fill(wrongCode());
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByTestId("enrol-problem").waitFor();
    expect(await actionsOf(operatorId)).not.toContain("auth.twoFactorEnrolled");

    await page.getByLabel("Code from the app").fill(totpCode(authenticator));
    await page.getByRole("button", { name: "Confirm" }).click();
    await page.getByTestId("portal").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await actionsOf(operatorId)).toContain("auth.twoFactorEnrolled");
    // Enrolled, /enrol is not theirs any more.
    await page.goto(`${stack.app.url}/enrol`);
    expect(new URL(page.url()).pathname).toBe("/");
  });
});

describe("an enrolled operator", () => {
  it("signed out and in again, is asked for the code; a wrong one is refused (audited)", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(/\/sign-in$/);
    await signInWithPassword();
    const code = page.getByLabel("Authentication code");
    await code.waitFor();
    expect(await page.getByTestId("portal").count()).toBe(0);

    await code.fill(wrongCode());
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByTestId("sign-in-problem").waitFor();
    expect(await page.getByTestId("sign-in-problem").innerText()).toMatch(/^code: /);
    const failed = await database.db.auditEntry.findFirstOrThrow({
      where: { actorId: operatorId, action: "auth.signInFailed" },
    });
    expect(failed.after).toMatchObject({ factor: "totp", ip: "127.0.0.1" });

    await code.fill(totpCode(authenticator));
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByTestId("portal").waitFor();
  });

  it("adjusting a balance on a session older than 5 minutes asks for a fresh sign-in; nothing changes until confirmed, then it happens once", async () => {
    // The session signed in 6 minutes ago.
    await database.db.session.updateMany({
      where: { userId: operatorId },
      data: { createdAt: new Date(Date.now() - 6 * 60_000) },
    });
    const [stale] = await database.db.session.findMany({ where: { userId: operatorId } });
    const before = await balance({ db: database.db, playerId });
    await page.goto(`${stack.app.url}/players/${playerId}`);
    await hydrated(page);
    await page.getByTestId("balance").waitFor();
    const adjust = async () => {
      await page.getByLabel("Points (+ credit, − debit)").fill("25");
      await page.locator('input[name="adjustReason"]').fill("goodwill gesture");
      await page.getByRole("button", { name: "Adjust" }).click();
    };
    const dialog = page.getByTestId("step-up-dialog");

    // Cancelled: refused as the game API answered, nothing moved.
    await adjust();
    await dialog.getByRole("heading", { name: "Confirm it's you" }).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByTestId("message-adjust").filter({ hasText: "step-up" }).waitFor();
    expect(await balance({ db: database.db, playerId })).toBe(before);

    await adjust();
    await dialog.getByRole("heading", { name: "Confirm it's you" }).waitFor();
    expect(await balance({ db: database.db, playerId })).toBe(before);
    await dialog.getByLabel("Password").fill(operator.password);
    await dialog.getByLabel("Authentication code").fill(totpCode(authenticator));
    await shot("step-up-dialog");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByTestId("message-adjust").filter({ hasText: "Balance adjusted." }).waitFor();
    expect(await dialog.isVisible()).toBe(false);
    expect(await balance({ db: database.db, playerId })).toBe(before + 2_500);
    const adjusted = await database.db.auditEntry.findMany({
      where: { action: "players.adjust", targetId: playerId },
    });
    expect(adjusted).toHaveLength(1);
    // The step-up replaced the stale session.
    const sessions = await database.db.session.findMany({ where: { userId: operatorId } });
    expect(sessions.map((session) => session.id)).not.toContain(stale!.id);
    expect(sessions).toHaveLength(1);
  });

  it("the audit log holds every sign-in, failure, enrolment and step-up, and the portal's audit page finds them", async () => {
    const actions = await actionsOf(operatorId);
    for (const action of [
      "auth.signIn",
      "auth.signInFailed",
      "auth.enrolRequired",
      "auth.twoFactorEnrolled",
      "auth.stepUpRequired",
      "auth.stepUp",
    ]) {
      expect(actions, action).toContain(action);
    }
    const required = await database.db.auditEntry.findMany({
      where: { actorId: operatorId, action: "auth.stepUpRequired" },
    });
    expect(required.map((entry) => [entry.targetType, entry.targetId])).toEqual([
      ["procedure", "admin.players.adjust"],
      ["procedure", "admin.players.adjust"],
    ]);

    await page.goto(`${stack.app.url}/audit?action=auth.stepUp`);
    await hydrated(page);
    const rows = page.getByTestId("audit-entry");
    await rows.first().waitFor();
    expect(await rows.evaluateAll((all) => all.map((row) => row.dataset.action))).toEqual([
      "auth.stepUp",
    ]);
    expect(await rows.first().innerText()).toContain(operator.email);
  });
});
