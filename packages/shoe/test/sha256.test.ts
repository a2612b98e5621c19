import { createHash, createHmac } from "node:crypto";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { HmacSha256, sha256, toHex } from "../src/index";

describe("SHA-256 and HMAC-SHA256 in plain TypeScript", () => {
  it("matches the FIPS 180-4 example for 'abc'", () => {
    expect(toHex(sha256(new TextEncoder().encode("abc")))).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });

  it("equals node:crypto's SHA-256 for messages of every padding case", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (message) => {
        expect(toHex(sha256(message))).toBe(createHash("sha256").update(message).digest("hex"));
      }),
    );
    for (const length of [55, 56, 63, 64, 65, 119, 120, 128]) {
      const message = new Uint8Array(length).fill(0x61);
      expect(toHex(sha256(message))).toBe(createHash("sha256").update(message).digest("hex"));
    }
  });

  it("equals node:crypto's HMAC-SHA256 for short and long keys", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 100 }),
        fc.uint8Array({ maxLength: 150 }),
        (key, message) => {
          const expected = createHmac("sha256", key).update(message).digest("hex");
          const hmac = new HmacSha256(key);
          expect(toHex(hmac.mac(message))).toBe(expected);
          // The precomputed key state is reusable.
          expect(toHex(hmac.mac(message))).toBe(expected);
        },
      ),
    );
  });
});
