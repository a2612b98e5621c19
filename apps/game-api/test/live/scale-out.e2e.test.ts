/**
 * Issue 39's acceptance (docs/scaling.md): four game API nodes on one database and a NATS
 * JetStream of the test's own — two dealing, one API, one stream edge — players betting through
 * the API node, viewers watching through all four. Then a dealing node is killed mid-deal, and
 * NATS is stopped for 10 s.
 */
import { setTimeout as sleep } from "node:timers/promises";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { auditLiveTables } from "@fuda/live";
import { startGameApi, startNatsServer } from "@fuda/testkit";
import type { NatsServer, SpawnedApp } from "@fuda/testkit";

import { guest, quiesce, runBots, sharedTableIds, until } from "./bots";
import type { Viewer } from "./viewers";
import { newestPublicId, publicEvents, watch } from "./viewers";

const PACE = { BETTING_WINDOW_MS: "400", DEAL_DELAY_MS: "40", RESULT_PAUSE_MS: "40" };

let database: TestDatabase;
let nats: NatsServer;
/** Two dealing nodes, the API node, the stream edge. */
let dealers: SpawnedApp[] = [];
let api: SpawnedApp;
let edge: SpawnedApp;
/** Every node started, for the end. */
const started: SpawnedApp[] = [];
const viewers: { viewer: Viewer; tableId: string; afterId: string }[] = [];
const bettors = new AbortController();
let betting: ReturnType<typeof runBots> | undefined;

/** The tables a node says it deals ("dealing table <slug>"), in the order it took them. */
const dealing = (app: SpawnedApp): string[] =>
  [...app.output().matchAll(/dealing table (\S+)/g)].map((match) => match[1]!);

const settledRounds = () => database.db.round.count({ where: { phase: "settled" } });

/**
 * Every viewer received each public event of its table once, in id order, with no gap, up to
 * the table's newest event (waited for: the last may still be on its way).
 */
async function everyViewerComplete(of = viewers): Promise<void> {
  const { db } = database;
  for (const { viewer, tableId, afterId } of of) {
    const newest = await newestPublicId(db, tableId);
    const reached = (): boolean =>
      viewer.events.some((event) => BigInt(event.id) >= BigInt(newest));
    await until(
      `a viewer on ${viewer.node()} to reach event ${newest}`,
      () => Promise.resolve(reached() ? true : undefined),
      15_000,
    );
    const expected = await publicEvents(db, tableId, afterId, newest);
    const received = viewer.events.map((event) => event.id);
    expect(received.slice(0, expected.length)).toEqual(expected);
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  nats = await startNatsServer();
  const node = async (roles: string) => {
    const app = await startGameApi({
      databaseUrl: database.url,
      env: { ...PACE, NATS_URL: nats.url, ROLES: roles },
    });
    started.push(app);
    return app;
  };
  // One first: it builds the bundle the others start from.
  const first = await node("dealing,stream");
  const [second, apiNode, edgeNode] = await Promise.all([
    node("dealing,stream"),
    node("api,stream"),
    node("stream"),
  ]);
  dealers = [first, second];
  api = apiNode;
  edge = edgeNode;
  // Viewers of two shared tables, two per table on every node, from the newest event on.
  const tables = (await sharedTableIds(database.db)).slice(0, 2);
  const slugs = await database.db.table.findMany({
    where: { id: { in: tables } },
    select: { id: true, slug: true },
  });
  const nodes = [...dealers, api, edge];
  for (const { id, slug } of slugs) {
    const afterId = await newestPublicId(database.db, id);
    for (const app of nodes) {
      for (let n = 0; n < 2; n += 1) {
        // A viewer whose node dies comes back through the API node, as a load balancer would.
        const viewer = watch(app.url, slug, afterId, (url) =>
          dealers.some((dealer) => dealer.url === url) ? api.url : url,
        );
        viewers.push({ viewer, tableId: id, afterId });
      }
    }
  }
  const bots = await Promise.all(Array.from({ length: 3 }, () => guest(api.url)));
  betting = runBots({ bots, db: database.db, signal: bettors.signal });
}, 120_000);

afterAll(async () => {
  bettors.abort();
  await betting;
  for (const { viewer } of viewers) viewer.close();
  await Promise.all(started.map((app) => app.stop()));
  await nats.close();
  await database.drop();
});

describe("four game API nodes over NATS JetStream", () => {
  it("each table is dealt by one dealing node; bets go through the API node, not the edge; every viewer on every node gets every event of its table once, in order, with no gap", async () => {
    await until("every table dealt", () =>
      Promise.resolve(dealers.flatMap(dealing).length >= 4 ? true : undefined),
    );
    const [one, two] = dealers.map(dealing);
    expect(one!.filter((slug) => two!.includes(slug))).toEqual([]);
    expect(dealing(api)).toEqual([]);
    expect(dealing(edge)).toEqual([]);
    const start = await settledRounds();
    await until("eight rounds settled", async () =>
      (await settledRounds()) >= start + 8 ? true : undefined,
    );
    // The stream edge serves streams only; the API node takes the bets.
    const player = await guest(api.url);
    const round = await database.db.round.findFirst({ where: { phase: "betting" } });
    const onEdge = await fetch(`${edge.url}/trpc/bets.place`, {
      method: "POST",
      headers: { "content-type": "application/json", ...player.requestHeaders() },
      body: JSON.stringify({ roundId: round?.id ?? "x", bets: [], requestId: "edge-1" }),
    });
    expect(onEdge.status).toBe(404);
    expect(((await onEdge.json()) as { error: { message: string } }).error.message).toMatch(
      /only event streams/,
    );
    await everyViewerComplete();
  }, 120_000);

  it("kill -9 of a dealing node mid-deal: the other deals its tables within 10 s, each round finishes once, and viewers see no gap", async () => {
    const { db } = database;
    // A round being dealt by the node that will die.
    const [victim, survivor] = await until("a round being dealt", async () => {
      const round = await db.round.findFirst({
        where: { phase: "dealing", NOT: { cards: { isEmpty: true } } },
        select: { table: { select: { slug: true } } },
      });
      if (round === null) return undefined;
      const owner = dealers.find((dealer) => dealing(dealer).includes(round.table.slug));
      return owner === undefined ? undefined : [owner, dealers.find((d) => d !== owner)!];
    });
    const orphans = dealing(victim);
    const killedAt = Date.now();
    await victim.kill();
    await until(
      "the survivor to deal the orphaned tables",
      () =>
        Promise.resolve(
          orphans.every((slug) => dealing(survivor).includes(slug)) ? true : undefined,
        ),
      10_000,
    );
    expect(Date.now() - killedAt).toBeLessThan(10_000);
    const before = await settledRounds();
    await until("four more rounds settled", async () =>
      (await settledRounds()) >= before + 4 ? true : undefined,
    );
    // Viewers on the dead node came back through the API node from their last id.
    const moved = viewers.filter(({ viewer }) => viewer.reconnects() > 0);
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every(({ viewer }) => viewer.node() === api.url)).toBe(true);
    await everyViewerComplete();
    dealers = [survivor];
  }, 120_000);

  it("NATS stopped for 10 s: bets are taken and settled meanwhile, and every stream resumes with no lost or doubled event", async () => {
    const { db } = database;
    const bets = () => db.bet.count({ where: { status: "settled" } });
    // A node that only takes bets stays ready without NATS; a stream edge does not.
    const betsOnly = await startGameApi({
      databaseUrl: database.url,
      env: { ...PACE, NATS_URL: nats.url, ROLES: "api" },
    });
    started.push(betsOnly);
    const ready = async (app: SpawnedApp) => (await fetch(`${app.url}/readyz`)).status;
    const before = { bets: await bets(), rounds: await settledRounds() };
    await nats.stop();
    await sleep(10_000);
    // The database took them; the outbox holds their events.
    expect(await settledRounds()).toBeGreaterThan(before.rounds);
    expect(await bets()).toBeGreaterThan(before.bets);
    expect({ api: await ready(betsOnly), edge: await ready(edge) }).toEqual({
      api: 200,
      edge: 503,
    });
    await nats.start();
    const after = await settledRounds();
    await until("two more rounds settled", async () =>
      (await settledRounds()) >= after + 2 ? true : undefined,
    );
    await everyViewerComplete();

    bettors.abort();
    await betting;
    await quiesce(db);
    expect(await auditLiveTables(db)).toEqual([]);
  }, 120_000);
});
