import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { rawRequest, repoRoot, startGameApi, startNextApp, startResultsFeed } from "@fuda/testkit";
import type { RawAnswer, SpawnedApp } from "@fuda/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Malformed requests against the running services, as `pnpm start` runs them: the game API, the
// results feed and the built lobby. Seeded, so a failure names a request that fails again.
// Add each new surface (path, method, header) to the lists below.
const SEED = 0x5eed_f00d;
const REQUESTS = { gameApi: 1_000, feed: 600, web: 600 };
const CONCURRENCY = 8;

let database: TestDatabase | undefined;
let gameApi: SpawnedApp | undefined;
let feed: SpawnedApp | undefined;
let web: SpawnedApp | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  gameApi = await startGameApi({ databaseUrl: database.url });
  feed = await startResultsFeed({ databaseUrl: database.url });
  web = await startNextApp({ app: "web", gameApiUrl: `${gameApi.url}/trpc` });
});

afterAll(async () => {
  await web?.stop();
  await feed?.stop();
  await gameApi?.stop();
  await database?.drop();
});

/** mulberry32: a small seeded generator, so the same requests are sent on every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (max: number): number => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

const METHODS = ["GET", "GET", "GET", "HEAD", "POST", "POST", "PUT", "DELETE", "PATCH"].concat([
  "OPTIONS",
  "TRACE",
  "PROPFIND",
  "PURGE",
  "SEARCH",
]);

const PATHS = {
  gameApi: ["/trpc/health", "/trpc/tables.list", "/trpc/tables.watch", "/trpc/", "/trpc"].concat([
    "/api/auth/sign-up/email",
    "/api/auth/session",
    "/",
    "/health",
  ]),
  feed: ["/v1/tables", "/v1/health", "/v1", "/healthz", "/openapi.json", "/docs"].concat([
    "/docs/swagger-ui.css",
    "/docs/init.js",
    "/docs/../package.json",
    "/",
  ]),
  web: [
    "/",
    "/api/tables/watch",
    "/tables/baccarat-a",
    "/tables/%E3%81%82",
    "/sign-in",
    "/api/trpc/wallet.balance",
    "/api/trpc/tables.get",
    "/api/trpc/admin.tables.list",
    "/_next/static/nope.js",
    "/icon.svg",
    "/nope",
  ],
};

/** Targets that are not what a server expects: no path, bad escapes, other origins, length. */
function oddTarget(random: Random, paths: readonly string[]): string {
  const path = random.pick(paths);
  switch (random.int(12)) {
    case 0:
      return random.pick(["*", "//[", "/\\[", "//x:99999/", "//[::1]:1/", "/%", "/%zz"]);
    case 1:
      return `${path}%${random.pick(["", "z", "E0%A4", "00", "ff", "C0%AF"])}`;
    case 2:
      return `${path}/${"a".repeat(1 + random.int(8_000))}`;
    case 3:
      return `${path}?${"x=".repeat(1 + random.int(2_000))}`;
    case 4:
      return `${path}/..%2f..%2f..%2fetc%2fpasswd`;
    case 5:
      return `/${encodeURIComponent("ü€😀\u0000")}${path}`;
    case 6:
      return path.replace(/^\//, "//");
    case 7:
      return `${path};jsessionid=1?a[]=1&a[]=2&__proto__[x]=1`;
    default:
      return path;
  }
}

/** tRPC-shaped targets: unknown procedures, garbage batches, broken `input`. */
function trpcTarget(random: Random): string {
  const procedures = [
    "health",
    "tables.list",
    "tables.watch",
    "tables.nope",
    "",
    "..",
    "__proto__",
  ];
  const count = random.pick([1, 2, 3, 10, 11, 50, 1_300]);
  const calls = Array.from({ length: count }, () => random.pick(procedures)).join(",");
  const input = random.pick([
    "",
    "&input=%7B%7D",
    "&input=%7B",
    "&input=null",
    `&input=${encodeURIComponent(JSON.stringify({ 0: { json: "x".repeat(random.int(4_000)) } }))}`,
    "&input=%ZZ",
  ]);
  const batch = random.pick(["?batch=1", "?batch=0", "?batch=x", "?"]);
  return `/trpc/${calls}${batch}${input}`;
}

function oddBody(random: Random): string | Buffer | undefined {
  switch (random.int(8)) {
    case 0:
      return "{";
    case 1:
      return JSON.stringify({ 0: { json: null } });
    case 2:
      return "[".repeat(1 + random.int(50_000));
    case 3:
      // Over the game API's 1 MB limit.
      return Buffer.alloc(1_100_000 + random.int(900_000), 0x20);
    case 4:
      return Buffer.from(Array.from({ length: random.int(2_000) }, () => random.int(256)));
    case 5:
      return "a=1&b=%zz";
    default:
      return undefined;
  }
}

function oddHeaders(random: Random): Record<string, string> {
  const headers: Record<string, string> = {};
  const add = (): void => {
    switch (random.int(10)) {
      case 0:
        headers["content-type"] = random.pick([
          "application/json",
          "application/json; charset=utf-8",
          "text/plain",
          "multipart/form-data",
          "multipart/form-data; boundary=x",
          "application/x-www-form-urlencoded",
          "application/octet-stream",
          "",
        ]);
        break;
      case 1:
        headers.accept = random.pick(["text/event-stream", "application/jsonl", "*/*", "x"]);
        break;
      case 2:
        headers["trpc-accept"] = random.pick(["application/jsonl", "x"]);
        break;
      case 3:
        headers.host = random.pick(["[", "x:99999", "", "a".repeat(300), "localhost:1"]);
        break;
      case 4:
        headers["x-forwarded-host"] = random.pick(["[", "evil.example", "a b"]);
        break;
      case 5:
        headers["last-event-id"] = random.pick(["1", "x".repeat(500), ""]);
        break;
      case 6:
        headers["x-long"] = "v".repeat(random.int(8_000));
        break;
      case 7:
        headers["accept-encoding"] = random.pick(["gzip", "br", "identity;q=0", "*;q=0"]);
        break;
      case 8:
        headers["x-trpc-source"] = "fuzz";
        headers.cookie = "a=%zz; b";
        break;
      default:
        headers.range = random.pick(["bytes=0-1", "bytes=x", "bytes=-1"]);
    }
  };
  for (let count = random.int(3); count > 0; count--) add();
  return headers;
}

interface Planned {
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

function plan(random: Random, service: keyof typeof PATHS): Planned {
  const method = random.pick(METHODS);
  const target =
    service === "gameApi" && random.next() < 0.5
      ? trpcTarget(random)
      : oddTarget(random, PATHS[service]);
  const body = method === "GET" || method === "HEAD" ? undefined : oddBody(random);
  return { method, target, headers: oddHeaders(random), body };
}

/**
 * What an answer must never carry: a source file with its line, a path of this machine, a
 * stack frame, the database's address, SQL or the ORM's words.
 */
function leakPattern(databaseUrl: string): RegExp {
  const { host } = new URL(databaseUrl);
  const escaped = host.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(
    [
      escaped,
      repoRoot().replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
      "node_modules",
      String.raw`\.tsx?:\d`,
      String.raw`\bat \S+ \(`,
      "postgres(?:ql)?://",
      // SQL's shape, not a page's <select> and the word "from" further on.
      String.raw`\bSELECT\s+[\w"*,.\s]+?\sFROM\s`,
      "prisma",
      "invocation",
    ].join("|"),
    "i",
  );
}

async function send(origin: string, request: Planned): Promise<RawAnswer | Error> {
  return rawRequest(origin, request.method, request.target, {
    headers: request.headers,
    body: request.body,
    streamMs: 200,
  }).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
}

describe("malformed requests against the running services", () => {
  it(`${REQUESTS.gameApi + REQUESTS.feed + REQUESTS.web} requests: no 5xx, nothing leaked`, async () => {
    const random = generator(SEED);
    const leak = leakPattern(database!.url);
    const origins = { gameApi: gameApi!.url, feed: feed!.url, web: web!.url };
    const planned = (Object.keys(REQUESTS) as (keyof typeof REQUESTS)[]).flatMap((service) =>
      Array.from({ length: REQUESTS[service] }, () => ({ service, ...plan(random, service) })),
    );

    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let index = 0;
    const worker = async (): Promise<void> => {
      while (index < planned.length) {
        const request = planned[index++]!;
        const answer = await send(origins[request.service], request);
        const name = `${request.service} ${request.method} ${request.target.slice(0, 120)}`;
        if (answer instanceof Error) {
          // A refused request may be cut off; the server must still be there for the next one.
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
          continue;
        }
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        if (answer.status >= 500)
          failures.push(`${name}: ${answer.status} ${answer.body.slice(0, 200)}`);
        const leaked = leak.exec(answer.body);
        if (leaked !== null) failures.push(`${name}: leaks "${leaked[0]}"`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    expect(failures).toEqual([]);
    // Every service still answers, and none reported a failure of its own.
    for (const [origin, path] of [
      [origins.gameApi, "/trpc/health"],
      [origins.feed, "/healthz"],
      [origins.web, "/"],
    ] as const) {
      expect((await fetch(`${origin}${path}`)).status, origin).toBe(200);
    }
    expect(gameApi!.output()).not.toMatch(/failed:/);
    expect(feed!.output()).not.toMatch(/failed/);
    // Requests cut off by the client side (refused bodies) are few; most get a real answer.
    expect(statuses.get(0) ?? 0).toBeLessThan(planned.length / 20);
  }, 180_000);
});
