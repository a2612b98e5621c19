import { describe, expect, it } from "vitest";
import { z } from "zod";

import { EnvError, loadEnv } from "../src";
import {
  frameAncestors,
  newNonce,
  pageContentSecurityPolicy,
  pageSecurityHeaders,
  servedOverTls,
  transportSecurityHeaders,
} from "../src/security-headers";

const schema = z.object({ FRAME_ANCESTORS: frameAncestors });
const ancestorsOf = (value?: string) => loadEnv(schema, { FRAME_ANCESTORS: value }).FRAME_ANCESTORS;

/** The policy's directives by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy.split("; ").map((directive) => {
      const [name = "", ...sources] = directive.split(" ");
      return [name, sources];
    }),
  );
}

const page = { nonce: "bm9uY2U=", frameAncestors: [], development: false, tls: false };

describe("FRAME_ANCESTORS", () => {
  it("is none when unset, empty or none", () => {
    expect(ancestorsOf(undefined)).toEqual([]);
    expect(ancestorsOf("")).toEqual([]);
    expect(ancestorsOf("none")).toEqual([]);
    expect(ancestorsOf("'none'")).toEqual([]);
  });

  it("takes origins separated by spaces or commas, written as the browser writes them", () => {
    expect(ancestorsOf("https://casino.example, https://Play.Casino.example:8443/")).toEqual([
      "https://casino.example",
      "https://play.casino.example:8443",
    ]);
    expect(ancestorsOf("http://127.0.0.1:4310 https://a.example")).toEqual([
      "http://127.0.0.1:4310",
      "https://a.example",
    ]);
  });

  it("refuses anything that is not an origin, naming it in one line", () => {
    for (const bad of [
      "casino.example",
      "https://casino.example/lobby",
      "https://casino.example?x=1",
      "https://user@casino.example",
      "javascript:alert(1)",
      "*",
      "https://a.example 'self'",
    ]) {
      const read = () => ancestorsOf(bad);
      expect(read, bad).toThrow(EnvError);
      expect(read, bad).toThrow(/^invalid configuration: FRAME_ANCESTORS: .* is not an origin/);
    }
  });
});

describe("the pages' Content-Security-Policy", () => {
  it("runs only scripts carrying the response's nonce and what they load, never inline ones", () => {
    const script = directives(pageContentSecurityPolicy(page)).get("script-src");
    expect(script).toEqual(["'self'", "'nonce-bm9uY2U='", "'strict-dynamic'"]);
    expect(script).not.toContain("'unsafe-inline'");
    expect(script).not.toContain("'unsafe-eval'");
  });

  it("lets React's dev tools use eval under next dev only", () => {
    const script = directives(pageContentSecurityPolicy({ ...page, development: true })).get(
      "script-src",
    );
    expect(script).toContain("'unsafe-eval'");
  });

  it("closes plugins, base and form targets, and takes inline styles only", () => {
    const policy = directives(pageContentSecurityPolicy(page));
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("base-uri")).toEqual(["'self'"]);
    expect(policy.get("form-action")).toEqual(["'self'"]);
    expect(policy.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get("worker-src")).toEqual(["'self'", "blob:"]);
    expect(policy.get("default-src")).toEqual(["'self'"]);
  });

  it("reaches operators' stream and poster hosts over https only when served over TLS", () => {
    const tls = directives(pageContentSecurityPolicy({ ...page, tls: true }));
    const plain = directives(pageContentSecurityPolicy(page));
    for (const name of ["img-src", "media-src", "connect-src"]) {
      expect(tls.get(name), name).toContain("https:");
      expect(tls.get(name), name).not.toContain("http:");
      expect(plain.get(name), name).toEqual(expect.arrayContaining(["https:", "http:"]));
    }
    expect(tls.get("media-src")).toContain("blob:");
    expect(tls.get("img-src")).toEqual(expect.arrayContaining(["data:", "blob:"]));
  });

  it("lets no page frame ours by default, and exactly FRAME_ANCESTORS' origins when set", () => {
    expect(directives(pageContentSecurityPolicy(page)).get("frame-ancestors")).toEqual(["'none'"]);
    const allowed = ["https://casino.example", "http://127.0.0.1:4310"];
    expect(
      directives(pageContentSecurityPolicy({ ...page, frameAncestors: allowed })).get(
        "frame-ancestors",
      ),
    ).toEqual(allowed);
  });
});

describe("the pages' other headers", () => {
  it("add X-Frame-Options DENY for old browsers only when no page may frame ours", () => {
    expect(pageSecurityHeaders(page)["x-frame-options"]).toBe("DENY");
    const framed = pageSecurityHeaders({ ...page, frameAncestors: ["https://casino.example"] });
    expect(framed["x-frame-options"]).toBeUndefined();
  });

  it("deny the camera, microphone, location, payment and devices", () => {
    const policy = pageSecurityHeaders(page)["permissions-policy"];
    for (const feature of ["camera", "microphone", "geolocation", "payment", "usb", "serial"]) {
      expect(policy, feature).toContain(`${feature}=()`);
    }
    expect(policy).not.toContain("autoplay");
  });

  it("carry nosniff and the referrer policy, and HSTS only over TLS", () => {
    expect(pageSecurityHeaders(page)).toMatchObject({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
    });
    expect(pageSecurityHeaders(page)["strict-transport-security"]).toBeUndefined();
    expect(pageSecurityHeaders({ ...page, tls: true })["strict-transport-security"]).toBe(
      "max-age=63072000; includeSubDomains",
    );
  });
});

describe("every answer's headers", () => {
  it("are nosniff and a referrer policy; HSTS over TLS", () => {
    expect(transportSecurityHeaders({ tls: false, referrerPolicy: "no-referrer" })).toEqual({
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    });
    expect(transportSecurityHeaders({ tls: true })).toEqual({
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "strict-transport-security": "max-age=63072000; includeSubDomains",
    });
  });

  it("know TLS from the request's scheme or the first proxy's X-Forwarded-Proto", () => {
    expect(servedOverTls("https:", null)).toBe(true);
    expect(servedOverTls("http:", "https")).toBe(true);
    expect(servedOverTls("http:", "HTTPS, http")).toBe(true);
    expect(servedOverTls("http:", ["https"])).toBe(true);
    expect(servedOverTls("http:", "http, https")).toBe(false);
    expect(servedOverTls("http:", undefined)).toBe(false);
  });
});

describe("nonces", () => {
  it("are 128 random bits, base64, new each time", () => {
    const nonces = new Set(Array.from({ length: 1_000 }, newNonce));
    expect(nonces.size).toBe(1_000);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});
