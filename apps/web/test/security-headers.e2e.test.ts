/**
 * The lobby's security headers in Chromium against the real platform (docs/security.md): a
 * Content-Security-Policy with a nonce per response that Next puts on its own scripts, framing
 * only by FRAME_ANCESTORS' origins, injected scripts that do not run, and a display name made of
 * markup shown as text in the header, at the table's seats and in its chat.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePort, hydrated } from "@fuda/testkit";

import { platformForFile, watchProblems } from "./platform";

/** A display name that would run two scripts if any page wrote it as markup. */
const HOSTILE = `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">`;
const PASSWORD = "correct horse battery";
const JOKER = "joker-blackjack";
/** A 1×1 PNG, the table's poster. */
const POSTER = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/**
 * A site of its own on a port of 127.0.0.1 (another origin, the same site): `/frame?src=<url>`
 * frames the URL, `/poster.png` is a table's poster, `/pwn.js` an attacker's script.
 */
async function startSite(port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://site.invalid");
    if (url.pathname === "/pwn.js") {
      res.writeHead(200, { "content-type": "text/javascript" }).end("window.__pwned = 'external'");
      return;
    }
    if (url.pathname === "/poster.png") {
      res.writeHead(200, { "content-type": "image/png" }).end(POSTER);
      return;
    }
    const src = url.searchParams.get("src") ?? "";
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>framer</title><iframe id="framed" src="${src}"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}

// The lobby lets the casino's site frame it (its port known before the lobby starts); `evil` is
// any other site.
const casinoPort = await freePort();
const platform = platformForFile({}, { FRAME_ANCESTORS: `http://127.0.0.1:${casinoPort}` });
let casino: Awaited<ReturnType<typeof startSite>>;
let evil: Awaited<ReturnType<typeof startSite>>;
beforeAll(async () => {
  casino = await startSite(casinoPort);
  evil = await startSite();
});
afterAll(async () => {
  await casino.close();
  await evil.close();
});

/** Each page's CSP violations, recorded before any script of the page runs. */
async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { __violations: seen });
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
}

const violations = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);

const pwned = (page: Page): Promise<unknown> =>
  page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned);

/** The page's Content-Security-Policy directives, by name. */
function directivesOf(policy: string | null): Map<string, string[]> {
  return new Map(
    (policy ?? "").split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources];
    }),
  );
}

describe("the lobby's headers", () => {
  it("give each page a fresh nonce that every script of Next's carries, and no inline script without it", async () => {
    const { app } = platform();
    const nonces = new Set<string>();
    for (const path of ["/", `/tables/${JOKER}`, "/sign-in", "/no-such-page"]) {
      const response = await fetch(`${app.url}${path}`);
      const policy = directivesOf(response.headers.get("content-security-policy"));
      const script = policy.get("script-src") ?? [];
      expect(script, path).toEqual(expect.arrayContaining(["'self'", "'strict-dynamic'"]));
      expect(script, path).not.toContain("'unsafe-inline'");
      expect(script, path).not.toContain("'unsafe-eval'");
      const nonce = /^'nonce-(.+)'$/.exec(
        script.find((source) => source.startsWith("'nonce-"))!,
      )![1]!;
      nonces.add(nonce);
      const html = await response.text();
      const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
      expect(scripts.length, path).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, path).toContain(`nonce="${nonce}"`);
      expect(policy.get("object-src"), path).toEqual(["'none'"]);
      expect(policy.get("frame-ancestors"), path).toEqual([casino.url]);
    }
    expect(nonces.size).toBe(4);
  });

  it("send nosniff, the referrer and permissions policies on pages; nosniff on the relays and Next's files", async () => {
    const { app } = platform();
    const page = await fetch(`${app.url}/`);
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    expect(page.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(page.headers.get("permissions-policy")).toContain("camera=()");
    expect(page.headers.get("permissions-policy")).toContain("microphone=()");
    // FRAME_ANCESTORS names an origin: X-Frame-Options cannot say so, and is left out.
    expect(page.headers.get("x-frame-options")).toBeNull();
    expect(page.headers.get("strict-transport-security")).toBeNull();
    const html = await page.text();
    const chunk = /<script src="(\/_next\/static\/[^"]+)"/.exec(html)![1]!;
    for (const path of ["/api/trpc/tables.get?input=%7B%7D", chunk]) {
      const answer = await fetch(`${app.url}${path}`);
      expect(answer.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(answer.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(answer.headers.get("content-security-policy"), path).toBeNull();
      await answer.body?.cancel();
    }
    const behindTls = await fetch(`${app.url}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(behindTls.headers.get("strict-transport-security")).toBe(
      "max-age=63072000; includeSubDomains",
    );
    // Over TLS, operators' streams and posters over https only.
    const tlsPolicy = directivesOf(behindTls.headers.get("content-security-policy"));
    expect(tlsPolicy.get("media-src")).not.toContain("http:");
  });

  it("the lobby, a table and an operator's http poster load under the policy with no violation", async () => {
    const { app, browser, database } = platform();
    await database.db.table.update({
      where: { slug: JOKER },
      data: { stream: { poster: `${casino.url}/poster.png` } },
    });
    const context = await browser.newContext();
    await recordViolations(context);
    const problems = watchProblems(context);
    const page = await context.newPage();
    await page.goto(app.url);
    await hydrated(page);
    const poster = page.locator(`[data-slug="${JOKER}"] [data-testid="table-poster"]`);
    await poster.waitFor();
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLImageElement>('[data-testid="table-poster"]')!.naturalWidth > 0,
    );
    await page.goto(`${app.url}/tables/${JOKER}`);
    await hydrated(page);
    await page.getByTestId("joker-blackjack-table").waitFor();
    expect(await violations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("framing", () => {
  it("a page of another origin cannot frame the table or the lobby: Chromium refuses", async () => {
    const { app, browser } = platform();
    const page = await browser.newPage();
    const refusals: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("frame-ancestors")) refusals.push(message.text());
    });
    for (const path of [`/tables/${JOKER}`, "/"]) {
      await page.goto(`${evil.url}/frame?src=${encodeURIComponent(`${app.url}${path}`)}`);
      const frame = await (await page.locator("#framed").elementHandle()).contentFrame();
      // What Chromium shows instead of a refused page: its own error page, none of ours.
      await page.waitForFunction(() => document.querySelector("iframe")!.contentWindow !== null);
      await expect.poll(() => frame!.url(), { timeout: 10_000 }).not.toBe(`${app.url}${path}`);
      expect(await frame!.locator("[data-testid]").count()).toBe(0);
    }
    expect(refusals.length).toBeGreaterThanOrEqual(2);
    await page.close();
  });

  it("an origin FRAME_ANCESTORS names frames the table and the lobby", async () => {
    const { app, browser } = platform();
    const page = await browser.newPage();
    await page.goto(`${casino.url}/frame?src=${encodeURIComponent(`${app.url}/tables/${JOKER}`)}`);
    await page.frameLocator("#framed").getByTestId("joker-blackjack-table").waitFor();
    await page.goto(`${casino.url}/frame?src=${encodeURIComponent(app.url)}`);
    await page.frameLocator("#framed").getByTestId("table-card").first().waitFor();
    await page.close();
  });
});

describe("injected scripts", () => {
  it("markup added to the page runs nothing: an inline handler is refused, a script tag is inert", async () => {
    const { app, browser } = platform();
    const context = await browser.newContext();
    await recordViolations(context);
    const page = await context.newPage();
    await page.goto(`${app.url}/tables/${JOKER}`);
    await hydrated(page);
    // What a name or a chat line written as HTML would add. (A script element made by script
    // runs under 'strict-dynamic' by design: only code that already runs can make one.)
    await page.evaluate(() => {
      const holder = document.createElement("div");
      holder.innerHTML = `<img src="data:," onerror="window.__pwned = 'handler'"><script>window.__pwned = 'script'</script>`;
      document.body.appendChild(holder);
    });
    await expect.poll(() => violations(page)).toEqual(["script-src-attr inline"]);
    expect(await pwned(page)).toBeUndefined();
    await context.close();
  });

  it("scripts written into the page's HTML without the nonce, inline or from another site, do not run", async () => {
    const { app, browser } = platform();
    const context = await browser.newContext();
    await recordViolations(context);
    const page = await context.newPage();
    // Stored markup that reached the HTML: the response as sent, headers and all, plus a script.
    await page.route(`${app.url}/tables/${JOKER}`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        "<body>",
        `<body><script>window.__pwned = 'stored'</script><script src="${evil.url}/pwn.js"></script>`,
      );
      expect(html).toContain("window.__pwned = 'stored'");
      await route.fulfill({ response, body: html });
    });
    await page.goto(`${app.url}/tables/${JOKER}`);
    await hydrated(page);
    expect(await violations(page)).toEqual([
      expect.stringMatching(/^script-src(-elem)? inline$/),
      `script-src-elem ${evil.url}/pwn.js`,
    ]);
    expect(await pwned(page)).toBeUndefined();
    await context.close();
  });
});

describe("a display name made of markup", () => {
  it("shows as text in the lobby's header, at a joker blackjack seat and in the table's chat", async () => {
    const { app, browser, database } = platform();
    const player = await browser.newContext();
    await recordViolations(player);
    const signedUp = await player.request.post(`${app.url}/api/auth/sign-up/email`, {
      data: { email: `hostile-${Date.now()}@names.test`, password: PASSWORD, name: HOSTILE },
      headers: { origin: app.url },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(200);
    const page = await player.newPage();
    await page.goto(app.url);
    await hydrated(page);
    expect(await page.getByTestId("player-name").textContent()).toBe(HOSTILE);

    await page.goto(`${app.url}/tables/${JOKER}`);
    await hydrated(page);
    await page.locator('[data-testid="sit"][data-seat="1"]').click();
    const { id: tableId } = await database.db.table.findUniqueOrThrow({ where: { slug: JOKER } });
    const said = await player.request.post(`${app.url}/api/trpc/chat.send`, {
      data: { tableId, text: "hello", requestId: `hostile-${Date.now()}` },
      headers: { origin: app.url },
    });
    expect(said.status(), await said.text()).toBe(200);

    // Another visitor sees the seat and the chat line with the name as written.
    const viewer = await browser.newContext();
    await recordViolations(viewer);
    const seen = await viewer.newPage();
    await seen.goto(`${app.url}/tables/${JOKER}`);
    await hydrated(seen);
    for (const shown of [page, seen]) {
      await shown.getByText(HOSTILE, { exact: true }).first().waitFor();
      const line = shown.getByTestId("chat-line").filter({ hasText: "hello" });
      await expect.poll(() => line.textContent()).toContain(HOSTILE);
      expect(await shown.locator("main").textContent()).toContain(HOSTILE);
      expect(await pwned(shown)).toBeUndefined();
      expect(await violations(shown)).toEqual([]);
      // Nothing of the name became an element.
      expect(await shown.locator('img[src="x"]').count()).toBe(0);
    }
    await player.close();
    await viewer.close();
  });
});
