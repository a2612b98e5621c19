/**
 * Dealers (docs/studio.md, Roles) over HTTP: an admin makes one through better-auth's
 * `/api/auth/admin/create-user` with `role: "dealer"`, assigns them a table, and disables them;
 * each change is audited, a disabled dealer's sessions end and sign-in is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seed } from "@fuda/db";
import { enrolTwoFactor } from "@fuda/testkit";

import type { Browser, GameApi } from "./http";
import { authPost, PASSWORD, email, signInAs, startGameApi } from "./http";

let api: GameApi;
let admin: Browser;
let operator: Browser;
let tableId: string;

beforeAll(async () => {
  api = await startGameApi();
  await seed(api.db);
  tableId = (await api.db.table.findUniqueOrThrow({ where: { slug: "pok-deng" } })).id;
  admin = await signInAs(api, "admin");
  operator = await signInAs(api, "operator");
});
afterAll(async () => {
  await api.stop();
});

describe("dealer accounts", () => {
  it("an admin creates a dealer, assigns a table, disables them: audited, sessions ended", async () => {
    const address = email("dealer");
    const created = await admin.auth("admin/create-user", {
      email: address,
      password: PASSWORD,
      name: "Mai",
      role: "dealer",
    });
    expect(created.status).toBe(200);
    // An operator may not make one: better-auth's admin endpoints are an admin's.
    const refused = await operator.auth("admin/create-user", {
      email: email("nope"),
      password: PASSWORD,
      name: "Nope",
      role: "dealer",
    });
    expect(refused.status).toBe(403);

    const dealer = api.browser();
    expect(
      (await dealer.auth("sign-in/email", { email: address, password: PASSWORD })).status,
    ).toBe(200);
    // Their first sign-in: staff enrol two-factor sign-in before anything else.
    await enrolTwoFactor(authPost(dealer), PASSWORD);
    const actor = (await dealer.actor()) as { kind: string; userId: string };
    expect(actor.kind).toBe("dealer");
    // Nothing but the studio: the floor is refused, and no table is theirs yet.
    expect((await dealer.trpc("query", "admin.tables.list")).code).toBe("FORBIDDEN");
    expect((await dealer.trpc("query", "studio.tables")).data).toEqual([]);

    const assigned = await admin.trpc("mutation", "admin.dealers.assign", {
      dealerId: actor.userId,
      tableId,
      reason: "evening shift",
    });
    expect(assigned.data).toEqual({ dealerId: actor.userId, tableId, assigned: true });
    const again = await admin.trpc("mutation", "admin.dealers.assign", {
      dealerId: actor.userId,
      tableId,
    });
    expect(again.code).toBe("CONFLICT");
    expect(
      (await operator.trpc("mutation", "admin.dealers.assign", { dealerId: actor.userId, tableId }))
        .code,
    ).toBe("FORBIDDEN");
    const tables = (await dealer.trpc("query", "studio.tables")).data as { slug: string }[];
    expect(tables.map((table) => table.slug)).toEqual(["pok-deng"]);

    const listed = (await operator.trpc("query", "admin.dealers.list")).data as {
      dealers: { id: string; email: string; disabled: boolean; tables: { slug: string }[] }[];
    };
    expect(listed.dealers.find((row) => row.id === actor.userId)).toMatchObject({
      email: address,
      disabled: false,
      tables: [{ slug: "pok-deng" }],
    });

    const disabled = await admin.trpc("mutation", "admin.dealers.disable", {
      dealerId: actor.userId,
      reason: "left the studio",
    });
    expect(disabled.data).toMatchObject({ disabled: true, sessionsEnded: 1 });
    expect(((await dealer.actor()) as { kind: string }).kind).toBe("anonymous");
    const signIn = await api
      .browser()
      .auth("sign-in/email", { email: address, password: PASSWORD });
    expect(signIn.status).not.toBe(200);

    const audit = await api.db.auditEntry.findMany({
      where: { targetType: "dealer", targetId: actor.userId },
      orderBy: { id: "asc" },
    });
    expect(audit.map((entry) => entry.action)).toEqual(["dealers.assign", "dealers.disable"]);
    // A player's id is no dealer's.
    const notDealer = await admin.trpc("mutation", "admin.dealers.disable", {
      dealerId: "no-such-dealer",
      reason: "matrix",
    });
    expect(notDealer).toMatchObject({ code: "NOT_FOUND", details: { field: "dealerId" } });
  });
});
