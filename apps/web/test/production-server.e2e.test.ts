import { randomUUID } from "node:crypto";

import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { startGameApi, startNextApp, until } from "@fuda/testkit";
import type { SpawnedApp } from "@fuda/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// The lobby as `pnpm start` and its image run it: `node server.mjs` in the standalone build,
// in front of a real game API.
let database: TestDatabase | undefined;
let gameApi: SpawnedApp | undefined;
let web: SpawnedApp | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  gameApi = await startGameApi({ databaseUrl: database.url });
  web = await startNextApp({ app: "web", gameApiUrl: `${gameApi.url}/trpc` });
});

afterAll(async () => {
  await web?.stop();
  await gameApi?.stop();
  await database?.drop();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(new URL(path, web!.url), { headers, signal: AbortSignal.timeout(10_000) });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("the lobby's production server", () => {
  it("answers /livez, and /readyz once Next is prepared and the game API is alive", async () => {
    const live = await get("/livez");
    expect(live.status).toBe(200);
    const ready = await until(
      "the lobby to be ready",
      async () => {
        const answer = await get("/readyz");
        return answer.status === 200 ? answer : undefined;
      },
      20_000,
    );
    expect(await ready.json()).toEqual({
      status: "ok",
      checks: { next: "ok", "game-api": "ok" },
    });
  });

  it("gives every answer a request id: the caller's when it is a sane token, else a new one", async () => {
    const sent = `lobby-${randomUUID()}`;
    const page = await get("/", { "x-request-id": sent });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-request-id")).toBe(sent);
    for (const forged of ["two words", "x".repeat(200), "line\u00e9"]) {
      const answer = await get("/livez", { "x-request-id": forged });
      expect(answer.headers.get("x-request-id"), forged).toMatch(UUID);
    }
    expect((await get("/livez")).headers.get("x-request-id")).toMatch(UUID);
  });

  it("passes the request id on to the game API through the procedure and accounts relays", async () => {
    const procedure = `relay-${randomUUID()}`;
    const input = encodeURIComponent(JSON.stringify({ slug: "baccarat-a" }));
    const table = await get(`/api/trpc/tables.get?input=${input}`, { "x-request-id": procedure });
    expect(table.status).toBe(200);
    expect(table.headers.get("x-request-id")).toBe(procedure);
    const accounts = `accounts-${randomUUID()}`;
    const session = await get("/api/auth/get-session", { "x-request-id": accounts });
    expect(session.status).toBe(200);
    // The game API logs each request it serves with the id it was given.
    const logged = (id: string) => () =>
      Promise.resolve(gameApi!.output().includes(id) ? true : undefined);
    await until("the game API to log the relayed procedure's id", logged(procedure), 5_000);
    await until("the game API to log the relayed sign-in check's id", logged(accounts), 5_000);
  });

  it("turns /readyz 503 naming the game API when it stops, while /livez stays 200", async () => {
    await gameApi!.stop();
    const ready = await get("/readyz");
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { checks: Record<string, string> };
    expect(body.checks.next).toBe("ok");
    expect(body.checks["game-api"]).toMatch(/\/livez unreachable \(ECONNREFUSED\)$/);
    expect((await get("/livez")).status).toBe(200);
  });
});
