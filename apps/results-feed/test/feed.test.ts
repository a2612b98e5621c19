import SwaggerParser from "@apidevtools/swagger-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { demoTables, seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import type { TestDatabase } from "@fuda/db/testing";
import { launchChromium, rawRequest, startResultsFeed } from "@fuda/testkit";
import type { SpawnedApp } from "@fuda/testkit";

import { newPartnerKey } from "./partner";

let database: TestDatabase;
let feed: SpawnedApp;
let authorization: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  authorization = `Bearer ${(await newPartnerKey(database.db)).key}`;
  feed = await startResultsFeed({
    databaseUrl: database.url,
    env: { FEED_RATE_LIMIT: "1000", FEED_RATE_BURST: "1000" },
  });
});

afterAll(async () => {
  await feed.stop();
  await database.drop();
});

async function getJson(path: string): Promise<{ status: number; type: string; body: unknown }> {
  const response = await fetch(new URL(path, feed.url), { headers: { authorization } });
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

  it("asks for a bearer key on every /v1 operation and describes its errors as problem details", async () => {
    const { body } = await getJson("/openapi.json");
    const document = body as {
      paths: Record<
        string,
        Record<string, { security?: unknown[]; responses: Record<string, { $ref?: string }> }>
      >;
      components: {
        securitySchemes: Record<string, unknown>;
        responses: Record<
          string,
          { content: Record<string, unknown>; headers?: Record<string, unknown> }
        >;
      };
    };
    expect(document.components.securitySchemes).toEqual({
      partnerKey: expect.objectContaining({ type: "http", scheme: "bearer" }) as unknown,
    });
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const where = `${method} ${path}`;
        expect(operation.security, where).toEqual([{ partnerKey: [] }]);
        for (const status of ["401", "429", "500", "503"]) {
          expect(operation.responses[status]?.$ref, `${where} ${status}`).toMatch(
            /^#\/components\/responses\//,
          );
        }
      }
    }
    for (const [name, response] of Object.entries(document.components.responses)) {
      expect(Object.keys(response.content), name).toEqual(["application/problem+json"]);
    }
    expect(document.components.responses.TooManyRequests!.headers).toHaveProperty("Retry-After");
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
      // Exactly /tables: /tables/{slug} is listed too.
      await page.locator(".opblock-summary-path", { hasText: /^\/tables$/ }).waitFor();
      expect(await page.locator(".info .title").textContent()).toContain("Fuda results feed");
      expect(elsewhere).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it("answers an unknown path with 404 problem+json, inside /v1 or not", async () => {
    for (const path of ["/nope", "/v1/nope", "/v1", "/docs/../package.json", "/docs/index.js"]) {
      const { status, type, body } = await getJson(path);
      expect(status, path).toBe(404);
      expect(type, path).toBe("application/problem+json");
      expect(body, path).toMatchObject({ type: "about:blank", status: 404, code: "NOT_FOUND" });
    }
  });

  it("names the missing path, and does not take /v1<anything> for the API", async () => {
    for (const path of ["/nope", "/v1tables"]) {
      const { status, body } = await getJson(path);
      expect({ path, status, body }).toEqual({
        path,
        status: 404,
        body: {
          type: "about:blank",
          title: "Not Found",
          status: 404,
          code: "NOT_FOUND",
          detail: `Not found: ${path}`,
          requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
        },
      });
    }
  });

  it("lets browsers cache the reference's assets for an hour", async () => {
    const response = await fetch(`${feed.url}/docs/swagger-ui.css`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("answers any other method than GET and HEAD with 405 problem+json and Allow, on pages and /v1", async () => {
    for (const method of ["POST", "PUT", "DELETE", "TRACE", "OPTIONS"]) {
      for (const path of ["/openapi.json", "/v1/tables", "/docs"]) {
        const answer = await rawRequest(feed.url, method, path);
        expect(answer.status, `${method} ${path}`).toBe(405);
        expect(answer.headers.allow, `${method} ${path}`).toBe("GET, HEAD");
        expect(answer.headers["content-type"]).toBe("application/problem+json");
        expect(JSON.parse(answer.body)).toMatchObject({
          status: 405,
          code: "METHOD_NOT_SUPPORTED",
        });
      }
    }
  });

  it("answers HEAD with GET's status and headers, no body", async () => {
    for (const path of ["/v1/tables", "/openapi.json", "/healthz"]) {
      const answer = await rawRequest(feed.url, "HEAD", path, { headers: { authorization } });
      expect(answer, path).toMatchObject({ status: 200, body: "" });
      expect(answer.headers["content-type"], path).toMatch(/^application\/json/);
    }
  });

  it("answers request targets that are not plain paths with 4xx problem+json, never a failure", async () => {
    for (const target of ["//[", "/\\[", "//x:99999/", "*"]) {
      const answer = await rawRequest(feed.url, "GET", target);
      expect(answer.status, target).toBeGreaterThanOrEqual(400);
      expect(answer.status, target).toBeLessThan(500);
      expect(JSON.parse(answer.body), target).toMatchObject({ status: answer.status });
    }
  });

  it("reports itself healthy at /healthz and /v1/health when its database answers", async () => {
    for (const path of ["/healthz", "/v1/health"]) {
      const { status, body } = await getJson(path);
      expect(status, path).toBe(200);
      expect(body, path).toMatchObject({ status: "ok", database: "ok" });
    }
  });

  it("streams results at /v1/stream, described in the document as server-sent events", async () => {
    const answer = await rawRequest(feed.url, "GET", "/v1/stream", {
      headers: { authorization },
      streamMs: 300,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(answer.body).toMatch(/^retry: \d+\n\n/);
    const { body } = await getJson("/openapi.json");
    const api = await SwaggerParser.validate(body as Parameters<typeof SwaggerParser.validate>[0]);
    const stream = api.paths?.["/stream"]?.get;
    expect(Object.keys(stream?.responses["200"] ?? {})).toContain("content");
    expect(JSON.stringify(stream?.responses["200"])).toContain("text/event-stream");
    expect(JSON.stringify(stream?.parameters)).toContain("Last-Event-ID");
  });
});
