/**
 * A player's sessions over real HTTP (docs/accounts.md, Sessions): listed with device and last
 * request, ended one by one or all but this one; a password change or a ban ends them all.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { deviceOf } from "@fuda/api";

import type { Browser, GameApi } from "./http";
import { email, PASSWORD, signInAs, startGameApi } from "./http";

let api: GameApi;

beforeAll(async () => {
  api = await startGameApi();
});

afterAll(async () => {
  await api.stop();
});

const PHONE =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const LAPTOP =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

interface SessionRow {
  id: string;
  device: string;
  ipAddress: string | null;
  lastSeenAt: string;
  current: boolean;
}

/** A player signed up on the phone and signed in on the laptop too. */
async function playerOnTwoDevices(): Promise<{ phone: Browser; laptop: Browser; address: string }> {
  const address = email("two-devices");
  const phone = api.browser().fork({ "user-agent": PHONE, "x-forwarded-for": "203.0.113.7" });
  expect(
    (await phone.auth("sign-up/email", { email: address, password: PASSWORD, name: "Two" })).status,
  ).toBe(200);
  const laptop = api.browser().fork({ "user-agent": LAPTOP, "x-forwarded-for": "198.51.100.20" });
  expect((await laptop.auth("sign-in/email", { email: address, password: PASSWORD })).status).toBe(
    200,
  );
  return { phone, laptop, address };
}

const sessionsOf = async (browser: Browser): Promise<SessionRow[]> => {
  const reply = await browser.trpc("query", "account.sessions");
  expect(reply.code).toBeUndefined();
  return reply.data as SessionRow[];
};

describe("a player's sessions", () => {
  it("lists both devices in words with their address, the current one marked", async () => {
    const { phone, laptop } = await playerOnTwoDevices();
    const seenFromPhone = await sessionsOf(phone);
    expect(
      seenFromPhone.map(({ device, ipAddress, current }) => ({ device, ipAddress, current })),
    ).toEqual(
      expect.arrayContaining([
        { device: "Chrome on Android", ipAddress: "203.0.113.7", current: true },
        { device: "Safari on macOS", ipAddress: "198.51.100.20", current: false },
      ]),
    );
    expect(seenFromPhone).toHaveLength(2);
    const seenFromLaptop = await sessionsOf(laptop);
    expect(seenFromLaptop.find((session) => session.current)?.device).toBe("Safari on macOS");
  });

  it("ends the other device's session: its next request is anonymous, this one stays", async () => {
    const { phone, laptop } = await playerOnTwoDevices();
    const other = (await sessionsOf(phone)).find((session) => !session.current)!;
    const ended = await phone.trpc("mutation", "account.endSession", { sessionId: other.id });
    expect(ended.data).toEqual({ ended: 1 });
    expect(await laptop.actor()).toEqual({ kind: "anonymous" });
    expect(await phone.actor()).toMatchObject({ kind: "player" });
    expect(await sessionsOf(phone)).toHaveLength(1);
  });

  it("another player's session id is NOT_FOUND and ends nothing", async () => {
    const victim = await playerOnTwoDevices();
    const target = (await sessionsOf(victim.phone))[0]!;
    const { phone: attacker } = await playerOnTwoDevices();
    const reply = await attacker.trpc("mutation", "account.endSession", { sessionId: target.id });
    expect(reply.code).toBe("NOT_FOUND");
    expect(await victim.phone.actor()).toMatchObject({ kind: "player" });
    expect(await victim.laptop.actor()).toMatchObject({ kind: "player" });
  });

  it("signs every other device out and keeps this one", async () => {
    const { phone, laptop } = await playerOnTwoDevices();
    const third = api.browser();
    const address = (await sessionsOf(phone)).length;
    expect(address).toBe(2);
    const reply = await laptop.trpc("mutation", "account.endOtherSessions");
    expect(reply.data).toEqual({ ended: 1 });
    expect(await phone.actor()).toEqual({ kind: "anonymous" });
    expect(await laptop.actor()).toMatchObject({ kind: "player" });
    expect(await third.actor()).toEqual({ kind: "anonymous" });
  });

  it("a browser whose session was ended elsewhere can sign in again", async () => {
    const { phone, laptop, address } = await playerOnTwoDevices();
    await phone.trpc("mutation", "account.endOtherSessions");
    expect(await laptop.actor()).toEqual({ kind: "anonymous" });
    // Its cookie still names the ended session: the answer must not both set and expire it.
    const again = await laptop.auth("sign-in/email", { email: address, password: PASSWORD });
    expect(again.status).toBe(200);
    expect(await laptop.actor()).toMatchObject({ kind: "player" });
  });

  it("a password change signs the other devices out at once, whatever the client asks", async () => {
    const { phone, laptop } = await playerOnTwoDevices();
    const changed = await laptop.auth("change-password", {
      currentPassword: PASSWORD,
      newPassword: "a brand new passphrase",
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);
    expect(await phone.actor()).toEqual({ kind: "anonymous" });
    expect(await laptop.actor()).toMatchObject({ kind: "player" });
  });

  it("a ban ends every session at once", async () => {
    const { phone, laptop } = await playerOnTwoDevices();
    const { userId } = (await phone.actor()) as { userId: string };
    const operator = await signInAs(api, "operator");
    const banned = await operator.trpc("mutation", "admin.players.ban", {
      userId,
      reason: "abuse",
    });
    expect(banned.code).toBeUndefined();
    expect(await phone.actor()).toEqual({ kind: "anonymous" });
    expect(await laptop.actor()).toEqual({ kind: "anonymous" });
    expect(await api.db.session.count({ where: { userId } })).toBe(0);
  });

  it("names devices from their user agents", () => {
    expect(deviceOf(PHONE)).toBe("Chrome on Android");
    expect(deviceOf(LAPTOP)).toBe("Safari on macOS");
    expect(
      deviceOf(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iPhone");
    expect(
      deviceOf(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Edge on Windows");
    expect(deviceOf(null)).toBe("Unknown device");
  });
});
