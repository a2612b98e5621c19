import { fileURLToPath } from "node:url";

import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { demoTables, seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { freePort, launchChromium, rawRequest, spawnApp } from "@fuda/testkit";
import type { SpawnedApp } from "@fuda/testkit";

const appDir = fileURLToPath(new URL("..", import.meta.url));

let database: TestDatabase;
let feed: SpawnedApp;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  feed = await spawnApp({
    cwd: appDir,
    command: "pnpm",
    args: ["--silent", "run", "start"],
    env: { PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: database.url, PUBLIC_URL: url },
    url,
    readyPath: "/healthz",
  });
});

afterAll(async () => {
  await feed.stop();
  await database.drop();
});

async function getJson(path: string): Promise<{ status: number; type: string; body: unknown }> {
  const response = await fetch(new URL(path, feed.url));
  return {
    status: response.status,
    type: response.headers.get("content-type") ?? "",
    body: await response.json(),
  };
}

interface TableList {
  tables: { slug: string; game: string; limits: Record<string, { min: number; max: number }> }[];
}

describe("results feed (the service started as `pnpm start`)", () => {
  it("publishes a valid OpenAPI 3 document describing GET /tables under /v1", async () => {
    const { body } = await getJson("/openapi.json");
    const api = await SwaggerParser.validate(body as Parameters<typeof SwaggerParser.validate>[0]);
    expect(api).toMatchObject({
      openapi: expect.stringMatching(/^3\./) as unknown,
      info: { title: "Fuda results feed", version: "1.0.0" },
      servers: [{ url: `${feed.url}/v1` }],
    });
    expect(api.paths?.["/tables"]?.get?.responses["200"]).toBeDefined();
  });

  it("describes every field of a table, amounts in minor units", async () => {
    const { body } = await getJson("/openapi.json");
    const document = body as {
      components: {
        schemas: Record<string, { properties: Record<string, { description?: string }> }>;
      };
    };
    const table = document.components.schemas.Table;
    expect(table).toBeDefined();
    const undescribed = Object.entries(table!.properties)
      .filter(([, property]) => !property.description)
      .map(([name]) => name);
    expect(undescribed).toEqual([]);
    expect(table!.properties.limits!.description).toMatch(/minor units/);
    expect(document.components.schemas.StakeLimit!.properties.min!.description).toMatch(
      /minor units \(100 = 1 point\)/,
    );
  });

  it("GET /v1/tables lists the five seeded tables with their limits in minor units", async () => {
    const { status, type, body } = await getJson("/v1/tables");
    expect(status, `${JSON.stringify(body)}\n${feed.output()}`).toBe(200);
    expect(type).toMatch(/^application\/json/);
    const { tables } = body as TableList;
    expect(tables.map((table) => table.slug).sort()).toEqual(
      demoTables.map((table) => table.slug).sort(),
    );
    expect(new Set(tables.map((table) => table.game))).toEqual(
      new Set(["baccarat", "quick-baccarat", "pok-deng", "joker-blackjack"]),
    );
    for (const table of tables) {
      for (const limit of Object.values(table.limits)) {
        expect(Number.isInteger(limit.min) && Number.isInteger(limit.max)).toBe(true);
        expect(limit.min).toBeLessThanOrEqual(limit.max);
      }
    }
  });

  it("serves Swagger UI at /docs with every asset from this service, none from a CDN", async () => {
    const response = await fetch(`${feed.url}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.filter((asset) => /^(https?:)?\/\//.test(asset))).toEqual([]);
    expect(assets).toEqual(
      expect.arrayContaining([
        "/docs/swagger-ui.css",
        "/docs/swagger-ui-bundle.js",
        "/docs/swagger-ui-standalone-preset.js",
        "/docs/init.js",
      ]),
    );
    for (const asset of assets) {
      const loaded = await fetch(new URL(asset, feed.url));
      expect(loaded.status, asset).toBe(200);
      expect((await loaded.arrayBuffer()).byteLength, asset).toBeGreaterThan(0);
    }
    const init = await (await fetch(`${feed.url}/docs/init.js`)).text();
    expect(init).toContain('url: "/openapi.json"');
  });

  it("renders the API reference in Chromium with the tables endpoint, offline", async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const elsewhere: string[] = [];
      page.on("request", (request) => {
        if (!request.url().startsWith(feed.url)) elsewhere.push(request.url());
      });
      await page.goto(`${feed.url}/docs`);
      await page.locator(".opblock-summary-path", { hasText: "/tables" }).waitFor();
      expect(await page.locator(".info .title").textContent()).toContain("Fuda results feed");
      expect(elsewhere).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("answers an unknown path with 404 JSON, inside /v1 or not", async () => {
    for (const path of ["/nope", "/v1/nope", "/docs/../package.json", "/docs/index.js"]) {
      const { status, type, body } = await getJson(path);
      expect(status, path).toBe(404);
      expect(type, path).toMatch(/^application\/json/);
      expect(body, path).toMatchObject({ code: "NOT_FOUND" });
    }
  });

  it("names the missing path, and does not take /v1<anything> for the API", async () => {
    for (const path of ["/nope", "/v1tables"]) {
      const { status, body } = await getJson(path);
      expect({ path, status, body }).toEqual({
        path,
        status: 404,
        body: { code: "NOT_FOUND", message: `Not found: ${path}` },
      });
    }
  });

  it("lets browsers cache the reference's assets for an hour", async () => {
    const response = await fetch(`${feed.url}/docs/swagger-ui.css`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("answers any other method than GET and HEAD with 405 JSON and Allow, on pages and /v1", async () => {
    for (const method of ["POST", "PUT", "DELETE", "TRACE", "OPTIONS"]) {
      for (const path of ["/openapi.json", "/v1/tables", "/docs"]) {
        const answer = await rawRequest(feed.url, method, path);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe("GET, HEAD");
        expect(JSON.parse(answer.body)).toMatchObject({ code: "METHOD_NOT_SUPPORTED" });
      }
    }
  });

  it("answers HEAD with GET's status and headers, no body", async () => {
    for (const path of ["/v1/tables", "/openapi.json", "/healthz"]) {
      const answer = await rawRequest(feed.url, "HEAD", path);
      expect(answer, path).toMatchObject({ status: 200, body: "" });
      expect(answer.headers["content-type"], path).toMatch(/^application\/json/);
    }
  });

  it("answers request targets that are not plain paths with 4xx JSON, never a failure", async () => {
    for (const target of ["//[", "/\\[", "//x:99999/", "*"]) {
      const answer = await rawRequest(feed.url, "GET", target);
      expect(answer.status, target).toBeGreaterThanOrEqual(400);
      expect(answer.status, target).toBeLessThan(500);
      expect(JSON.parse(answer.body), target).toHaveProperty("code");
    }
  });

  it("reports itself healthy at /healthz and /v1/health when its database answers", async () => {
    for (const path of ["/healthz", "/v1/health"]) {
      const { status, body } = await getJson(path);
      expect(status, path).toBe(200);
      expect(body, path).toMatchObject({ status: "ok", database: "ok" });
    }
  });
});
