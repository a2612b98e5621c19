/**
 * The portal's security headers in Chromium against the real platform (docs/security.md): a
 * Content-Security-Policy with a nonce per response on every page, no framing, markup that runs
 * nothing, the relay refusing operators' changes from another site, and a player's display name
 * made of markup shown as text in the players list, their record, the chat moderation page and
 * the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { appRouter } from "@fuda/api";
import type { TestDatabase } from "@fuda/db/testing";
import { hydrated } from "@fuda/testkit";
import type { NextStack } from "@fuda/testkit";
import type { Page } from "playwright-core";

import { operatorPortalForFile } from "./portal-stack";

const HOSTILE = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">`;
const PASSWORD = "correct horse battery";
const EVIL = "http://evil.test";

let database: TestDatabase;
let stack: NextStack;
let page: Page;
operatorPortalForFile((started) => {
  ({ database, stack, page } = started);
});

beforeAll(async () => {
  page.setDefaultTimeout(20_000);
  // Every page from now on records its CSP violations before any of its scripts runs.
  await page.context().addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
});

let problems: string[] = [];
beforeAll(() => {
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
});
afterAll(() => {
  problems = [];
});

const violations = (): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

const pwned = (): Promise<unknown> =>
  page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);

async function open(path: string): Promise<void> {
  await page.goto(`${stack.app.url}${path}`);
  await hydrated(page);
  await page.getByTestId("portal").waitFor();
}

describe("the portal's headers", () => {
  it("give each page a fresh nonce that every script carries; no framing, nosniff, permissions denied", async () => {
    const nonces = new Set<string>();
    for (const path of ["/", "/players", "/audit", "/sign-in"]) {
      const answer = await fetch(`${stack.app.url}${path}`);
      const policy = answer.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, path).toBeDefined();
      nonces.add(nonce!);
      expect(policy, path).toContain("'strict-dynamic'");
      expect(policy, path).toContain("frame-ancestors 'none'");
      expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(answer.headers.get("x-frame-options"), path).toBe("DENY");
      expect(answer.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(answer.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(answer.headers.get("permissions-policy"), path).toContain("camera=()");
      const scripts = [...(await answer.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(4);
    const relay = await fetch(`${stack.app.url}/api/trpc/health`);
    expect(relay.headers.get("x-content-type-options")).toBe("nosniff");
    expect(relay.headers.get("content-security-policy")).toBeNull();
    await relay.body?.cancel();
  });

  it("the portal's pages, the returns chart included, run under the policy with no violation", async () => {
    problems = [];
    for (const path of ["/", "/monitor", "/players", "/rounds", "/returns", "/chat", "/audit"]) {
      await open(path);
      expect(await violations(), path).toEqual([]);
    }
    expect(problems).toEqual([]);
  });

  it("markup added to a page runs nothing: an inline handler is refused, a script tag is inert", async () => {
    await open("/players");
    await page.evaluate(() => {
      const holder = document.createElement("div");
      holder.innerHTML = `<img src="data:," onerror="window.__pwned = 'handler'"><script>window.__pwned = 'script'</script>`;
      document.body.appendChild(holder);
    });
    await expect.poll(violations).toEqual(["script-src-attr inline"]);
    expect(await pwned()).toBeUndefined();
  });
});

describe("the portal's relay", () => {
  it("refuses every operator's, dealer's and chat change posted from another site, before the game API", async () => {
    const writes = Object.entries(appRouter._def.procedures)
      .filter(([, procedure]) => (procedure as { _def: { type: string } })._def.type === "mutation")
      .map(([path]) => path)
      .filter((path) => /^(admin|studio)\./.test(path) || path === "chat.send");
    expect(writes.length).toBeGreaterThan(20);
    const audit = await database.db.auditEntry.count();
    const transfers = await database.db.ledgerTransfer.count();
    for (const path of writes) {
      // With the operator's session cookie (the page's context), as a form of another site.
      const answer = await page.request.post(`${stack.app.url}/api/trpc/${path}`, {
        headers: { origin: EVIL, "content-type": "text/plain" },
        data: "{}",
      });
      expect(answer.status(), path).toBe(403);
    }
    expect(await database.db.auditEntry.count()).toBe(audit);
    expect(await database.db.ledgerTransfer.count()).toBe(transfers);
  });
});

describe("a display name made of markup", () => {
  it("shows as text in the players list, the player's record, chat moderation and the audit log", async () => {
    const { app, gameApi } = stack;
    // A player signs up and writes at a table, as the players' site would (its origin trusted).
    const email = `hostile-${Date.now()}@names.test`;
    const signedUp = await fetch(`${gameApi.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url },
      body: JSON.stringify({ email, password: PASSWORD, name: HOSTILE }),
    });
    expect(signedUp.status).toBe(200);
    const cookie = signedUp.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const { id: tableId } = await database.db.table.findUniqueOrThrow({
      where: { slug: "baccarat-a" },
    });
    const said = await fetch(`${gameApi.url}/trpc/chat.send`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: app.url, cookie },
      body: JSON.stringify({ tableId, text: "hello", requestId: crypto.randomUUID() }),
    });
    expect(said.status).toBe(200);
    const { id: playerId } = await database.db.user.findUniqueOrThrow({ where: { email } });
    // The operator mutes them, the reason quoting the name: the audit log shows both.
    const muted = await page.request.post(`${app.url}/api/trpc/admin.chat.mute`, {
      headers: { origin: app.url },
      data: { userId: playerId, minutes: 5, reason: `muted ${HOSTILE}` },
    });
    expect(muted.status(), await muted.text()).toBe(200);

    problems = [];
    await open("/players");
    await page.getByRole("link", { name: HOSTILE, exact: true }).waitFor();
    await open(`/players/${playerId}`);
    await page.getByTestId("player-record").getByText(HOSTILE, { exact: true }).first().waitFor();
    await open("/chat");
    await page.getByTestId("chat-line").getByText(HOSTILE, { exact: true }).first().waitFor();
    await page.getByTestId("chat-mute").getByText(HOSTILE, { exact: true }).waitFor();
    await open("/audit");
    const entry = page.locator('[data-testid="audit-entry"][data-action="chat.mute"]').first();
    await entry.getByText(`muted ${HOSTILE}`, { exact: true }).waitFor();
    await entry.getByRole("button", { name: "Show" }).click();
    await expect.poll(() => entry.textContent()).toContain(playerId);
    expect(await pwned()).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);
  });
});
