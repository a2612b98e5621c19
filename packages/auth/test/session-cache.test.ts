import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase } from "@fuda/db/testing";

import { createAuth, resolveActor } from "../src";

const ORIGIN = "http://127.0.0.1:3000";

let database: Awaited<ReturnType<typeof createTestDatabase>>;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.drop();
});

/** A guest signed in through `auth`'s own handler: the cookies its browser would send. */
async function guestCookies(auth: ReturnType<typeof createAuth>): Promise<string> {
  const reply = await auth.handler(
    new Request("http://127.0.0.1/api/auth/sign-in/anonymous", {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: "{}",
    }),
  );
  expect(reply.status).toBe(200);
  return reply.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

const authWith = (sessionCacheSeconds?: number) =>
  createAuth({
    db: database.db,
    secret: "test-secret-test-secret-test-secret",
    baseURL: "http://127.0.0.1",
    trustedOrigins: [ORIGIN],
    sessionCacheSeconds,
  });

describe("the session cookie cache", () => {
  it("off by default: a request whose session row is gone is anonymous at once", async () => {
    const auth = authWith();
    const cookie = await guestCookies(auth);
    const headers = new Headers({ cookie });
    expect(await resolveActor({ db: database.db, auth, headers })).toMatchObject({
      kind: "player",
    });
    await database.db.session.deleteMany();
    expect(await resolveActor({ db: database.db, auth, headers })).toEqual({ kind: "anonymous" });
  });

  it("on: the signed copy in the cookie identifies the player without the session row, until it expires", async () => {
    const auth = authWith(60);
    const cookie = await guestCookies(auth);
    await database.db.session.deleteMany();
    expect(
      await resolveActor({ db: database.db, auth, headers: new Headers({ cookie }) }),
    ).toMatchObject({ kind: "player" });
  });
});
