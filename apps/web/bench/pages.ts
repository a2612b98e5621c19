/**
 * The players' pages under load: `GET /` (the lobby) and `GET /tables/baccarat-a` (a table page)
 * from CONNECTIONS keep-alive connections for SECONDS each, against the production build (Next's
 * standalone server) and a real game API on a throwaway database, beside the same server sending a
 * static file of the lobby's size from `public/` (what Next serves with no rendering at all).
 * `pnpm --filter @fuda/web bench`; BENCH_SECONDS (default 8), BENCH_CONNECTIONS (default 32);
 * DATABASE_URL names the PostgreSQL server.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { setupDatabase } from "@fuda/db";
import {
  benchServerUrl,
  benchTable,
  createThrowawayDatabase,
  percentile,
  startGameApi,
  startNextApp,
} from "@fuda/testkit";
import type { SpawnedApp } from "@fuda/testkit";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const appDir = fileURLToPath(new URL("..", import.meta.url));
/** Where the standalone server looks for `public/` (packages/env/scripts/standalone.ts). */
const publicDir = join(appDir, ".next", "standalone", "apps", "web", "public");
const STATIC_PATH = "/bench-static.html";

function get(agent: Agent, url: URL, path: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { agent, host: url.hostname, port: url.port, path, headers: { "accept-language": "en" } },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, bytes });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** `path` asked back to back by every connection: latencies of the answered, and the failures. */
async function load(base: string, path: string) {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const end = started + SECONDS * 1_000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        try {
          const answer = await get(agent, url, path);
          latencies.push(performance.now() - sent);
          bytes = answer.bytes;
          if (answer.status !== 200) errors += 1;
        } catch {
          errors += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1_000;
  agent.destroy();
  return { latencies: latencies.sort((a, b) => a - b), errors, elapsed, bytes };
}

async function main(): Promise<void> {
  const database = await createThrowawayDatabase(benchServerUrl(), "fuda_bench_pages");
  const started: SpawnedApp[] = [];
  try {
    await setupDatabase({ url: database.url });
    const gameApi = await startGameApi({ databaseUrl: database.url });
    started.push(gameApi);
    // Next lists `public/` when it starts: the baseline file goes in first, the lobby's size
    // once it is known (a first start measures it).
    let web = await startNextApp({ app: "web", gameApiUrl: `${gameApi.url}/trpc` });
    const lobbySize = (await get(new Agent(), new URL(web.url), "/")).bytes;
    await web.stop();
    mkdirSync(publicDir, { recursive: true });
    writeFileSync(join(publicDir, STATIC_PATH), `<!doctype html>${"x".repeat(lobbySize - 15)}`);
    web = await startNextApp({ app: "web", gameApiUrl: `${gameApi.url}/trpc` });
    started.push(web);

    const pages = [
      ["lobby", "/"],
      ["table page", "/tables/baccarat-a"],
      ["static file", STATIC_PATH],
    ] as const;
    const table = benchTable([
      ["page", 14],
      ["kB", 8],
      ["req/s", 9],
      ["p50 ms", 9],
      ["p99 ms", 9],
      ["errors", 8],
    ]);
    console.log(
      `the web app's production server, a game API on a throwaway database, ${CONNECTIONS} ` +
        `connections, ${SECONDS} s each; the static file is the lobby's size, from public/`,
    );
    console.log(table.header);
    for (const [name, path] of pages) {
      // Warm-up: Next's caches, the game API's pool.
      await load(web.url, path);
      const run = await load(web.url, path);
      console.log(
        table.row([
          name,
          (run.bytes / 1_000).toFixed(1),
          (run.latencies.length / run.elapsed).toFixed(0),
          percentile(run.latencies, 50).toFixed(1),
          percentile(run.latencies, 99).toFixed(1),
          String(run.errors),
        ]),
      );
    }
  } finally {
    for (const app of started.reverse()) await app.stop();
    rmSync(join(publicDir, STATIC_PATH), { force: true });
    await database.drop();
  }
}

await main();
