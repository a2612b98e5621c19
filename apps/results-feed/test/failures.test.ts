import { execFile } from "node:child_process";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createDb } from "@fuda/db";

import { createFeedServer } from "../src/server";

const appDir = fileURLToPath(new URL("..", import.meta.url));

describe("results feed when its database is down", () => {
  // Port 1 refuses connections at once: the database is unreachable, not slow.
  const db = createDb("postgresql://nobody@127.0.0.1:1/x");
  const logged: string[] = [];
  const server = createFeedServer({ db, logError: (line) => logged.push(line) });
  let url = "";

  beforeAll(async () => {
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.close();
    await db.$disconnect();
  });

  it("still serves its OpenAPI document and reference page", async () => {
    expect((await fetch(`${url}/openapi.json`)).status).toBe(200);
    expect((await fetch(`${url}/docs`)).status).toBe(200);
  });

  it("reports itself unhealthy at /healthz with 503 problem+json", async () => {
    const response = await fetch(`${url}/healthz`);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(await response.json()).toEqual({
      type: "about:blank",
      title: "Service Unavailable",
      status: 503,
      code: "SERVICE_UNAVAILABLE",
      reason: "DATABASE_UNAVAILABLE",
      detail: "database: not reachable",
      requestId: response.headers.get("x-request-id"),
    });
  });

  it("answers a keyed GET /v1/tables with 503 problem+json, leaking no connection details", async () => {
    // The key cannot be checked without the database: a retryable 503, not a 401.
    const response = await fetch(`${url}/v1/tables`, {
      headers: { authorization: `Bearer fuda_pk_${"A".repeat(43)}` },
    });
    const body = await response.text();
    expect(response.status, body).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("content-type")).toBe("application/problem+json");
    expect(JSON.parse(body)).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE" });
    expect(body).not.toMatch(/nobody|127\.0\.0\.1:1|invocation|\.ts/);
  });
});

describe("results feed configuration at startup", () => {
  it("exits 1 with one line naming the variable when PORT is not a number", async () => {
    // As the production image runs it (pnpm adds its own ELIFECYCLE line after any failure).
    const run = promisify(execFile)(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: appDir,
      env: { ...process.env, PORT: "http", DATABASE_URL: "postgresql://postgres@127.0.0.1/fuda" },
    });
    const failure: unknown = await run.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: 1 });
    const stderr = (failure as { stderr: string }).stderr.trim();
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr).toMatch(/PORT: must be a port number/);
  });
});
