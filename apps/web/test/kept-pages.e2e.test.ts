/**
 * The lobby and the table pages kept rendered by the app's server (docs/performance.md, Pages):
 * sent from memory to every visitor of a language, each answer with its own CSP nonce, and never
 * older than a second: a table renamed or paused shows on every page asked for a second later.
 */
import { randomUUID } from "node:crypto";

import { expect, it } from "vitest";

import { KEPT_PAGE_MS, platformForFile, staffSession } from "./platform";

const platform = platformForFile();

interface Answer {
  sentAt: number;
  status: number;
  /** From memory: the kept page, or a render another request started. */
  kept: boolean;
  nonce: string | undefined;
  body: string;
}

/** Asks `path` back to back from `readers` loops until `signal` aborts. */
async function read(base: string, path: string, signal: AbortSignal, readers = 4) {
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: readers }, async () => {
      while (!signal.aborted) {
        const sentAt = Date.now();
        const response = await fetch(new URL(path, base), {
          headers: { "accept-language": "en" },
        });
        const policy = response.headers.get("content-security-policy") ?? "";
        answers.push({
          sentAt,
          status: response.status,
          kept: /desc="(kept|shared)"/.test(response.headers.get("server-timing") ?? ""),
          nonce: /'nonce-([^']+)'/.exec(policy)?.[1],
          body: await response.text(),
        });
      }
    }),
  );
  return answers;
}

const cardOf = (body: string, slug: string): string | undefined =>
  new RegExp(`<li[^>]*data-slug="${slug}"[^>]*>`).exec(body)?.[0];

it("a kept page has its own nonce in each answer; a table renamed or paused shows on every page asked for a second later", async () => {
  const { app, database } = platform();
  const table = await database.db.table.findUniqueOrThrow({ where: { slug: "baccarat-a" } });
  const operator = await staffSession(platform(), "operator");
  const stop = new AbortController();
  const lobby = read(app.url, "/", stop.signal);
  const page = read(app.url, "/tables/baccarat-a", stop.signal);
  await new Promise((resolve) => setTimeout(resolve, 1_500));

  const name = `Renamed ${randomUUID().slice(0, 8)}`;
  const renamed = await operator("admin.tables.update", { tableId: table.id, name });
  expect(renamed.status).toBe(200);
  const renamedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const paused = await operator("admin.tables.pause", { tableId: table.id });
  expect(paused.status).toBe(200);
  const pausedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  stop.abort();
  const [lobbyAnswers, pageAnswers] = await Promise.all([lobby, page]);

  for (const answers of [lobbyAnswers, pageAnswers]) {
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    // Served from memory, and each answer with a nonce of its own, on its scripts too.
    expect(answers.some((answer) => answer.kept)).toBe(true);
    const nonces = answers.map((answer) => answer.nonce);
    expect(new Set(nonces).size).toBe(answers.length);
    for (const answer of answers) {
      expect(answer.body).toContain(`nonce="${answer.nonce!}"`);
      expect(
        answer.body.match(/nonce="([^"]+)"/g)?.every((n) => n === `nonce="${answer.nonce!}"`),
      ).toBe(true);
    }
    // Every page asked for a second after the rename shows the new name.
    const after = answers.filter((answer) => answer.sentAt > renamedAt + KEPT_PAGE_MS);
    expect(after.length).toBeGreaterThan(0);
    for (const answer of after) expect(answer.body).toContain(name);
  }
  const pausedAfter = lobbyAnswers.filter((answer) => answer.sentAt > pausedAt + KEPT_PAGE_MS);
  expect(pausedAfter.length).toBeGreaterThan(0);
  for (const answer of pausedAfter) {
    expect(cardOf(answer.body, "baccarat-a")).toContain('data-status="paused"');
  }
  expect(cardOf(lobbyAnswers[0]!.body, "baccarat-a")).toContain('data-status="open"');
}, 120_000);

it("pages that are not the same for everyone go to Next: another language, a query, the router's payloads", async () => {
  const { app } = platform();
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(new URL(path, app.url), { headers });
  // Each language has its own kept page.
  const [english, japanese, thai] = await Promise.all([
    get("/", { "accept-language": "en" }).then((response) => response.text()),
    get("/", { cookie: "NEXT_LOCALE=ja" }).then((response) => response.text()),
    get("/", { "accept-language": "th-TH,th;q=0.9" }).then((response) => response.text()),
  ]);
  expect(english).toContain('<html lang="en"');
  expect(japanese).toContain('<html lang="ja"');
  expect(thai).toContain('<html lang="th"');
  const timing = async (path: string, headers: Record<string, string> = {}) => {
    await get(path, headers);
    return (await get(path, headers)).headers.get("server-timing");
  };
  expect(await timing("/")).toContain("kept");
  expect(await timing("/?from=mail")).toBeNull();
  expect(await timing("/", { rsc: "1" })).toBeNull();
  expect(await timing("/history")).toBeNull();
  // An unknown table is Next's 404, never kept: each visit renders it.
  const missing = await get("/tables/no-such-table");
  expect(missing.status).toBe(404);
  expect(await timing("/tables/no-such-table")).toContain("rendered");
}, 120_000);
