import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

import { afterAll, beforeAll, expect, it } from "vitest";

import type { MutationPath } from "@fuda/api/types";
import { createDb, setupDatabase } from "@fuda/db";
import type { Db } from "@fuda/db";
import { startEmbeddedPostgres } from "@fuda/db/embedded";
import type { EmbeddedPostgres } from "@fuda/db/embedded";
import { auditLiveTables } from "@fuda/live";
import { freePort, startGameApi } from "@fuda/testkit";
import type { SpawnedApp } from "@fuda/testkit";

import { guest, quiesce, runBots, sharedTablesSettled, until } from "./bots";

// A PostgreSQL of the test's own, so it can really be stopped for 10 s and started again on the
// same data (the machine's server is shared by every test).
/** The placement's path, typed by the router. */
const PLACE: MutationPath = "bets.place";
const PACE = { BETTING_WINDOW_MS: "800", DEAL_DELAY_MS: "150", RESULT_PAUSE_MS: "100" };

let dataDir: string;
let port: number;
let server: EmbeddedPostgres | undefined;
let db: Db;
let api: SpawnedApp | undefined;

const startServer = () => startEmbeddedPostgres({ dataDir, persistent: true, port });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "fuda-outage-pg-"));
  port = await freePort();
  server = await startServer();
  await setupDatabase({ url: server.url("postgres") });
  db = createDb(server.url("postgres"));
}, 120_000);

afterAll(async () => {
  await api?.stop();
  await db.$disconnect();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

it("PostgreSQL stopped for 10 s mid-round with bots betting: bets get 503 DATABASE_UNAVAILABLE with Retry-After, the dealer lives on and each table goes on from the round it was in, the books clean", async () => {
  api = await startGameApi({ databaseUrl: server!.url("postgres"), env: PACE });
  const bots = await Promise.all(Array.from({ length: 4 }, () => guest(api!.url)));
  const stop = new AbortController();
  const betting = runBots({ bots, db, signal: stop.signal });
  // Stop it while some round is being dealt.
  await until("two settled rounds and one being dealt", async () => {
    const settled = await db.round.count({ where: { phase: "settled" } });
    const dealing = await db.round.count({
      where: { phase: "dealing", NOT: { cards: { isEmpty: true } } },
    });
    return settled >= 2 && dealing > 0 ? true : undefined;
  });
  const interrupted = await db.round.findMany({ where: { phase: { in: ["betting", "dealing"] } } });
  const openRound = interrupted.find((round) => round.phase === "betting");
  await server!.stop();
  server = undefined;
  // No step commits after this: a round seen betting above may have closed just before it.
  const stoppedAt = Date.now();

  // During the outage: a bet is refused as retryable, and the game API keeps running.
  const during = await fetch(`${api.url}/trpc/${PLACE}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...bots[0]!.requestHeaders() },
    body: JSON.stringify({
      roundId: openRound?.id ?? interrupted[0]!.id,
      bets: [{ bet: "banker", amount: 1_000 }],
      requestId: "during-the-outage",
    }),
  });
  expect(during.status).toBe(503);
  expect(Number(during.headers.get("retry-after"))).toBeGreaterThan(0);
  const refused = (await during.json()) as { error: { data: { reason: string } } };
  expect(refused.error.data.reason).toBe("DATABASE_UNAVAILABLE");
  await sleep(10_000);
  let exited = false;
  void api.exited.then(() => (exited = true));
  expect(exited).toBe(false);

  server = await startServer();
  // Each interrupted round ends: dealt ones finished from the persisted shoe, betting ones whose
  // window passed cancelled and refunded; then the tables deal new rounds.
  await until(
    "the interrupted rounds to end",
    async () => {
      const rounds = await db.round.findMany({
        where: { id: { in: interrupted.map((r) => r.id) } },
      });
      return rounds.every((round) => round.phase === "settled" || round.phase === "cancelled")
        ? rounds
        : undefined;
    },
    60_000,
  ).then((rounds) => {
    for (const before of interrupted) {
      const after = rounds.find((round) => round.id === before.id)!;
      const closedBeforeTheStop =
        after.closedAt !== null &&
        after.closedAt.getTime() <= stoppedAt &&
        after.phase !== "cancelled";
      expect(after.phase).toBe(
        before.phase === "dealing" || closedBeforeTheStop ? "settled" : "cancelled",
      );
      // A round being dealt keeps the cards it had shown and goes on from there.
      expect(after.cards.slice(0, before.cards.length)).toEqual(before.cards);
    }
  });
  // New rounds settle at every shared table; joker blackjack, where nobody sits, settles none.
  const newest = Math.max(...interrupted.map((round) => round.openedAt.getTime()));
  await until(
    "new rounds at every shared table",
    async () => ((await sharedTablesSettled(db, new Date(newest))) ? true : undefined),
    60_000,
  );
  stop.abort();
  const stats = await betting;
  await quiesce(db);
  expect(stats.placed).toBeGreaterThan(0);
  expect(await auditLiveTables(db)).toEqual([]);
  expect(api.output()).not.toMatch(/Unhandled|TypeError|ReferenceError/);
}, 240_000);
