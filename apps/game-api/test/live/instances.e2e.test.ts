import { afterAll, beforeAll, expect, it } from "vitest";

import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { auditLiveTables } from "@fuda/live";
import { startGameApi } from "@fuda/testkit";
import type { SpawnedApp } from "@fuda/testkit";

import { guest, quiesce, runBots, sharedTablesSettled, until } from "./bots";

const PACE = { BETTING_WINDOW_MS: "400", DEAL_DELAY_MS: "20", RESULT_PAUSE_MS: "20" };

let database: TestDatabase;
const apps: SpawnedApp[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await database.drop();
});

/** The tables a game API says it deals ("dealer: dealing table <slug>"). */
const dealing = (app: SpawnedApp): string[] =>
  [...app.output().matchAll(/dealing table (\S+)/g)].map((match) => match[1]!);

it("two game APIs on one database never deal the same table; killing the owner hands its tables to the other within 10 s", async () => {
  const { db } = database;
  const first = await startGameApi({ databaseUrl: database.url, env: PACE });
  apps.push(first);
  await until("the first to take the four live tables", () =>
    Promise.resolve(dealing(first).length === 4 ? true : undefined),
  );
  const second = await startGameApi({ databaseUrl: database.url, env: PACE });
  apps.push(second);
  const bots = await Promise.all(
    Array.from({ length: 3 }, (_, i) => guest([first, second][i % 2]!.url)),
  );
  const stop = new AbortController();
  const betting = runBots({ bots, db, signal: stop.signal });
  await until("ten settled rounds", async () =>
    (await db.round.count({ where: { phase: "settled" } })) >= 10 ? true : undefined,
  );
  // Both take bets; only the first deals.
  expect(dealing(second)).toEqual([]);

  const killedAt = Date.now();
  await first.kill();
  await until(
    "the second to take the tables",
    () => Promise.resolve(dealing(second).length === 4 ? true : undefined),
    10_000,
  );
  const takeover = Date.now() - killedAt;
  expect(takeover).toBeLessThan(10_000);
  expect(dealing(second).sort()).toEqual(dealing(first).sort());
  // And it deals them: new rounds settle at every shared table, and joker blackjack, where
  // nobody sits, starts its round's window again (waiting for a bet) rather than dealing it.
  const tookOver = new Date(killedAt + takeover);
  const jbj = await db.table.findUniqueOrThrow({ where: { slug: "joker-blackjack" } });
  await until("rounds settled at every shared table after the takeover", async () =>
    (await sharedTablesSettled(db, tookOver)) ? true : undefined,
  );
  await until("joker blackjack waiting for a bet after the takeover", async () =>
    (await db.tableEvent.count({
      where: {
        tableId: jbj.id,
        type: "round.opened",
        createdAt: { gt: tookOver },
        payload: { path: ["reopened"], equals: true },
      },
    })) > 0
      ? true
      : undefined,
  );
  expect(await db.round.count({ where: { tableId: jbj.id, phase: "settled" } })).toBe(0);
  stop.abort();
  await betting;
  await quiesce(db);
  expect(await auditLiveTables(db)).toEqual([]);
}, 120_000);
