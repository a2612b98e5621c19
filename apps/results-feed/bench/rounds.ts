/**
 * `GET /v1/rounds` requests per second at 64 concurrent connections, with p50, p99 and errors,
 * against the real feed process (`tsx src/main.ts`, on its read-only role) over keep-alive HTTP
 * from this process. The database is a throwaway one: the live dealer deals every seeded table
 * with no pauses for DEAL_SECONDS, then those real rounds are copied (new ids, numbers past the
 * shoe's, times moved back an hour per copy, one transaction per copy so each gets its own
 * finishing transaction id, as the rounds' order needs) until there are BENCH_ROUNDS: the dealer
 * settles ~10 rounds a second here, a few thousand would take minutes.
 * Each connection asks, in turn: the first page of all rounds; one table's; one game's in a
 * time window; and the next page after its own cursor (paging through everything, then again).
 * `pnpm --filter @fuda/results-feed bench`; BENCH_SECONDS (default 8), BENCH_CONNECTIONS
 * (default 64), BENCH_ROUNDS (default 5000), BENCH_GZIP (default on: `Accept-Encoding: gzip`, as
 * partners' clients send it; off for the JSON as it is); DATABASE_URL names the server. Numbers on a shared
 * 2-core machine are noisy (the feed, PostgreSQL and this client share its cores).
 */
import { randomUUID } from "node:crypto";
import { Agent, request } from "node:http";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

import { createPartnerKey } from "@fuda/auth";
import { createDb, setupDatabase } from "@fuda/db";
import type { Db } from "@fuda/db";
import { silentLog, startLive } from "@fuda/live";
import {
  benchServerUrl,
  benchTable,
  cpuSince,
  createThrowawayDatabase,
  freePort,
  percentile,
  postgresCpuMs,
  spawnApp,
  spawnedCpuMs,
} from "@fuda/testkit";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5_000);
const DEAL_SECONDS = 15;
const LIMIT = 50;
/** Ask for gzip, as partners' HTTP clients do; BENCH_GZIP=off asks for the JSON as it is. */
const GZIP = process.env.BENCH_GZIP !== "off";

const appDir = fileURLToPath(new URL("..", import.meta.url));

const finishedCount = (db: Db) =>
  db.round.count({ where: { phase: { in: ["settled", "cancelled"] } } });

/** Real rounds from the dealer, then copies of them up to `target` finished rounds. */
async function fillRounds(db: Db, url: string, target: number): Promise<number> {
  const live = startLive({
    db,
    connectionString: url,
    timing: { dealDelayMs: 0, resultPauseMs: 0, bettingWindowMs: () => 0 },
    log: silentLog,
  });
  await new Promise((resolve) => setTimeout(resolve, DEAL_SECONDS * 1_000));
  await live.stop();
  const dealt = await finishedCount(db);
  if (dealt === 0) throw new Error("the dealer finished no round");
  // Numbers past any shoe's own (a shoe deals fewer than 1,000 rounds).
  for (let copy = 1; (await finishedCount(db)) < target; copy++) {
    await db.$executeRaw`
      INSERT INTO rounds (id, table_id, shoe_id, number, phase, betting_closes_at, state, cards,
                          outcome, version, moves, opened_at, closed_at, settled_at)
      SELECT gen_random_uuid(), table_id, shoe_id, number + 1000 * ${copy}::int, phase,
             betting_closes_at - make_interval(hours => ${copy}::int), state, cards, outcome,
             version, moves, opened_at - make_interval(hours => ${copy}::int),
             closed_at - make_interval(hours => ${copy}::int),
             settled_at - make_interval(hours => ${copy}::int)
      FROM rounds WHERE phase IN ('settled', 'cancelled') AND number < 1000`;
  }
  await db.$executeRaw`ANALYZE rounds`;
  return dealt;
}

interface Answer {
  status: number;
  /** Decoded only when read: the client's own work is kept small, it shares the cores. */
  body(): string;
}

function get(agent: Agent, port: number, path: string, authorization: string): Promise<Answer> {
  const headers = { authorization, ...(GZIP && { "accept-encoding": "gzip" }) };
  return new Promise((resolve, reject) => {
    const req = request({ agent, host: "127.0.0.1", port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const bytes = Buffer.concat(chunks);
        const gzipped = res.headers["content-encoding"] === "gzip";
        resolve({
          status: res.statusCode ?? 0,
          body: () => (gzipped ? gunzipSync(bytes) : bytes).toString(),
        });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

interface Kind {
  name: string;
  latencies: number[];
  errors: number;
}

/** One run of the load on a server, with the CPU each side spent (the server by its env marker). */
async function measure(
  port: number,
  marker: string,
  authorization: string,
  window: { from: string; to: string },
) {
  const before = {
    server: spawnedCpuMs(marker),
    postgres: postgresCpuMs(),
    client: process.cpuUsage(),
  };
  const run = await load(port, authorization, window);
  const client = process.cpuUsage(before.client);
  return {
    ...run,
    cpuMs: {
      server: spawnedCpuMs(marker) - before.server,
      postgres: cpuSince(before.postgres, postgresCpuMs()),
      client: (client.user + client.system) / 1_000,
    },
  };
}

async function load(port: number, authorization: string, window: { from: string; to: string }) {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const kinds: Kind[] = ["all", "table", "game+time", "paging"].map((name) => ({
    name,
    latencies: [],
    errors: 0,
  }));
  const firstError: string[] = [];
  const end = performance.now() + SECONDS * 1_000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, connection) => {
      let cursor: string | null = null;
      for (let turn = connection; performance.now() < end; turn++) {
        const kind = kinds[turn % kinds.length]!;
        const path =
          kind.name === "all"
            ? `/v1/rounds?limit=${LIMIT}`
            : kind.name === "table"
              ? `/v1/rounds?table=baccarat-a&limit=${LIMIT}`
              : kind.name === "game+time"
                ? `/v1/rounds?game=pok-deng&from=${window.from}&to=${window.to}&limit=${LIMIT}`
                : `/v1/rounds?limit=${LIMIT}${cursor === null ? "" : `&cursor=${cursor}`}`;
        const sent = performance.now();
        try {
          const answer = await get(agent, port, path, authorization);
          kind.latencies.push(performance.now() - sent);
          if (answer.status !== 200) {
            kind.errors += 1;
            firstError.push(`${path}: ${answer.status} ${answer.body().slice(0, 200)}`);
          } else if (kind.name === "paging") {
            // The page ends with its cursor: no need to parse the 50 rounds before it.
            const tail = answer.body().slice(-300);
            const next = /"nextCursor":"([^"]+)","hasMore":true\}$/.exec(tail);
            cursor = next === null ? null : next[1]!;
          }
        } catch (error) {
          kind.errors += 1;
          firstError.push(`${path}: ${String(error)}`);
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1_000;
  agent.destroy();
  return { kinds, elapsed, firstError: firstError[0] };
}

const ms = (value: number) => value.toFixed(1);

/** The sorted latencies of one kind of request, or of them all. */
const summary = (kinds: readonly Kind[], name: string) => ({
  name,
  latencies: kinds
    .flatMap((kind) => (name === "total" || kind.name === name ? kind.latencies : []))
    .sort((a, b) => a - b),
  errors: kinds.reduce(
    (sum, kind) => sum + (name === "total" || kind.name === name ? kind.errors : 0),
    0,
  ),
});

async function main(): Promise<void> {
  const serverUrl = benchServerUrl();
  const database = await createThrowawayDatabase(serverUrl, "fuda_bench_feed");
  let feed: Awaited<ReturnType<typeof spawnApp>> | undefined;
  let bare: Awaited<ReturnType<typeof spawnApp>> | undefined;
  const db = createDb(database.url);
  try {
    await setupDatabase({ url: database.url });
    const dealt = await fillRounds(db, database.url, ROUNDS);
    const rounds = await finishedCount(db);
    const admin = await db.user.create({
      data: { id: `admin-${randomUUID()}`, name: "Bench", email: "bench@x.io", role: "admin" },
    });
    const { key } = await createPartnerKey({
      db,
      partnerId: "bench",
      name: "bench",
      scopes: ["feed:read"],
      createdBy: admin.id,
    });
    const times = await db.$queryRaw<{ from: Date; to: Date }[]>`
      SELECT min(settled_at) AS from, max(settled_at) AS to FROM rounds`;
    const { from, to } = times[0]!;
    const middle = new Date((from.getTime() + to.getTime()) / 2);
    const window = {
      from: new Date(middle.getTime() - 3 * 3_600_000).toISOString(),
      to: middle.toISOString(),
    };
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    feed = await spawnApp({
      cwd: appDir,
      command: "pnpm",
      args: ["--silent", "run", "start"],
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: database.url,
        FUDA_BENCH_SERVER: "feed",
        // The bench's key must never wait for its bucket: the limit is what is measured otherwise.
        FEED_RATE_LIMIT: "1000000000",
        FEED_RATE_BURST: "1000000000",
      },
      url,
      readyPath: "/healthz",
    });
    const authorization = `Bearer ${key}`;
    // Warm-up: the feed's pool, the planner, the pages' caches.
    await load(port, authorization, window).catch(() => undefined);
    const measured = await measure(port, "FUDA_BENCH_SERVER=feed", authorization, window);
    await feed.stop();
    feed = undefined;

    const barePort = await freePort();
    bare = await spawnApp({
      cwd: appDir,
      command: process.execPath,
      args: ["--import", "tsx", "bench/bare-feed.ts"],
      env: { PORT: String(barePort), DATABASE_URL: database.url, FUDA_BENCH_SERVER: "bare" },
      url: `http://127.0.0.1:${barePort}`,
      readyPath: "/v1/rounds?limit=1",
    });
    await load(barePort, authorization, window).catch(() => undefined);
    const baseline = await measure(barePort, "FUDA_BENCH_SERVER=bare", authorization, window);

    console.log(
      `GET /v1/rounds?limit=${LIMIT}: ${rounds} finished rounds (${dealt} dealt, the rest copies), ` +
        `${CONNECTIONS} connections, ${SECONDS} s each, ${GZIP ? "gzip asked" : "no gzip"}; ` +
        `the feed process, then the baseline (bench/bare-feed.ts: node:http, one pg query, JSON)`,
    );
    const table = benchTable([
      ["server", 8],
      ["requests", 11],
      ["count", 8],
      ["req/s", 9],
      ["p50 ms", 9],
      ["p99 ms", 9],
      ["errors", 8],
    ]);
    console.log(table.header);
    const line = (server: string, run: typeof measured, name: string) => {
      const row = summary(run.kinds, name);
      const rate = row.latencies.length / run.elapsed;
      console.log(
        table.row([
          server,
          name,
          String(row.latencies.length),
          rate.toFixed(0),
          ms(percentile(row.latencies, 50)),
          ms(percentile(row.latencies, 99)),
          String(row.errors),
        ]),
      );
      return rate;
    };
    for (const kind of measured.kinds) line("feed", measured, kind.name);
    const feedRate = line("feed", measured, "total");
    for (const kind of baseline.kinds) line("bare", baseline, kind.name);
    const bareRate = line("bare", baseline, "total");
    console.log(`feed ÷ bare: ${(feedRate / bareRate).toFixed(2)}×`);
    for (const [server, run] of [
      ["feed", measured],
      ["bare", baseline],
    ] as const) {
      const requests = run.kinds.reduce((sum, kind) => sum + kind.latencies.length, 0);
      const perRequest = (ms: number) => `${((ms * 1_000) / requests).toFixed(0)} µs`;
      console.log(
        `${server}: CPU a request: server ${perRequest(run.cpuMs.server)}, PostgreSQL ` +
          `${perRequest(run.cpuMs.postgres)}, the bench's client ${perRequest(run.cpuMs.client)}`,
      );
    }
    for (const [server, run] of [
      ["feed", measured],
      ["bare", baseline],
    ] as const) {
      if (run.firstError !== undefined) console.log(`${server}: first error: ${run.firstError}`);
    }
  } finally {
    await feed?.stop();
    await bare?.stop();
    await db.$disconnect();
    await database.drop();
  }
}

await main();
