import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDb, seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import { startPgProxy } from "@fuda/testkit";
import type { PgProxy } from "@fuda/testkit";

import { createGameApiServer } from "../src/server";

// The database goes away under a running game API (a TCP relay in front of PostgreSQL that the
// test stops: cut connections, then refused ones) and comes back.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: PgProxy;
let db: ReturnType<typeof createDb>;
let server: ReturnType<typeof createGameApiServer>;
let baseUrl: string;
const logged: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  proxy = await startPgProxy(database.url);
  db = createDb(proxy.url);
  server = createGameApiServer({ db, logError: (line) => logged.push(line) });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/trpc`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await db.$disconnect();
  await proxy.close();
  await database.drop();
});

/** What no answer may carry: a source path, the database's host, SQL or Prisma's own words. */
const leak = /\.ts\b|\.js\b|node_modules|127\.0\.0\.1|localhost|SELECT|prisma|invocation/i;

/** Reads a stream's text as it arrives; `until` waits for a pattern or a deadline. */
function follow(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const pump = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) return;
      text += decoder.decode(chunk.value as Uint8Array);
    }
  })();
  return {
    text: () => text,
    async until(pattern: RegExp, ms: number): Promise<boolean> {
      const deadline = Date.now() + ms;
      while (!pattern.test(text) && Date.now() < deadline) await sleep(20);
      return pattern.test(text);
    },
    ended: pump,
  };
}

describe("the game API while its database is down", () => {
  it("queries and new streams answer 503 with Retry-After and a plain message; the open stream goes on and recovers", async () => {
    const controller = new AbortController();
    const stream = follow(await fetch(`${baseUrl}/tables.watch`, { signal: controller.signal }));
    expect(await stream.until(/\ndata: \[/, 5_000)).toBe(true);
    const before = stream.text().length;

    await proxy.stop();
    for (const path of ["health", "tables.list"]) {
      const response = await fetch(`${baseUrl}/${path}`);
      const body = await response.text();
      expect(response.status, path).toBe(503);
      expect(response.headers.get("retry-after"), path).toBe("5");
      expect(JSON.parse(body)).toMatchObject({
        error: { message: "database: not reachable, retry later" },
      });
      expect(body).not.toMatch(leak);
    }
    // A stream opened now would only wait: it is refused like a query.
    const refused = await fetch(`${baseUrl}/tables.watch`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect(await refused.json()).toMatchObject({
      error: { message: "database: not reachable, retry later" },
    });
    // Two of the open stream's polls fail meanwhile: no event, no end.
    await sleep(4_500);
    const during = stream.text().slice(before);
    expect(during).not.toContain("serialized-error");
    expect(during).not.toContain("data: [");

    await database.db.table.update({ where: { slug: "pok-deng" }, data: { status: "PAUSED" } });
    await proxy.start();
    expect(await stream.until(/"status":"paused"/, 5_000)).toBe(true);
    controller.abort();
    await stream.ended;
    expect(stream.text()).not.toMatch(leak);
    expect(logged).toEqual([]);
  }, 20_000);
});
