import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { relayAuthRequest } from "@fuda/auth/relay";

import type { GameApi } from "./http";
import { email, PASSWORD, startGameApi, WEB_ORIGIN } from "./http";

let api: GameApi;
beforeAll(async () => {
  api = await startGameApi();
});
afterAll(() => api.stop());

/** What the web app's /api/auth route receives from a browser on its own origin. */
const fromBrowser = (
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
) =>
  new Request(`${WEB_ORIGIN}/api/auth/${path}`, {
    ...init,
    headers: { origin: WEB_ORIGIN, "content-type": "application/json", ...init.headers },
  });

describe("the Next apps' same-origin relay to the game API's /api/auth", () => {
  it("relays a sign-up and its Set-Cookie, then the cookie back for the session", async () => {
    const address = email("relayed");
    const signedUp = await relayAuthRequest(
      fromBrowser("sign-up/email", {
        method: "POST",
        body: JSON.stringify({ email: address, password: PASSWORD, name: "Relayed" }),
      }),
      `${api.baseUrl}/trpc`,
    );
    expect(signedUp.status).toBe(200);
    const cookies = signedUp.headers.getSetCookie();
    const session = cookies.find((line) => line.startsWith("fuda.session_token="));
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);

    const got = await relayAuthRequest(
      fromBrowser("get-session", { headers: { cookie: session!.split(";")[0]! } }),
      `${api.baseUrl}/trpc`,
    );
    expect(got.status).toBe(200);
    expect(await got.json()).toMatchObject({ user: { email: address, role: "player" } });
  });

  it("a request from an origin the game API does not trust is refused", async () => {
    const refused = await relayAuthRequest(
      new Request(`${WEB_ORIGIN}/api/auth/sign-in/email`, {
        method: "POST",
        headers: {
          origin: "http://evil.example",
          "content-type": "application/json",
          cookie: "fuda.session_token=x",
        },
        body: JSON.stringify({ email: email("x"), password: PASSWORD }),
      }),
      `${api.baseUrl}/trpc`,
    );
    expect(refused.status).toBe(403);
  });

  it("answers 502 when the game API is down", async () => {
    const down = await relayAuthRequest(fromBrowser("get-session"), "http://127.0.0.1:1/trpc");
    expect(down.status).toBe(502);
  });
});
