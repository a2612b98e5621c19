/**
 * The feed's security headers (docs/security.md): every answer is nosniff with no referrer, the
 * API reference at /docs renders in Chromium under its Content-Security-Policy with no
 * violation, and a name made of markup stays JSON text.
 */
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { launchChromium } from "@fuda/testkit";

import { DOCS_CONTENT_SECURITY_POLICY } from "../src/docs";
import { createFeedServer } from "../src/server";
import { newPartnerKey } from "./partner";

const HOSTILE = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">`;

let database: TestDatabase;
let server: ReturnType<typeof createFeedServer>;
let url: string;
let authorization: string;
let browser: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  authorization = `Bearer ${(await newPartnerKey(database.db)).key}`;
  server = createFeedServer({ db: database.db });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.drop();
});

describe("every answer of the feed", () => {
  it("is nosniff with no referrer: JSON, problems, the document, the reference's files", async () => {
    for (const [path, headers] of [
      ["/v1/tables", { authorization }],
      ["/v1/tables", {}],
      ["/nope", {}],
      ["/openapi.json", {}],
      ["/healthz", {}],
      ["/docs/init.js", {}],
    ] as const) {
      const answer = await fetch(`${url}${path}`, { headers });
      expect(answer.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(answer.headers.get("referrer-policy"), path).toBe("no-referrer");
      expect(answer.headers.get("strict-transport-security"), path).toBeNull();
      await answer.body?.cancel();
    }
    const behindTls = await fetch(`${url}/healthz`, { headers: { "x-forwarded-proto": "https" } });
    expect(behindTls.headers.get("strict-transport-security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
  });
});

describe("the API reference at /docs", () => {
  it("is served with a policy that runs only this origin's script files and lets no one frame it", async () => {
    const answer = await fetch(`${url}/docs`);
    const policy = answer.headers.get("content-security-policy");
    expect(policy).toBe(DOCS_CONTENT_SECURITY_POLICY);
    const scripts = policy!.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scripts).toBe("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    // No inline script on the page: every script is a file.
    expect(await answer.text()).not.toMatch(/<script>(?!<\/script>)/);
  });

  it("renders in Chromium with the tables endpoint and no CSP violation", async () => {
    const context = await browser.newContext();
    const problems: string[] = [];
    context.on("console", (message) => {
      if (message.type() === "error" || message.type() === "warning") {
        problems.push(message.text());
      }
    });
    // As text: this package's TypeScript knows no DOM.
    await context.addInitScript({
      content: `window.__violations = [];
        document.addEventListener("securitypolicyviolation", (event) => {
          window.__violations.push(event.effectiveDirective + " " + event.blockedURI);
        });`,
    });
    const page = await context.newPage();
    await page.goto(`${url}/docs`);
    await page.locator(".opblock-summary-path", { hasText: /^\/tables$/ }).waitFor();
    // Open an operation: its parameters and example answers draw too.
    await page.locator(".opblock-summary-path", { hasText: /^\/tables$/ }).click();
    await page.locator(".opblock-body").first().waitFor();
    expect(await page.evaluate("window.__violations")).toEqual([]);
    expect(problems.filter((line) => /Content Security Policy|Refused/i.test(line))).toEqual([]);
    await context.close();
  });
});

describe("a name made of markup", () => {
  it("stays JSON text in the feed: application/json, nosniff, nothing run when a browser opens it", async () => {
    await database.db.table.update({ where: { slug: "baccarat-a" }, data: { name: HOSTILE } });
    const answer = await fetch(`${url}/v1/tables`, { headers: { authorization } });
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    const { tables } = (await answer.json()) as { tables: { name: string }[] };
    expect(tables.map((table) => table.name)).toContain(HOSTILE);

    const context = await browser.newContext({ extraHTTPHeaders: { authorization } });
    const page = await context.newPage();
    await page.goto(`${url}/v1/tables`);
    expect(await page.evaluate("document.contentType")).toBe("application/json");
    expect(await page.evaluate("window.__pwned")).toBeUndefined();
    expect(await page.locator("img").count()).toBe(0);
    await context.close();
  });
});
