import { describe, expect, it } from "vitest";

import { fromOwnPages } from "../src/own-pages";

const APP = "http://127.0.0.1:3000";

const post = (headers: Record<string, string>, url = `${APP}/api/auth/sign-out`) =>
  new Request(url, { method: "POST", headers });

describe("a POST to a web or admin relay comes from the app's own pages", () => {
  it("when its Origin is the app's own (the Host it was sent to, or the proxy's forwarded one)", () => {
    expect(fromOwnPages(post({ origin: APP, host: "127.0.0.1:3000" }))).toBe(true);
    expect(fromOwnPages(post({ origin: APP }))).toBe(true);
    expect(
      fromOwnPages(
        post(
          {
            origin: "https://play.example",
            host: "10.0.0.5:3000",
            "x-forwarded-host": "play.example",
          },
          "http://10.0.0.5:3000/api/auth/sign-out",
        ),
      ),
    ).toBe(true);
  });

  it("not when its Origin is another site's, another port of the same host, or null", () => {
    for (const origin of ["http://evil.test", "http://127.0.0.1:4310", "null", "not a url"]) {
      expect(fromOwnPages(post({ origin, host: "127.0.0.1:3000" })), origin).toBe(false);
    }
  });

  it("without Origin, only when the browser says same-origin: cross-site, same-site or silent are refused", () => {
    expect(fromOwnPages(post({ "sec-fetch-site": "same-origin" }))).toBe(true);
    for (const site of ["cross-site", "same-site", "none"]) {
      expect(fromOwnPages(post({ "sec-fetch-site": site })), site).toBe(false);
    }
    expect(fromOwnPages(post({}))).toBe(false);
  });
});
