import { afterAll, beforeAll, expect, it } from "vitest";

import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { startGameApi } from "@fuda/testkit";
import type { SpawnedApp } from "@fuda/testkit";

let database: TestDatabase;
let app: SpawnedApp | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await app?.stop();
  await database.drop();
});

/** The worker processes the primary says it started, in order. */
const started = (output: string): number[] =>
  [...output.matchAll(/worker (\d+) started/g)].map((match) => Number(match[1]));

async function until<T>(what: string, probe: () => T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}:\n${app?.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const listening = (output: string): number =>
  output.split("\n").filter((line) => line.includes("game-api listening on")).length;

it("GAME_API_WORKERS=2: two processes answer on one port; a worker killed is replaced, and SIGTERM stops them all", async () => {
  app = await startGameApi({
    databaseUrl: database.url,
    env: { GAME_API_WORKERS: "2", DEALER: "off" },
  });
  const workers = await until("two workers listening", () => {
    const pids = started(app!.output());
    return pids.length === 2 && listening(app!.output()) === 2 ? pids : undefined;
  });
  const health = async () => (await fetch(`${app!.url}/trpc/health`)).status;
  expect(await health()).toBe(200);

  process.kill(workers[0]!, "SIGKILL");
  const replacement = await until("a third worker listening", () => {
    const pids = started(app!.output());
    return pids.length === 3 && listening(app!.output()) === 3 ? pids[2] : undefined;
  });
  expect(workers).not.toContain(replacement);
  expect(app.output()).toMatch(new RegExp(`worker ${workers[0]} died \\(SIGKILL\\)`));
  for (let i = 0; i < 10; i++) expect(await health()).toBe(200);

  await app.stop();
  app = undefined;
  for (const pid of [workers[1]!, replacement]) {
    expect(() => process.kill(pid, 0)).toThrow();
  }
}, 120_000); // Three game API processes start in turn: slow on a loaded 2-core machine.
