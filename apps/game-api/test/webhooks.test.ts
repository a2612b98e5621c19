/**
 * Registering a partner's webhook over HTTP: a URL on localhost or a private address is refused
 * (docs/feed.md, Only to public addresses), unless WEBHOOK_PRIVATE_TARGETS=allow.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Browser, GameApi } from "./http";
import { signInAs, startGameApi } from "./http";

let refusing: GameApi;
let allowing: GameApi;
let operator: Browser;
let allowedOperator: Browser;

beforeAll(async () => {
  refusing = await startGameApi();
  allowing = await startGameApi({ webhookPrivateTargets: "allow" });
  operator = await signInAs(refusing, "operator");
  allowedOperator = await signInAs(allowing, "operator");
});
afterAll(async () => {
  await refusing.stop();
  await allowing.stop();
});

const create = (browser: Browser, url: string) =>
  browser.trpc("mutation", "admin.webhooks.create", {
    partnerId: "acme-stats",
    url,
    events: ["round.settled"],
  });

describe("admin.webhooks.create: only public targets", () => {
  it.each([
    ["http://localhost:8080/hooks", "localhost"],
    ["http://LOCALHOST./hooks", "localhost"],
    ["https://hooks.localhost/fuda", "hooks.localhost"],
    ["http://127.0.0.1/hooks", "127.0.0.1"],
    // The URL parser reads these as 127.0.0.1 too.
    ["http://2130706433/hooks", "127.0.0.1"],
    ["http://0x7f.1/hooks", "127.0.0.1"],
    ["http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
    ["https://10.0.0.5/hooks", "10.0.0.5"],
    ["http://172.16.3.4:9000/hooks", "172.16.3.4"],
    ["http://192.168.1.1/hooks", "192.168.1.1"],
    ["http://100.64.0.1/hooks", "100.64.0.1"],
    ["http://0.0.0.0:4100/hooks", "0.0.0.0"],
    ["http://[::1]:8080/hooks", "[::1]"],
    ["http://[fd00::1]/hooks", "[fd00::1]"],
    ["http://[fe80::1]/hooks", "[fe80::1]"],
    ["http://[::ffff:10.0.0.5]/hooks", "[::ffff:a00:5]"],
  ])("refuses %s: BAD_INPUT naming url and the rule, nothing written", async (url, host) => {
    const before = await refusing.db.webhookEndpoint.count();
    const audits = await refusing.db.auditEntry.count();
    const refused = await create(operator, url);
    expect(refused).toMatchObject({
      status: 400,
      code: "BAD_REQUEST",
      reason: "BAD_INPUT",
      details: { field: "url", rule: "PRIVATE_ADDRESS" },
    });
    expect(refused.message).toBe(
      `url: must be on a public address, not ${host} (our own network is off limits)`,
    );
    expect(await refusing.db.webhookEndpoint.count()).toBe(before);
    expect(await refusing.db.auditEntry.count()).toBe(audits);
  });

  it.each([
    "https://hooks.acme.example/fuda",
    "https://8.8.8.8/hooks",
    "http://[2606:4700:4700::1111]/hooks",
    // A name that does not resolve (yet) is accepted: the deliverer checks each connection.
    // Names that do are packages/api/test/webhook-public-names.test.ts.
    "https://internal.acme.example/hooks",
  ])("accepts %s", async (url) => {
    const created = await create(operator, url);
    expect(created).toMatchObject({ status: 200, data: { endpoint: { url } } });
  });

  it("with WEBHOOK_PRIVATE_TARGETS=allow, registers localhost and private addresses", async () => {
    for (const url of ["http://127.0.0.1:9000/hooks", "http://localhost/hooks", "http://[::1]/"]) {
      expect(await create(allowedOperator, url)).toMatchObject({
        status: 200,
        data: { endpoint: { url } },
      });
    }
  });
});
