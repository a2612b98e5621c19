import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { registry, serveHealth, serveMetrics } from "../src";
import type { ReadinessCheck } from "../src";

const servers: ReturnType<typeof createServer>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function serving(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("/metrics", () => {
  it("is 404 without a token configured, 401 without the bearer, the registry's text with it", async () => {
    const closed = await serving((req, res) => void serveMetrics(req, res, undefined));
    expect((await fetch(`${closed}/metrics`)).status).toBe(404);

    const url = await serving((req, res) => void serveMetrics(req, res, "the-metrics-token-1"));
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${url}/metrics`, {
      headers: { authorization: "Bearer the-metrics-token-2" },
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${url}/metrics`, {
      headers: { authorization: "Bearer the-metrics-token-1" },
    });
    expect(right.status).toBe(200);
    expect(right.headers.get("content-type")).toBe(registry.contentType);
    expect(await right.text()).toContain("# TYPE fuda_bets_placed_total counter");
  });
});

describe("/livez and /readyz", () => {
  it("live always; ready only when every check passes, naming each failure, and a check that hangs fails in time", async () => {
    let database: ReadinessCheck = () => Promise.resolve();
    const url = await serving((req, res) => {
      const answered = serveHealth(req.url ?? "", res, {
        database: () => database(),
        events: () => Promise.resolve(),
      });
      if (!answered) res.writeHead(404).end();
    });
    expect(await (await fetch(`${url}/readyz`)).json()).toEqual({
      status: "ok",
      checks: { database: "ok", events: "ok" },
    });
    database = () => Promise.reject(new Error("connect ECONNREFUSED"));
    const down = await fetch(`${url}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      status: "unavailable",
      checks: { database: "connect ECONNREFUSED", events: "ok" },
    });
    database = () => new Promise(() => undefined);
    const hung = await fetch(`${url}/readyz`);
    expect(hung.status).toBe(503);
    expect(((await hung.json()) as { checks: { database: string } }).checks.database).toMatch(
      /no answer within/,
    );
    expect((await fetch(`${url}/livez`)).status).toBe(200);
    expect((await fetch(`${url}/other`)).status).toBe(404);
  });
});
