/**
 * Cross-site forms in Chromium against the real platform (docs/security.md): a signed-in player
 * visits a page of another origin on the same host (so the same *site*: their SameSite=Lax
 * session cookie goes along), which submits a form to every mutation, through the lobby's relay
 * and straight to the game API, and to sign-out. Each is refused and nothing changes.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { appRouter } from "@fuda/api";

import { platformForFile } from "./platform";

const PASSWORD = "correct horse battery";

// No dealer: nothing moves but what a request moves, so "nothing changed" is the whole database.
const platform = platformForFile({ DEALER: "off" });

/** Every mutation of the game API's router, from its record: a new one is walked too. */
const mutations = Object.entries(appRouter._def.procedures)
  .filter(([, procedure]) => (procedure as { _def: { type: string } })._def.type === "mutation")
  .map(([path]) => path)
  .sort();

interface Target {
  action: string;
  enctype: "text/plain" | "multipart/form-data" | "application/x-www-form-urlencoded";
}

/** The attacker's page: one form per target, each into a frame of its own, all sent at load. */
function attackPage(targets: Target[]): string {
  const forms = targets.map(
    ({ action, enctype }, index) =>
      `<iframe name="sink${index}"></iframe>` +
      `<form method="post" action="${action}" enctype="${enctype}" target="sink${index}">` +
      // A text/plain form's body is `name=value`: here the JSON text {"x":"="}.
      `<input type="hidden" name='{"x":"' value='"}'></form>`,
  );
  return `<!doctype html><title>win a prize</title>${forms.join("")}
<script>for (const form of document.forms) form.submit();</script>`;
}

let attacker: { url: string; page: string; close(): Promise<void> };
beforeAll(async () => {
  const state = { page: "" };
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(state.page);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  attacker = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    get page() {
      return state.page;
    },
    set page(html: string) {
      state.page = html;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
});
afterAll(async () => {
  await attacker.close();
});

/**
 * Every row of the database but sessions' last-seen times and sign-in throttles, one digest per
 * table: "nothing changed" is the same digests after.
 */
async function snapshot(): Promise<Record<string, string>> {
  const { db } = platform().database;
  const tables = await db.$queryRawUnsafe<{ name: string }[]>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE'
        AND table_name NOT IN ('sessions', 'auth_throttles', 'verifications')
      ORDER BY table_name`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.$queryRawUnsafe<{ digest: string | null; rows: bigint }[]>(
      `SELECT md5(string_agg(t::text, '|' ORDER BY t::text)) AS digest, count(*) AS rows FROM "${name}" t`,
    );
    digests[name] = `${row!.rows} rows ${row!.digest ?? "-"}`;
  }
  return digests;
}

describe("a page of another origin on the same host", () => {
  it("submits a form to every mutation, via the lobby's relay and to the game API, and to sign-out: all refused, nothing changed", async () => {
    const { app, gameApi, browser, database } = platform();
    const context = await browser.newContext();
    const email = `victim-${Date.now()}@cross-site.test`;
    const signedUp = await context.request.post(`${app.url}/api/auth/sign-up/email`, {
      data: { email, password: PASSWORD, name: "Victim" },
      headers: { origin: app.url },
    });
    expect(signedUp.status()).toBe(200);
    // A quick game under way: quick.* from the attacker would deal or undo it.
    const added = await context.request.post(`${app.url}/api/trpc/quick.add`, {
      data: { spot: "banker" },
      headers: { origin: app.url },
    });
    expect(added.status(), await added.text()).toBe(200);
    const { id: userId } = await database.db.user.findUniqueOrThrow({ where: { email } });
    const sessions = await database.db.session.count({ where: { userId } });
    expect(sessions).toBe(1);

    const targets: Target[] = [
      ...mutations.map((path): Target => ({
        action: `${app.url}/api/trpc/${path}`,
        enctype: "text/plain",
      })),
      // multipart/form-data is a body tRPC reads itself (FormData): the sharpest of the forms.
      ...mutations.map((path): Target => ({
        action: `${gameApi.url}/trpc/${path}`,
        enctype: "multipart/form-data",
      })),
      { action: `${app.url}/api/auth/sign-out`, enctype: "application/x-www-form-urlencoded" },
      { action: `${gameApi.url}/api/auth/sign-out`, enctype: "application/x-www-form-urlencoded" },
    ];
    attacker.page = attackPage(targets);
    const before = await snapshot();

    const page = await context.newPage();
    const answers = new Map<string, { status: number; cookie: boolean; origin?: string }>();
    page.on("response", (response) => {
      const request = response.request();
      if (request.method() !== "POST") return;
      void request.allHeaders().then((headers) => {
        answers.set(request.url(), {
          status: response.status(),
          cookie: (headers.cookie ?? "").includes("fuda.session_token"),
          origin: headers.origin,
        });
      });
    });
    await page.goto(attacker.url);
    await expect.poll(() => answers.size, { timeout: 30_000 }).toBe(targets.length);

    for (const { action } of targets) {
      const answer = answers.get(action)!;
      // The threat is real: the browser sent the session cookie, and said where from.
      expect(answer.cookie, action).toBe(true);
      expect(answer.origin, action).toBe(attacker.url);
      // The lobby's relay refuses what it relays (403) and relays no staff procedure (404);
      // the game API's accounts (better-auth) take JSON only (415).
      const refusals = action.startsWith(`${app.url}/api/trpc/`)
        ? [403, 404]
        : action === `${gameApi.url}/api/auth/sign-out`
          ? [403, 415]
          : [403];
      expect(refusals, `${action}: ${answer.status}`).toContain(answer.status);
    }
    expect(await snapshot()).toEqual(before);
    expect(await database.db.session.count({ where: { userId } })).toBe(sessions);
    const me = await context.request.get(`${app.url}/api/trpc/account.me`);
    expect(
      ((await me.json()) as { result: { data: { user: { email: string } } } }).result.data,
    ).toMatchObject({ user: { email } });
    await context.close();
  });

  it("every relayed mutation of the lobby is refused 403 from there, before the game API sees it", async () => {
    const { app, browser } = platform();
    const context = await browser.newContext();
    const page = await context.newPage();
    const relayed: string[] = [];
    page.on("response", (response) => {
      if (response.request().method() === "POST") {
        relayed.push(`${new URL(response.url()).pathname} ${response.status()}`);
      }
    });
    const writable = ["bets.place", "bets.undo", "seats.sit", "actions.act", "quick.deal"];
    writable.push("chat.send");
    attacker.page = attackPage(
      writable.map((path) => ({ action: `${app.url}/api/trpc/${path}`, enctype: "text/plain" })),
    );
    await page.goto(attacker.url);
    await expect.poll(() => relayed.length, { timeout: 20_000 }).toBe(writable.length);
    expect(relayed.sort()).toEqual(writable.map((path) => `/api/trpc/${path} 403`).sort());
    await context.close();
  });
});

describe("the lobby by default", () => {
  it("lets no page frame it: frame-ancestors 'none' and X-Frame-Options DENY", async () => {
    const { app } = platform();
    const answer = await fetch(`${app.url}/tables/baccarat-a`);
    expect(answer.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(answer.headers.get("x-frame-options")).toBe("DENY");
    await answer.body?.cancel();
  });
});
