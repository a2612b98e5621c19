import type { IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { AppRouter } from "@fuda/api";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";

import { createGameApiServer } from "../src/server";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: ReturnType<typeof createGameApiServer>;
let origin: string;
let baseUrl: string;
/** Every HTTP request that reached the server, as "METHOD url". */
const requests: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  server = createGameApiServer({ db: database.db });
  server.on("request", (req: IncomingMessage) => requests.push(`${req.method} ${req.url}`));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  baseUrl = `${origin}/trpc`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.drop();
});

const client = () => createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: baseUrl })] });

describe("game API over HTTP", () => {
  it("health answers ok after querying the database", async () => {
    const health = await client().health.query();
    expect(health).toMatchObject({ status: "ok", database: "ok" });
    expect(Date.parse(health.time)).not.toBeNaN();
  });

  it("tables.list returns the seeded tables", async () => {
    const tables = await client().tables.list.query();
    expect(tables.map((table) => table.slug).sort()).toEqual(
      ["baccarat-a", "baccarat-b", "joker-blackjack", "pok-deng", "quick-baccarat"].sort(),
    );
  });

  it("batches several queries into one HTTP request", async () => {
    const batching = client();
    requests.length = 0;
    const [health, tables] = await Promise.all([
      batching.health.query(),
      batching.tables.list.query(),
    ]);
    expect(health.status).toBe("ok");
    expect(tables).toHaveLength(5);
    expect(requests).toEqual(["GET /trpc/health,tables.list?batch=1&input=%7B%7D"]);
  });

  it("tables.watch streams the table list as server-sent events", async () => {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/tables.watch`, { signal: controller.signal });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes("\ndata: [")) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value as Uint8Array);
    }
    controller.abort();
    const data = /\ndata: (\[.*\])\n/.exec(text)?.[1];
    expect(data).toBeDefined();
    expect(JSON.parse(data!)).toHaveLength(5);
  });

  it("an unknown procedure is a 404 with a JSON error", async () => {
    const response = await fetch(`${baseUrl}/tables.nope`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { data: { code: "NOT_FOUND" } } });
  });
});

describe("an unexpected failure", () => {
  it("answers 500 'Internal server error' and logs the cause in one line for the operator", async () => {
    const broken = await createTestDatabase();
    const lines: string[] = [];
    const brokenServer = createGameApiServer({
      db: broken.db,
      logError: (line) => lines.push(line),
    });
    try {
      await broken.db.$executeRawUnsafe("DROP TABLE tables CASCADE");
      await new Promise<void>((resolve) => brokenServer.listen(0, "127.0.0.1", resolve));
      const port = (brokenServer.address() as AddressInfo).port;
      const response = await fetch(`http://127.0.0.1:${port}/trpc/tables.list`);
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ error: { message: "Internal server error" } });
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^game-api: tables\.list failed: .*tables/);
    } finally {
      brokenServer.closeAllConnections();
      await new Promise((resolve) => brokenServer.close(resolve));
      await broken.drop();
    }
  });
});
