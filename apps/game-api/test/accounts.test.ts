import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { GameApi } from "./http";
import { email, PASSWORD, signInAs, signUp, startGameApi } from "./http";

let api: GameApi;
beforeAll(async () => {
  api = await startGameApi();
});
afterAll(() => api.stop());

const SESSION_COOKIE = "fuda.session_token";

describe("e-mail and password accounts over HTTP", () => {
  it("sign-up makes a player, signed in at once with an HttpOnly SameSite=Lax session cookie", async () => {
    const browser = api.browser();
    const address = email("alice");
    const reply = await browser.auth("sign-up/email", {
      email: address,
      password: PASSWORD,
      name: "Alice",
    });
    expect(reply.status).toBe(200);
    const cookie = reply.setCookies.find((line) => line.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);

    const user = await api.db.user.findUniqueOrThrow({ where: { email: address } });
    expect(user.role).toBe("player");
    expect(await browser.actor()).toEqual({ kind: "player", userId: user.id });
    const me = await browser.trpc("query", "account.me");
    expect(me.data).toMatchObject({ user: { name: "Alice", email: address, guest: false } });
    expect(await api.db.session.count({ where: { userId: user.id } })).toBe(1);
    expect(api.playersCreated).toContain(user.id);
  });

  it("sign-in with the right password opens a session; a wrong one is refused with no cookie", async () => {
    const address = email("bob");
    await api.browser().auth("sign-up/email", { email: address, password: PASSWORD, name: "Bob" });

    const wrong = api.browser();
    const refused = await wrong.auth("sign-in/email", {
      email: address,
      password: "not it at all",
    });
    expect(refused.status).toBe(401);
    expect(wrong.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await wrong.actor()).toEqual({ kind: "anonymous" });

    const right = api.browser();
    expect((await right.auth("sign-in/email", { email: address, password: PASSWORD })).status).toBe(
      200,
    );
    const user = await api.db.user.findUniqueOrThrow({ where: { email: address } });
    expect(await right.actor()).toEqual({ kind: "player", userId: user.id });
  });

  it("a password shorter than 10 characters or a taken e-mail is refused and creates nothing", async () => {
    const address = email("carol");
    const short = await api.browser().auth("sign-up/email", {
      email: address,
      password: "short",
      name: "Carol",
    });
    expect(short.status).toBe(400);
    expect(await api.db.user.count({ where: { email: address } })).toBe(0);

    await api.browser().auth("sign-up/email", { email: address, password: PASSWORD, name: "C" });
    const taken = await api.browser().auth("sign-up/email", {
      email: address,
      password: PASSWORD,
      name: "C2",
    });
    expect(taken.status).toBe(422);
    expect(await api.db.user.count({ where: { email: address } })).toBe(1);
  });

  it("sign-out ends the session in the database: the old cookie no longer identifies anyone", async () => {
    const browser = await signUp(api, "dave");
    const stolen = browser.fork();
    const actor = (await browser.actor()) as { userId: string };
    expect((await browser.auth("sign-out")).status).toBe(200);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await browser.actor()).toEqual({ kind: "anonymous" });
    expect(await stolen.actor()).toEqual({ kind: "anonymous" });
    expect(await api.db.session.count({ where: { userId: actor.userId } })).toBe(0);
  });

  it("operators and admins are operator actors with their role", async () => {
    const operator = await signInAs(api, "operator");
    const admin = await signInAs(api, "admin");
    expect(await operator.actor()).toMatchObject({ kind: "operator", role: "operator" });
    expect(await admin.actor()).toMatchObject({ kind: "operator", role: "admin" });
  });
});

describe("play as guest, then upgrade", () => {
  it("a guest is a player at once; signing up keeps playing as the new account, hooks told both ids", async () => {
    const browser = api.browser();
    expect((await browser.auth("sign-in/anonymous")).status).toBe(200);
    const guest = (await browser.actor()) as { kind: string; userId: string };
    expect(guest.kind).toBe("player");
    expect((await browser.trpc("query", "account.me")).data).toMatchObject({
      user: { guest: true, email: null },
    });
    expect(api.playersCreated).toContain(guest.userId);
    const guestCookie = browser.fork();

    const address = email("guest");
    const upgraded = await browser.auth("sign-up/email", {
      email: address,
      password: PASSWORD,
      name: "Former Guest",
    });
    expect(upgraded.status).toBe(200);
    const user = await api.db.user.findUniqueOrThrow({ where: { email: address } });
    expect(await browser.actor()).toEqual({ kind: "player", userId: user.id });
    expect(api.guestsUpgraded).toContainEqual({ fromUserId: guest.userId, toUserId: user.id });
    // The balance follows through onGuestUpgraded, not a second starting grant.
    expect(api.playersCreated).not.toContain(user.id);
    // The guest's row stays for the ledger; its session is over.
    expect(await api.db.user.findUnique({ where: { id: guest.userId } })).not.toBeNull();
    expect(await guestCookie.actor()).toEqual({ kind: "anonymous" });
  });

  it("a guest signing in to an existing account is not an upgrade: no balance moves", async () => {
    const address = email("existing");
    await api.browser().auth("sign-up/email", { email: address, password: PASSWORD, name: "E" });
    const browser = api.browser();
    await browser.auth("sign-in/anonymous");
    const guest = (await browser.actor()) as { userId: string };
    const before = api.guestsUpgraded.length;
    expect(
      (await browser.auth("sign-in/email", { email: address, password: PASSWORD })).status,
    ).toBe(200);
    expect(api.guestsUpgraded).toHaveLength(before);
    expect(await api.db.session.count({ where: { userId: guest.userId } })).toBe(0);
  });
});

describe("bans", () => {
  it("a banned player's sessions end at once and signing in is refused", async () => {
    const address = email("banned");
    const player = api.browser();
    await player.auth("sign-up/email", { email: address, password: PASSWORD, name: "Banned" });
    const { userId } = (await player.actor()) as { userId: string };
    const admin = await signInAs(api, "admin");

    const ban = await admin.auth("admin/ban-user", { userId, banReason: "cheating" });
    expect(ban.status).toBe(200);
    expect(await player.actor()).toEqual({ kind: "anonymous" });
    expect(await api.db.session.count({ where: { userId } })).toBe(0);

    const again = api.browser();
    const refused = await again.auth("sign-in/email", { email: address, password: PASSWORD });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "BANNED_USER" });
    expect(again.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it("an operator cannot ban, nor make themselves admin, through better-auth's admin endpoints", async () => {
    const victim = await signUp(api, "victim");
    const { userId } = (await victim.actor()) as { userId: string };
    const operator = await signInAs(api, "operator");
    const { userId: operatorId } = (await operator.actor()) as { userId: string };
    expect((await operator.auth("admin/ban-user", { userId })).status).toBe(403);
    expect(
      (await operator.auth("admin/set-role", { userId: operatorId, role: "admin" })).status,
    ).toBe(403);
    expect(await victim.actor()).toMatchObject({ kind: "player" });
    expect(await operator.actor()).toMatchObject({ role: "operator" });
  });
});
