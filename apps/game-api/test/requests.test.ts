import { connect } from "node:net";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createAuth } from "@fuda/auth";
import { seed } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import { rawRequest } from "@fuda/testkit";

import { createGameApiServer } from "../src/server";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: ReturnType<typeof createGameApiServer>;
let origin: string;
let port: number;

beforeAll(async () => {
  database = await createTestDatabase();
  await seed(database.db);
  server = createGameApiServer({
    db: database.db,
    auth: createAuth({
      db: database.db,
      secret: "test-secret-test-secret-test-secret",
      baseURL: "http://127.0.0.1",
      trustedOrigins: [],
    }),
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await database.drop();
});

const raw = (method: string, target: string) => rawRequest(origin, method, target);

describe("what the game API serves, by path", () => {
  it("paths outside /trpc/ are 404 with a JSON error, never a tRPC call on a cut path", async () => {
    for (const path of ["/", "/api/sign-up/email", "/trpcx/health", "/health", "//trpc/health"]) {
      const response = await fetch(`${origin}${path}`, { method: "POST" });
      expect(response.status, path).toBe(404);
      const body = (await response.json()) as { error: { message: string } };
      expect(body.error.message).toBe("not found: the game API serves /trpc/ only");
    }
  });

  it("/api/auth/ reaches the accounts when there are any, and is 404 without", async () => {
    // better-auth's own health endpoint: only its handler answers it.
    const response = await fetch(`${origin}/api/auth/ok`);
    expect(await response.json()).toEqual({ ok: true });

    const bare = createGameApiServer({ db: database.db });
    await new Promise<void>((resolve) => bare.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/api/auth/session`;
      expect((await fetch(url)).status).toBe(404);
    } finally {
      await new Promise((resolve) => bare.close(resolve));
    }
  });

  it("other methods are 405 with Allow, TRACE included; HEAD answers like GET without a body", async () => {
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND"]) {
      const response = await raw(method, "/trpc/health");
      expect(response.status, method).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD, POST");
    }
    const head = await raw("HEAD", "/trpc/health");
    expect(head).toMatchObject({ status: 200, body: "" });
    expect(head.headers["content-type"]).toBe("application/json");
    const stream = await raw("HEAD", "/trpc/tables.watch");
    expect(stream).toMatchObject({ status: 200, body: "" });
    expect(stream.headers["content-type"]).toBe("text/event-stream");
  });

  it("a target that is not a path is a 4xx, never a failure", async () => {
    expect((await raw("GET", "*")).status).toBe(400);
    for (const target of ["//[", "/\\[", "//x:99999/"]) {
      expect((await raw("GET", target)).status, target).toBe(404);
    }
  });

  it("the accounts answer other methods with 405 and Allow, and HEAD like GET", async () => {
    for (const method of ["TRACE", "PUT", "PROPFIND"]) {
      const answer = await raw(method, "/api/auth/get-session");
      expect(answer.status, method).toBe(405);
      expect(answer.headers.allow, method).toBe("GET, HEAD, POST");
    }
    const head = await raw("HEAD", "/api/auth/ok");
    expect(head).toMatchObject({ status: 200, body: "" });
  });

  it("a Host header that is no host is refused with 400 by the accounts, never a failure", async () => {
    for (const host of ["[", "x:99999"]) {
      const answer = await rawRequest(origin, "GET", "/api/auth/get-session", {
        headers: { host },
      });
      expect(answer.status, host).toBe(400);
      expect(JSON.parse(answer.body), host).toMatchObject({ code: "BAD_REQUEST" });
    }
  });
});

describe("limits", () => {
  it("a batch of more than 10 calls is refused with 400 naming the limit", async () => {
    const paths = (count: number) => Array.from({ length: count }, () => "tables.list").join(",");
    const input = encodeURIComponent("{}");
    const ten = await fetch(`${origin}/trpc/${paths(10)}?batch=1&input=${input}`);
    expect(ten.status).toBe(200);
    const eleven = await fetch(`${origin}/trpc/${paths(11)}?batch=1&input=${input}`);
    expect(eleven.status).toBe(400);
    expect(await eleven.json()).toMatchObject({
      error: { message: "batch of 11 calls: at most 10 calls per request" },
    });
  });

  it("a 100 MB body is refused with 413 after its headers, before it is sent", async () => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => (answer += chunk));
    socket.on("error", () => undefined);
    socket.write(
      "POST /trpc/tables.watch HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n" +
        `Content-Length: ${100 * 1024 * 1024}\r\n\r\n`,
    );
    socket.write("[".repeat(64 * 1024));
    await new Promise((resolve) => socket.once("close", resolve));
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain("request body of 104857600 bytes: at most 1048576 bytes");
  });
});

describe("server-sent events", () => {
  it("start with a retry hint, and tell tRPC clients when to give up on a silent stream", async () => {
    const controller = new AbortController();
    const response = await fetch(`${origin}/trpc/tables.watch`, { signal: controller.signal });
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes("event: connected")) {
      const chunk = await reader.read();
      if (chunk.done) break;
      text += new TextDecoder().decode(chunk.value as Uint8Array);
    }
    controller.abort();
    expect(text).toMatch(/^retry: 3000\n\n/);
    expect(text).toContain('data: {"reconnectAfterInactivityMs":30000}');
  });
});
