/**
 * Registering a webhook on a name (docs/feed.md, Only to public addresses): the name is resolved
 * and refused when any of its addresses is inside our network; a name that does not resolve yet
 * is accepted, since the deliverer checks again at every connection. Names are resolved by a
 * resolver that knows a few of them (the machine has no outside network), except `localhost`,
 * which node:dns resolves here.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db } from "@fuda/db";
import { createTestDatabase } from "@fuda/db/testing";
import { FudaError } from "@fuda/errors";

import type { HostLookup } from "../src/domain/public-address";
import { privateResolvedAddress } from "../src/domain/public-address";
import { createWebhookEndpoint } from "../src/domain/webhook-endpoints";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(async () => {
  await database.drop();
});

/** A resolver that knows only these names; any other is not found, as DNS would answer. */
const resolverOf =
  (names: Record<string, string[]>): HostLookup =>
  (hostname) => {
    const addresses = names[hostname];
    if (addresses === undefined) {
      const notFound = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
      return Promise.reject(Object.assign(notFound, { code: "ENOTFOUND" }));
    }
    return Promise.resolve(addresses.map((address) => ({ address })));
  };

const dns = resolverOf({
  "hooks.acme.example": ["93.184.215.14"],
  "inside.acme.example": ["10.0.0.5"],
  "metadata.google.internal": ["169.254.169.254"],
  "v6.acme.example": ["2606:4700:4700::1111", "fd00::1"],
  "split.acme.example": ["93.184.215.14", "10.0.0.5"],
});

const register = (url: string, options: Partial<Parameters<typeof createWebhookEndpoint>[0]>) =>
  createWebhookEndpoint({
    db,
    actorId: "operator-1",
    partnerId: "acme-stats",
    url,
    events: ["round.settled"],
    lookup: dns,
    ...options,
  });

/** What a registration was refused with: its code, message and details. */
async function refusal(registering: Promise<unknown>) {
  try {
    await registering;
  } catch (error) {
    if (error instanceof FudaError) {
      return { code: error.code, message: error.message, details: error.details };
    }
    throw error;
  }
  throw new Error("the registration was not refused");
}

const stored = () => Promise.all([db.webhookEndpoint.count(), db.auditEntry.count()]);

describe("admin.webhooks.create resolves a name and refuses it when it points inside", () => {
  it.each([
    ["http://inside.acme.example/hooks", "inside.acme.example, which resolves to 10.0.0.5"],
    [
      "http://metadata.google.internal/computeMetadata/v1/",
      "metadata.google.internal, which resolves to 169.254.169.254",
    ],
    // One address inside is enough: a connection may be made to any of them.
    ["https://split.acme.example/fuda", "split.acme.example, which resolves to 10.0.0.5"],
    ["https://v6.acme.example/fuda", "v6.acme.example, which resolves to fd00::1"],
  ])(
    "refuses %s: BAD_INPUT naming url, the rule and the address, nothing stored",
    async (url, why) => {
      const before = await stored();
      expect(await refusal(register(url, {}))).toEqual({
        code: "BAD_INPUT",
        message: `url: must be on a public address, not ${why} (our own network is off limits)`,
        details: { field: "url", rule: "PRIVATE_ADDRESS" },
      });
      expect(await stored()).toEqual(before);
    },
  );

  it("accepts a name whose every address is public", async () => {
    const { endpoint } = await register("https://hooks.acme.example/fuda", {});
    expect(endpoint.url).toBe("https://hooks.acme.example/fuda");
  });

  it.each(["ENOTFOUND", "EAI_AGAIN"])(
    "accepts a name that does not resolve (%s): its DNS may not have propagated yet",
    async (code) => {
      const failing: HostLookup = () =>
        Promise.reject(Object.assign(new Error(`getaddrinfo ${code}`), { code }));
      const { endpoint } = await register("https://new.acme.example/fuda", { lookup: failing });
      expect(endpoint.url).toBe("https://new.acme.example/fuda");
    },
  );

  it("accepts a name whose resolver does not answer within the lookup's timeout, without waiting for it", async () => {
    const silent: HostLookup = () => new Promise(() => undefined);
    const started = performance.now();
    const { endpoint } = await register("https://slow.acme.example/fuda", {
      lookup: silent,
      lookupTimeoutMs: 100,
    });
    expect(endpoint.url).toBe("https://slow.acme.example/fuda");
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("with private targets allowed, registers a name resolving inside", async () => {
    const { endpoint } = await register("http://inside.acme.example/hooks", {
      privateTargets: "allow",
    });
    expect(endpoint.url).toBe("http://inside.acme.example/hooks");
  });

  it("localhost, resolved by node:dns itself, is not public; its URL is refused", async () => {
    // localhost may resolve to ::1 before 127.0.0.1.
    expect(await privateResolvedAddress("localhost")).toMatch(/^(127\.0\.0\.1|::1)$/);
    const before = await stored();
    const refused = await refusal(
      createWebhookEndpoint({
        db,
        actorId: "operator-1",
        partnerId: "acme-stats",
        url: "http://localhost:8080/hooks",
        events: ["round.settled"],
      }),
    );
    expect(refused.details).toEqual({ field: "url", rule: "PRIVATE_ADDRESS" });
    expect(await stored()).toEqual(before);
  });
});
