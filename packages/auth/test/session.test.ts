import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase } from "@fuda/db/testing";
import { authClient, enrolTwoFactor, signInStaff } from "@fuda/testkit";

import { createAuth, resolveActor } from "../src";
import { STAFF_SESSION_MS } from "../src/session";

const ORIGIN = "http://127.0.0.1:3000";
const DAY_MS = 86_400_000;
const PASSWORD = "correct horse battery";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let auth: ReturnType<typeof createAuth>;

beforeAll(async () => {
  database = await createTestDatabase();
  auth = createAuth({
    db: database.db,
    secret: "test-secret-test-secret-test-secret",
    baseURL: "http://127.0.0.1",
    trustedOrigins: [ORIGIN],
  });
});

afterAll(async () => {
  await database.drop();
});

/** A guest signed in through better-auth's own handler: its id and the cookie its browser sends. */
async function signedInGuest(): Promise<{ userId: string; cookie: string; token: string }> {
  const reply = await auth.handler(
    new Request("http://127.0.0.1/api/auth/sign-in/anonymous", {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: "{}",
    }),
  );
  expect(reply.status).toBe(200);
  const cookie = reply.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const { user, token } = (await reply.json()) as { user: { id: string }; token: string };
  return { userId: user.id, cookie, token };
}

const actorOf = (cookie: string) =>
  resolveActor({ db: database.db, auth, headers: new Headers({ cookie }) });

describe("the session cookie, read without better-auth's endpoint", () => {
  it("gives what better-auth's getSession gives for a fresh session, from fetch or node headers", async () => {
    const { userId, cookie } = await signedInGuest();
    const session = await auth.api.getSession({ headers: new Headers({ cookie }) });
    expect(session?.user.id).toBe(userId);
    expect(await actorOf(cookie)).toEqual({ kind: "player", userId });
    expect(await resolveActor({ db: database.db, auth, headers: { cookie } })).toEqual({
      kind: "player",
      userId,
    });
  });

  it("requests of one moment share a session query, each still answered with its own user", async () => {
    const guests = await Promise.all(Array.from({ length: 12 }, () => signedInGuest()));
    const { userId: gone, token } = guests[5]!;
    await database.db.session.delete({ where: { token } });
    const actors = await Promise.all(guests.map(({ cookie }) => actorOf(cookie)));
    expect(actors).toEqual(
      guests.map(({ userId }) =>
        userId === gone ? { kind: "anonymous" } : { kind: "player", userId },
      ),
    );
  });

  it("a forged signature is anonymous: the token with another secret's signature", async () => {
    const { cookie, userId } = await signedInGuest();
    // The genuine cookie first: its signature, once checked, is remembered; a forgery of the
    // same token is not the same cookie and is checked on its own.
    expect(await actorOf(cookie)).toEqual({ kind: "player", userId });
    const [name, value] = cookie.split("; ")[0]!.split("=") as [string, string];
    const token = decodeURIComponent(value).split(".")[0]!;
    const forged = `${name}=${encodeURIComponent(`${token}.${"A".repeat(43)}=`)}`;
    expect(await actorOf(forged)).toEqual({ kind: "anonymous" });
    // The bare token, unsigned, is no session either.
    expect(await actorOf(`${name}=${token}`)).toEqual({ kind: "anonymous" });
  });

  it("an expired session is anonymous", async () => {
    const { cookie, token } = await signedInGuest();
    await database.db.session.update({
      where: { token },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await actorOf(cookie)).toEqual({ kind: "anonymous" });
  });

  it("a deleted session (a sign-out elsewhere) is anonymous at once", async () => {
    const { userId, cookie, token } = await signedInGuest();
    expect(await actorOf(cookie)).toEqual({ kind: "player", userId });
    await database.db.session.delete({ where: { token } });
    expect(await actorOf(cookie)).toEqual({ kind: "anonymous" });
  });

  it("the user's role comes through: made an operator, they must enrol two-factor sign-in first", async () => {
    const email = `staff-${randomUUID()}@example.com`;
    const browser = authClient("http://127.0.0.1", ORIGIN, (request) => auth.handler(request));
    await browser.post("sign-up/email", { email, password: PASSWORD, name: "Floor" });
    const { id: userId } = await database.db.user.update({
      where: { email },
      data: { role: "operator" },
    });
    const [session] = await database.db.session.findMany({ where: { userId } });
    expect(await actorOf(browser.cookie())).toEqual({
      kind: "enrolling",
      userId,
      role: "operator",
      sessionId: session!.id,
    });
    await enrolTwoFactor(browser.post, PASSWORD);
    const [enrolled] = await database.db.session.findMany({ where: { userId } });
    expect(await actorOf(browser.cookie())).toEqual({
      kind: "operator",
      userId,
      role: "operator",
      signedInAt: enrolled!.createdAt.getTime(),
    });
  });

  it("a staff session ends 12 hours after its sign-in in the row too, and getSession never renews it past that", async () => {
    const email = `staff-${randomUUID()}@example.com`;
    await auth.api.createUser({ body: { email, password: PASSWORD, name: "Pit", role: "admin" } });
    const browser = authClient("http://127.0.0.1", ORIGIN, (request) => auth.handler(request));
    await signInStaff(browser.post, { email, password: PASSWORD });
    const read = async () => {
      const [row] = await database.db.session.findMany({ where: { user: { email } } });
      return row!;
    };
    const { createdAt, expiresAt } = await read();
    expect(expiresAt.getTime() - createdAt.getTime()).toBe(STAFF_SESSION_MS);
    // Due for renewal by better-auth's rule (expiry minus 7 days plus a day is long past).
    expect(
      await auth.api.getSession({ headers: new Headers({ cookie: browser.cookie() }) }),
    ).not.toBeNull();
    expect((await read()).expiresAt).toEqual(expiresAt);
  });

  it("a banned user is anonymous even while a session row survives; a lapsed ban is not", async () => {
    const { userId, cookie } = await signedInGuest();
    await database.db.user.update({ where: { id: userId }, data: { banned: true } });
    expect(await actorOf(cookie)).toEqual({ kind: "anonymous" });
    await database.db.user.update({
      where: { id: userId },
      data: { banExpires: new Date(Date.now() - 1000) },
    });
    expect(await actorOf(cookie)).toEqual({ kind: "player", userId });
  });

  it("a session older than updateAge (a day) is renewed for the full expiry, as getSession does", async () => {
    const { cookie, token } = await signedInGuest();
    const old = new Date(Date.now() + 5 * DAY_MS);
    await database.db.session.update({ where: { token }, data: { expiresAt: old } });
    await actorOf(cookie);
    const renewed = await database.db.session.findUniqueOrThrow({ where: { token } });
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY_MS);
  });

  it("a session younger than updateAge keeps its expiry", async () => {
    const { cookie, token } = await signedInGuest();
    const before = await database.db.session.findUniqueOrThrow({ where: { token } });
    await actorOf(cookie);
    const after = await database.db.session.findUniqueOrThrow({ where: { token } });
    expect(after.expiresAt).toEqual(before.expiresAt);
  });
});
