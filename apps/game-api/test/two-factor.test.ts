/**
 * Staff two-factor sign-in over HTTP (issue 37, Staff accounts; docs/security.md): staff enrol an
 * authenticator before anything else, sign in with a password and a code, take a fresh sign-in
 * (step-up) before the five most powerful actions, and keep shorter sessions; every sign-in,
 * failure, enrolment and step-up lands in the audit log.
 */
import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { appRouter, STEP_UP_MS } from "@fuda/api";
import type { MutationPath, QueryPath } from "@fuda/api/types";
import { seed } from "@fuda/db";
import { balance } from "@fuda/ledger";
import { enrolTwoFactor, signInStaff, totpCode } from "@fuda/testkit";

import type { Browser, GameApi } from "./http";
import { authPost, createStaff, email, PASSWORD, signUp, startGameApi } from "./http";

const SESSION_COOKIE = "fuda.session_token";
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let api: GameApi;
let jokerTableId: string;

beforeAll(async () => {
  api = await startGameApi();
  await seed(api.db);
  jokerTableId = (await api.db.table.findUniqueOrThrow({ where: { slug: "joker-blackjack" } })).id;
});
afterAll(() => api.stop());

/** A staff account as an admin makes one, signed in with its password: not enrolled yet. */
async function enrollingStaff(role: "operator" | "admin" | "dealer") {
  const address = email(role);
  const { user } = await api.auth.api.createUser({
    body: { email: address, password: PASSWORD, name: role, role },
  });
  const browser = api.browser();
  const signedIn = await browser.auth("sign-in/email", { email: address, password: PASSWORD });
  expect(signedIn.status).toBe(200);
  expect(signedIn.body).not.toHaveProperty("twoFactorRedirect");
  return { browser, userId: user.id, email: address };
}

const actionsOf = async (actorId: string) =>
  (await api.db.auditEntry.findMany({ where: { actorId }, orderBy: { id: "asc" } })).map(
    (entry) => entry.action,
  );

const sessionsOf = (userId: string) =>
  api.db.session.findMany({ where: { userId }, orderBy: { createdAt: "asc" } });

/** Moves the user's sessions' sign-in (and, if given, last request) back in time. */
async function age(
  userId: string,
  { signedIn, lastSeen }: { signedIn: number; lastSeen?: number },
) {
  const now = Date.now();
  await api.db.session.updateMany({
    where: { userId },
    data: {
      createdAt: new Date(now - signedIn),
      ...(lastSeen === undefined ? {} : { lastSeenAt: new Date(now - lastSeen) }),
    },
  });
}

/** Every `admin.*` or `studio.*` procedure, with its kind from tRPC's own record. */
const staffProcedures = (prefix: "admin." | "studio.") =>
  Object.entries(appRouter._def.procedures)
    .filter(([path]) => path.startsWith(prefix))
    .map(([path, procedure]) => ({
      path: path as QueryPath | MutationPath,
      type: (procedure as { _def: { type: "query" | "mutation" } })._def.type,
    }));

async function refusalsOf(browser: Browser, prefix: "admin." | "studio.") {
  const procedures = staffProcedures(prefix);
  expect(procedures.length).toBeGreaterThan(prefix === "admin." ? 30 : 5);
  const answers: Record<string, unknown> = {};
  for (const { path, type } of procedures) {
    const reply = await browser.trpc(type, path);
    answers[path] = { status: reply.status, rule: reply.details?.rule };
  }
  return answers;
}

const everyOne = (prefix: "admin." | "studio.", answer: unknown) =>
  Object.fromEntries(staffProcedures(prefix).map(({ path }) => [path, answer]));

describe("staff without two-factor sign-in are sent to enrol", () => {
  it("an enrolling operator or admin is refused every admin procedure with TWO_FACTOR_REQUIRED", async () => {
    for (const role of ["operator", "admin"] as const) {
      const { browser } = await enrollingStaff(role);
      expect(await browser.actor()).toMatchObject({ kind: "enrolling", role });
      expect(await refusalsOf(browser, "admin.")).toEqual(
        everyOne("admin.", { status: 403, rule: "TWO_FACTOR_REQUIRED" }),
      );
    }
  });

  it("an enrolling dealer is refused every studio procedure with TWO_FACTOR_REQUIRED", async () => {
    const { browser } = await enrollingStaff("dealer");
    expect(await browser.actor()).toMatchObject({ kind: "enrolling", role: "dealer" });
    expect(await refusalsOf(browser, "studio.")).toEqual(
      everyOne("studio.", { status: 403, rule: "TWO_FACTOR_REQUIRED" }),
    );
  });

  it("being sent to enrol is audited once per session, however many pages ask", async () => {
    const { browser, userId } = await enrollingStaff("operator");
    for (let page = 0; page < 3; page++) await browser.actor();
    const [session] = await sessionsOf(userId);
    const entries = await api.db.auditEntry.findMany({ where: { actorId: userId } });
    expect(
      entries.map(({ action, targetType, targetId }) => ({ action, targetType, targetId })),
    ).toEqual([
      { action: "auth.signIn", targetType: "session", targetId: session!.id },
      { action: "auth.enrolRequired", targetType: "session", targetId: session!.id },
    ]);
  });

  it("enrolment takes the password, then a code of the new secret; audited; a new session", async () => {
    const { browser, userId } = await enrollingStaff("operator");
    const enrollingCookie = browser.fork();
    const wrongPassword = await browser.auth("two-factor/enable", { password: "not it at all" });
    expect(wrongPassword.status).toBe(400);
    expect(await api.db.twoFactor.count({ where: { userId } })).toBe(0);

    const enabled = await browser.auth("two-factor/enable", { password: PASSWORD });
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = enabled.body as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Fuda:.+\?secret=[A-Z2-7]+&issuer=Fuda/);
    expect(backupCodes).toHaveLength(10);
    // Not enrolled until a code proves the authenticator holds the secret.
    expect(await browser.actor()).toMatchObject({ kind: "enrolling" });
    const wrong = String((Number(totpCode(totpURI)) + 1) % 1_000_000).padStart(6, "0");
    expect((await browser.auth("two-factor/verify-totp", { code: wrong })).status).toBe(401);
    expect(await browser.actor()).toMatchObject({ kind: "enrolling" });

    const verified = await browser.auth("two-factor/verify-totp", { code: totpCode(totpURI) });
    expect(verified.status).toBe(200);
    expect(await browser.actor()).toMatchObject({ kind: "operator", role: "operator" });
    // The enrolling session is replaced by a new one; its cookie identifies no one now.
    expect(await enrollingCookie.actor()).toEqual({ kind: "anonymous" });
    expect(await actionsOf(userId)).toEqual([
      "auth.signIn",
      "auth.enrolRequired",
      "auth.twoFactorEnrolled",
    ]);
  });
});

describe("an enrolled staff member signs in with a password and a code", () => {
  it("the password alone opens no session: the code does; wrong ones are refused and audited", async () => {
    const staff = await createStaff(api, "operator");
    const browser = api.browser();
    const wrongPassword = await browser.auth("sign-in/email", {
      email: staff.email,
      password: "not the password",
    });
    expect(wrongPassword.status).toBe(401);

    const password = await browser.auth("sign-in/email", {
      email: staff.email,
      password: PASSWORD,
    });
    expect(password.body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await browser.actor()).toEqual({ kind: "anonymous" });

    const wrong = String((Number(totpCode(staff.totpURI)) + 1) % 1_000_000).padStart(6, "0");
    expect((await browser.auth("two-factor/verify-totp", { code: wrong })).status).toBe(401);
    expect(await browser.actor()).toEqual({ kind: "anonymous" });
    // A trusted device would skip the code next time: it is never remembered.
    const right = await browser.auth("two-factor/verify-totp", {
      code: totpCode(staff.totpURI),
      trustDevice: true,
    });
    expect(right.status).toBe(200);
    expect(await browser.actor()).toMatchObject({ kind: "operator", userId: staff.userId });
    expect([...browser.cookies.keys()].some((name) => name.includes("trust_device"))).toBe(false);

    const entries = await api.db.auditEntry.findMany({
      where: { actorId: staff.userId },
      orderBy: { id: "asc" },
    });
    expect(
      entries.map((entry) => [entry.action, (entry.after as { factor?: string }).factor]),
    ).toEqual([
      ["auth.signIn", "password"],
      ["auth.twoFactorEnrolled", "totp"],
      ["auth.signInFailed", "password"],
      ["auth.signInFailed", "totp"],
      ["auth.signIn", "totp"],
    ]);
    expect(entries.at(-1)!.after).toMatchObject({ ip: "127.0.0.1", userAgent: "node" });
    const again = await api.browser().auth("sign-in/email", {
      email: staff.email,
      password: PASSWORD,
    });
    expect(again.body).toMatchObject({ twoFactorRedirect: true });
  });

  it("a backup code signs in once, in place of a code", async () => {
    const { browser, userId, email: address } = await enrollingStaff("admin");
    const enabled = await browser.auth("two-factor/enable", { password: PASSWORD });
    const { totpURI, backupCodes } = enabled.body as { totpURI: string; backupCodes: string[] };
    await browser.auth("two-factor/verify-totp", { code: totpCode(totpURI) });
    const signIn = async () => {
      const other = api.browser();
      await other.auth("sign-in/email", { email: address, password: PASSWORD });
      return other;
    };
    const first = await signIn();
    const used = await first.auth("two-factor/verify-backup-code", { code: backupCodes[0] });
    expect(used.status).toBe(200);
    expect(await first.actor()).toMatchObject({ kind: "operator", role: "admin" });
    const second = await signIn();
    expect(
      (await second.auth("two-factor/verify-backup-code", { code: backupCodes[0] })).status,
    ).toBe(401);
    expect(await second.actor()).toEqual({ kind: "anonymous" });
    expect((await actionsOf(userId)).slice(-2)).toEqual(["auth.signIn", "auth.signInFailed"]);
  });

  it("a dealer enrols and signs in the same way", async () => {
    const { browser, userId, email: address } = await enrollingStaff("dealer");
    expect(await browser.actor()).toMatchObject({ kind: "enrolling", role: "dealer" });
    const totpURI = await enrolTwoFactor(authPost(browser), PASSWORD);
    expect(await browser.actor()).toMatchObject({ kind: "dealer", userId });
    expect((await browser.trpc("query", "studio.tables")).data).toEqual([]);
    await signInStaff(authPost(api.browser()), { email: address, password: PASSWORD, totpURI });
    expect(await actionsOf(userId)).toEqual([
      "auth.signIn",
      "auth.enrolRequired",
      "auth.twoFactorEnrolled",
      "auth.signIn",
    ]);
  });

  it("players' sign-ins are not audited, right or wrong; a player may not enrol (the lobby has no code step)", async () => {
    const player = await signUp(api, "player");
    const { userId } = (await player.actor()) as { userId: string };
    const address = (await api.db.user.findUniqueOrThrow({ where: { id: userId } })).email;
    await api.browser().auth("sign-in/email", { email: address, password: "wrong password!" });
    const enable = await player.auth("two-factor/enable", { password: PASSWORD });
    expect(enable.status).toBe(403);
    expect(enable.body).toMatchObject({ code: "TWO_FACTOR_FOR_STAFF" });
    expect(await api.db.twoFactor.count({ where: { userId } })).toBe(0);
    const later = api.browser();
    const password = await later.auth("sign-in/email", { email: address, password: PASSWORD });
    expect(password.status).toBe(200);
    expect(password.body).not.toMatchObject({ twoFactorRedirect: true });
    expect(await later.actor()).toEqual({ kind: "player", userId });
    expect(await api.db.auditEntry.count({ where: { actorId: userId } })).toBe(0);
  });
});

/** The five step-up actions, each with a valid input and what it changed once it went through. */
interface StepUpAction {
  path: MutationPath;
  input: () => unknown;
  /** What the action leaves behind, read before and after: unchanged until the step-up. */
  effect: () => Promise<unknown>;
  /** Reaching the domain: the answer's code once the step-up is done (undefined: it worked). */
  reached?: string;
}

let playerId: string;
const playerBalance = () => balance({ db: api.db, playerId });

const stepUpActions: StepUpAction[] = [
  {
    path: "admin.players.adjust",
    input: () => ({
      userId: playerId,
      amount: 5_000,
      reason: "goodwill",
      requestId: randomUUID(),
    }),
    effect: playerBalance,
  },
  {
    path: "admin.rounds.void",
    // No such round: past the step-up, the domain answers NOT_FOUND.
    input: () => ({ roundId: randomUUID(), reason: "misdeal" }),
    effect: () => api.db.round.count({ where: { voidedAt: { not: null } } }),
    reached: "NOT_FOUND",
  },
  {
    path: "admin.webhooks.create",
    input: () => ({
      partnerId: "acme-stats",
      url: `https://hooks.example.com/${randomUUID()}`,
      events: ["round.settled"],
    }),
    effect: () => api.db.webhookEndpoint.count(),
  },
  {
    path: "admin.partnerKeys.create",
    input: () => ({ partnerId: "acme-stats", name: "stats feed", scopes: ["feed:read"] }),
    effect: () => api.db.partnerKey.count(),
  },
  {
    path: "admin.tables.update",
    input: () => ({
      tableId: jokerTableId,
      settings: { payTable: { playerJoker: 1.5 + Math.floor(Math.random() * 10) * 0.5 } },
    }),
    effect: async () =>
      (await api.db.table.findUniqueOrThrow({ where: { id: jokerTableId } })).settings,
  },
  {
    path: "admin.tables.create",
    input: () => ({
      slug: `joker-${randomUUID().slice(0, 8)}`,
      game: "joker-blackjack",
      variant: "seven-seat",
      name: "Joker Blackjack stepped up",
      limits: { main: { min: 1_000, max: 100_000 } },
      countdownSeconds: 15,
      settings: { seats: 7, payTable: { premiums: { "Perfect Smile": 20 } } },
    }),
    effect: () => api.db.table.count(),
  },
];

describe("step-up: the most powerful actions need a sign-in within the last five minutes", () => {
  beforeAll(async () => {
    const player = await signUp(api, "player");
    playerId = ((await player.actor()) as { userId: string }).userId;
  });

  it.each(stepUpActions.map((action) => [action.path, action] as const))(
    "%s: refused on an older session (audited, nothing changed); after a step-up it goes through",
    async (path, action) => {
      const staff = await createStaff(api, "admin");
      const { browser, userId } = staff;
      await age(userId, { signedIn: STEP_UP_MS + MINUTE });
      const before = await action.effect();
      const refused = await browser.trpc("mutation", path, action.input());
      expect(refused).toMatchObject({
        status: 403,
        code: "FORBIDDEN",
        details: { rule: "STEP_UP_REQUIRED" },
      });
      expect(await action.effect()).toEqual(before);
      const required = await api.db.auditEntry.findFirstOrThrow({
        where: { actorId: userId, action: "auth.stepUpRequired" },
      });
      expect(required).toMatchObject({ targetType: "procedure", targetId: path });

      // The step-up: a sign-in, password and code, from the browser still holding its session.
      const [stale] = await sessionsOf(userId);
      await signInStaff(authPost(browser), { ...staff });
      const [fresh, ...others] = await sessionsOf(userId);
      expect(others).toEqual([]);
      expect(fresh!.id).not.toBe(stale!.id);
      const stepUp = await api.db.auditEntry.findFirstOrThrow({
        where: { actorId: userId, action: "auth.stepUp" },
      });
      expect(stepUp).toMatchObject({
        targetType: "session",
        targetId: fresh!.id,
        before: { sessionId: stale!.id },
      });

      const done = await browser.trpc("mutation", path, action.input());
      expect(done.code).toBe(action.reached);
      if (action.reached === undefined) expect(await action.effect()).not.toEqual(before);
    },
  );

  it("a change of a table without a pay table needs no step-up; a sign-in without a live session is no step-up", async () => {
    const staff = await createStaff(api, "operator");
    await age(staff.userId, { signedIn: STEP_UP_MS + MINUTE });
    const renamed = await staff.browser.trpc("mutation", "admin.tables.update", {
      tableId: jokerTableId,
      name: "Joker Blackjack",
    });
    expect(renamed.code).toBeUndefined();
    await signInStaff(authPost(api.browser()), { ...staff });
    expect(await actionsOf(staff.userId)).not.toContain("auth.stepUp");
    // The other browser's sign-in left this one's session alone.
    expect(await staff.browser.actor()).toMatchObject({ kind: "operator" });
  });
});

describe("staff sessions are shorter than players'", () => {
  it("a staff session ends 12 hours after its sign-in however busy, a player's does not", async () => {
    const operator = await createStaff(api, "operator");
    const dealer = await createStaff(api, "dealer");
    const player = await signUp(api, "player");
    const { userId: playerUserId } = (await player.actor()) as { userId: string };
    for (const { userId } of [operator, dealer])
      await age(userId, { signedIn: 12 * HOUR - MINUTE });
    expect(await operator.browser.actor()).toMatchObject({ kind: "operator" });
    expect(await dealer.browser.actor()).toMatchObject({ kind: "dealer" });
    for (const { userId } of [operator, dealer]) {
      await age(userId, { signedIn: 12 * HOUR + MINUTE, lastSeen: 0 });
    }
    await age(playerUserId, { signedIn: 12 * HOUR + MINUTE, lastSeen: 0 });
    expect(await operator.browser.actor()).toEqual({ kind: "anonymous" });
    expect(await dealer.browser.actor()).toEqual({ kind: "anonymous" });
    expect(await player.actor()).toMatchObject({ kind: "player" });
  });

  it("a staff session ends after 30 minutes without a request", async () => {
    const operator = await createStaff(api, "operator");
    const dealer = await createStaff(api, "dealer");
    for (const { userId } of [operator, dealer]) {
      await age(userId, { signedIn: HOUR, lastSeen: 29 * MINUTE });
    }
    expect(await operator.browser.actor()).toMatchObject({ kind: "operator" });
    expect(await dealer.browser.actor()).toMatchObject({ kind: "dealer" });
    // The requests just made count as activity: idle again, for longer.
    for (const { userId } of [operator, dealer]) {
      await age(userId, { signedIn: HOUR, lastSeen: 31 * MINUTE });
    }
    expect(await operator.browser.actor()).toEqual({ kind: "anonymous" });
    expect(await dealer.browser.actor()).toEqual({ kind: "anonymous" });
  });

  it("better-auth's own get-session agrees: a staff session expires 12 hours after sign-in and is never renewed past it", async () => {
    const { browser, userId } = await createStaff(api, "admin");
    const [session] = await sessionsOf(userId);
    const end = session!.createdAt.getTime() + 12 * HOUR;
    expect(session!.expiresAt.getTime()).toBeLessThanOrEqual(end);
    expect(session!.expiresAt.getTime()).toBeGreaterThan(end - MINUTE);
    const answer = await browser.request("GET", "/api/auth/get-session");
    expect(answer.body).toMatchObject({ user: { id: userId } });
    const [after] = await sessionsOf(userId);
    expect(after!.expiresAt.getTime()).toBeLessThanOrEqual(end);
    const player = await signUp(api, "player");
    const { userId: playerUserId } = (await player.actor()) as { userId: string };
    const [playerSession] = await sessionsOf(playerUserId);
    expect(playerSession!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 24 * HOUR);
  });
});
