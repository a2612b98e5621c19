import { afterEach, describe, expect, it, vi } from "vitest";

import { answered, relayApi } from "../src/relay-api";

/** Stands in for the relay: records each request and answers `reply` (or fails, undefined). */
function relayAnswering(reply?: { status: number; body: unknown }) {
  const requests: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal("fetch", (url: string, init: RequestInit) => {
    requests.push({ url, init });
    if (reply === undefined) return Promise.reject(new TypeError("fetch failed"));
    return Promise.resolve(Response.json(reply.body, { status: reply.status }));
  });
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const placed = { roundId: "r1", balance: 99_000 };
const slip = { roundId: "r1", bets: [{ bet: "banker", amount: 1_000 }], requestId: "q1" };

describe("the browser's typed client speaks the relay's wire", () => {
  it("a mutation is a POST to /api/trpc/<path> with its input as the JSON body", async () => {
    const requests = relayAnswering({ status: 200, body: { result: { data: placed } } });
    expect(await answered(relayApi.bets.place.mutate(slip))).toEqual({ ok: true, data: placed });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url).toBe("/api/trpc/bets.place");
    expect(requests[0]!.init.method).toBe("POST");
    expect(requests[0]!.init.body).toBe(JSON.stringify(slip));
    expect(requests[0]!.init.headers).toMatchObject({ "content-type": "application/json" });
  });

  it("a query is a GET of /api/trpc/<path>?input=<json>, never cached", async () => {
    const requests = relayAnswering({ status: 200, body: { result: { data: { stakes: [] } } } });
    await answered(relayApi.bets.mine.query({ roundId: "r1" }));
    expect(requests[0]!.url).toBe(
      `/api/trpc/bets.mine?input=${encodeURIComponent(JSON.stringify({ roundId: "r1" }))}`,
    );
    expect(requests[0]!.init.method).toBe("GET");
    expect(requests[0]!.init.cache).toBe("no-store");
  });
});

describe("a call's answer as a value", () => {
  it("a refusal keeps the API's status, reason and details", async () => {
    relayAnswering({
      status: 409,
      body: {
        error: {
          code: -32009,
          message: "Betting is closed for this round",
          data: {
            code: "CONFLICT",
            httpStatus: 409,
            reason: "BETTING_CLOSED",
            details: { roundId: "r1" },
          },
        },
      },
    });
    const answer = await answered(relayApi.bets.place.mutate(slip));
    expect(answer).toMatchObject({
      ok: false,
      status: 409,
      error: {
        message: "Betting is closed for this round",
        data: { reason: "BETTING_CLOSED", details: { roundId: "r1" } },
      },
    });
  });

  it("the relay's own refusal (not relayed, another site) keeps its HTTP status", async () => {
    relayAnswering({ status: 404, body: { error: { message: "bets.place: not relayed" } } });
    expect(await answered(relayApi.bets.place.mutate(slip))).toMatchObject({
      ok: false,
      status: 404,
    });
  });

  it("nothing answering is status 0", async () => {
    relayAnswering();
    expect(await answered(relayApi.bets.place.mutate(slip))).toMatchObject({
      ok: false,
      status: 0,
    });
  });
});
