/**
 * Sign-in defences over real HTTP (docs/security.md): throttling per account and per address,
 * with growing waits, kept in PostgreSQL; the password policy; no answer that tells whether an
 * e-mail has an account.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createThrottle, defaultSignInLimits } from "@fuda/auth";

import type { Browser, GameApi, Reply } from "./http";
import { email, PASSWORD, signInAs, signUp, startGameApi } from "./http";

let api: GameApi;

/**
 * Production's rules, shortened where a test would wait them out: an account's first wait is 4 s
 * (production 30 s, doubling alike), and one address creates 8 accounts (production 60,
 * AUTH_NEW_ACCOUNTS_PER_ADDRESS, read in env.test.ts; 60 password hashes under a loaded suite
 * outran the test's time). Every other test here creates from a fresh address.
 */
const limits = {
  ...defaultSignInLimits,
  account: { ...defaultSignInLimits.account, firstWaitMs: 4_000 },
  addressCreations: { ...defaultSignInLimits.addressCreations, attempts: 8 },
};

beforeAll(async () => {
  api = await startGameApi({ signInLimits: limits });
});

afterAll(async () => {
  await api.stop();
});

/** A browser at its own address: the game API believes X-Forwarded-For from loopback. */
const from = (address: string): Browser => api.browser().fork({ "x-forwarded-for": address });

let addresses = 0;
/** A fresh address each call, so only the account's own count is at play. */
const anyAddress = (): string => `198.51.100.${++addresses}`;

async function newPlayer(): Promise<{ address: string }> {
  const address = email("victim");
  const reply = await from(anyAddress()).auth("sign-up/email", {
    email: address,
    password: PASSWORD,
    name: "Victim",
  });
  expect(reply.status).toBe(200);
  return { address };
}

const retryAfter = (reply: Reply): number => Number(reply.headers.get("retry-after"));

describe("wrong passwords for one account", () => {
  it("the 6th within a minute is 429 with Retry-After from any address; the right password waits too, and works after", async () => {
    const { address } = await newPlayer();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const wrong = await from(anyAddress()).auth("sign-in/email", {
        email: address,
        password: `wrong password ${attempt}`,
      });
      expect(wrong.status, `attempt ${attempt}`).toBe(401);
    }
    const sixth = await from(anyAddress()).auth("sign-in/email", {
      email: address,
      password: "wrong password 6",
    });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
    const wait = retryAfter(sixth);
    expect(wait).toBeGreaterThan(2);
    expect(wait).toBeLessThanOrEqual(limits.account.firstWaitMs / 1000);

    const right = await from(anyAddress()).auth("sign-in/email", {
      email: address,
      password: PASSWORD,
    });
    expect(right.status).toBe(429);
    expect(right.setCookies).toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, retryAfter(right) * 1000 + 250));
    const after = from(anyAddress());
    expect((await after.auth("sign-in/email", { email: address, password: PASSWORD })).status).toBe(
      200,
    );
    expect(await after.actor()).toMatchObject({ kind: "player" });
  });

  it("a second streak waits twice as long as the first; a success starts the count again", async () => {
    const { address } = await newPlayer();
    const throttle = createThrottle(api.db);
    const key = `account:${address}`;
    const wrong = () =>
      from(anyAddress()).auth("sign-in/email", { email: address, password: "not it at all" });
    for (let attempt = 0; attempt < 5; attempt++) await wrong();
    const first = await throttle.waitingUntil([key]);
    expect(first).toBeDefined();
    // The first wait over, as if 4 s went by.
    await api.db.authThrottle.update({ where: { key }, data: { lockedUntil: new Date() } });
    for (let attempt = 0; attempt < 5; attempt++) expect((await wrong()).status).toBe(401);
    const second = await from(anyAddress()).auth("sign-in/email", {
      email: address,
      password: PASSWORD,
    });
    expect(second.status).toBe(429);
    expect(retryAfter(second)).toBeGreaterThan(6);
    expect(retryAfter(second)).toBeLessThanOrEqual((2 * limits.account.firstWaitMs) / 1000);

    const other = await newPlayer();
    for (let attempt = 0; attempt < 4; attempt++) {
      await from(anyAddress()).auth("sign-in/email", {
        email: other.address,
        password: "nope nope",
      });
    }
    expect(
      (await from(anyAddress()).auth("sign-in/email", { email: other.address, password: PASSWORD }))
        .status,
    ).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) {
      const reply = await from(anyAddress()).auth("sign-in/email", {
        email: other.address,
        password: "nope nope",
      });
      expect(reply.status).toBe(401);
    }
  });

  it("counts in PostgreSQL: another game API on the same database refuses the account too", async () => {
    const { address } = await newPlayer();
    for (let attempt = 0; attempt < 5; attempt++) {
      await from(anyAddress()).auth("sign-in/email", { email: address, password: "wrong wrong" });
    }
    const second = await startGameApi({ databaseUrl: api.databaseUrl });
    try {
      const reply = await second
        .browser()
        .fork({ "x-forwarded-for": anyAddress() })
        .auth("sign-in/email", { email: address, password: PASSWORD });
      expect(reply.status).toBe(429);
    } finally {
      await second.stop();
    }
  });
});

describe("one address", () => {
  it("guessing across accounts waits from the 21st wrong password", async () => {
    const address = anyAddress();
    for (let attempt = 1; attempt <= 20; attempt++) {
      const reply = await from(address).auth("sign-in/email", {
        email: email(`stuffed-${attempt}`),
        password: "Summer2024!!",
      });
      expect(reply.status, `attempt ${attempt}`).toBe(401);
    }
    const next = await from(address).auth("sign-in/email", {
      email: email("stuffed-21"),
      password: "Summer2024!!",
    });
    expect(next.status).toBe(429);
    expect(retryAfter(next)).toBeGreaterThan(0);
    // Another address is not held up.
    const elsewhere = await from(anyAddress()).auth("sign-in/email", {
      email: email("stuffed-22"),
      password: "Summer2024!!",
    });
    expect(elsewhere.status).toBe(401);
  });

  it("creates at most AUTH_NEW_ACCOUNTS_PER_ADDRESS accounts and guests in 10 minutes; loopback is not limited", async () => {
    const address = anyAddress();
    const { attempts } = limits.addressCreations;
    for (let created = 0; created < attempts; created++) {
      const reply =
        created % 2 === 0
          ? await from(address).auth("sign-in/anonymous")
          : await from(address).auth("sign-up/email", {
              email: email("family"),
              password: PASSWORD,
              name: "Family",
            });
      expect(reply.status, `account ${created + 1}`).toBe(200);
    }
    const guest = await from(address).auth("sign-in/anonymous");
    expect(guest.status).toBe(429);
    const before = await api.db.user.count();
    const signUpReply = await from(address).auth("sign-up/email", {
      email: email("one-too-many"),
      password: PASSWORD,
      name: "Late",
    });
    expect(signUpReply.status).toBe(429);
    expect(await api.db.user.count()).toBe(before);
    // The machine itself (bots, the launcher) is not an internet caller.
    expect((await api.browser().auth("sign-in/anonymous")).status).toBe(200);
  });

  it("X-Forwarded-For is believed only from a trusted proxy", async () => {
    const { clientAddress, trustedProxies } = await import("../src/client-address");
    const loopback = trustedProxies(["127.0.0.1", "::1"]);
    expect(clientAddress("::ffff:127.0.0.1", "203.0.113.9", loopback)).toBe("203.0.113.9");
    expect(clientAddress("203.0.113.50", "1.2.3.4", loopback)).toBe("203.0.113.50");
    expect(clientAddress("127.0.0.1", "1.2.3.4, 203.0.113.9, 127.0.0.1", loopback)).toBe(
      "203.0.113.9",
    );
    expect(clientAddress("127.0.0.1", undefined, loopback)).toBe("127.0.0.1");
    // An ingress's pods: a range. A hop it forwarded from outside the range is the caller.
    const cluster = trustedProxies(["10.42.0.0/16"]);
    expect(clientAddress("10.42.7.9", "203.0.113.9, 10.42.0.3", cluster)).toBe("203.0.113.9");
    expect(clientAddress("10.43.0.1", "203.0.113.9", cluster)).toBe("10.43.0.1");
  });
});

describe("the password policy", () => {
  const signUpWith = (password: string, address = email("policy")) =>
    from(anyAddress()).auth("sign-up/email", { email: address, password, name: "Policy" });

  it("refuses short, overlong and common passwords and the e-mail itself, creating nothing", async () => {
    const before = await api.db.user.count();
    const short = await signUpWith("abc12345");
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ code: "PASSWORD_TOO_SHORT" });
    expect((short.body as { message: string }).message).toMatch(/^password: at least 10/);
    expect((await signUpWith("x".repeat(129))).body).toMatchObject({ code: "PASSWORD_TOO_LONG" });
    for (const common of ["password123", "qwertyuiop", "1q2w3e4r5t", "Basketball"]) {
      const reply = await signUpWith(common);
      expect(reply.status, common).toBe(400);
      expect(reply.body, common).toMatchObject({ code: "PASSWORD_TOO_COMMON" });
    }
    const own = email("myownname");
    const local = own.split("@")[0]!;
    for (const password of [local, own, `${local.toUpperCase()}!2024`]) {
      expect((await signUpWith(password, own)).body, password).toMatchObject({
        code: "PASSWORD_TOO_COMMON",
      });
    }
    expect(await api.db.user.count()).toBe(before);
    expect((await signUpWith("violet tram nineteen")).status).toBe(200);
  });

  it("applies to a dealer an admin creates over HTTP", async () => {
    const admin = await signInAs(api, "admin");
    const address = email("dealer");
    const weak = await admin.auth("admin/create-user", {
      email: address,
      password: "1q2w3e4r5t",
      name: "Weak",
      role: "dealer",
    });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ code: "PASSWORD_TOO_COMMON" });
    expect(await api.db.user.findUnique({ where: { email: address } })).toBeNull();
    const strong = await admin.auth("admin/create-user", {
      email: address,
      password: PASSWORD,
      name: "Strong",
      role: "dealer",
    });
    expect(strong.status).toBe(200);
  });

  it("applies to a password change too", async () => {
    const player = await signUp(api, "changer");
    const weak = await player.auth("change-password", {
      currentPassword: PASSWORD,
      newPassword: "iloveyou12",
    });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ code: "PASSWORD_TOO_COMMON" });
    const strong = await player.auth("change-password", {
      currentPassword: PASSWORD,
      newPassword: "violet tram twenty",
    });
    expect(strong.status).toBe(200);
  });
});

describe("no answer tells whether an e-mail has an account", () => {
  it("an unknown e-mail and a wrong password for a known one get the same answer", async () => {
    const { address } = await newPlayer();
    const known = await from(anyAddress()).auth("sign-in/email", {
      email: address,
      password: "wrong but long",
    });
    const unknown = await from(anyAddress()).auth("sign-in/email", {
      email: email("nobody"),
      password: "wrong but long",
    });
    expect(known.status).toBe(401);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it("a password reset request answers alike for both", async () => {
    const { address } = await newPlayer();
    const known = await from(anyAddress()).auth("request-password-reset", { email: address });
    const unknown = await from(anyAddress()).auth("request-password-reset", {
      email: email("nobody"),
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });
});
