import { createHmac, webcrypto } from "node:crypto";

import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";

import {
  CryptoRng,
  HmacDrbg,
  isPermutationOf,
  quickGameDeck,
  randomBytes,
  shuffle,
  standardDecks,
  uniformInt,
} from "../src/index";

const seedArbitrary = fc
  .uint8Array({ minLength: 1, maxLength: 40 })
  .map((bytes) => Buffer.from(bytes).toString("hex"));

function words(rng: { nextUint32(): number }, count: number): number[] {
  return Array.from({ length: count }, () => rng.nextUint32());
}

describe("HMAC-SHA256 DRBG", () => {
  it("block k is HMAC-SHA256(serverSeed, '<clientSeed>:<nonce>:<k>') read as big-endian words", () => {
    const drbg = new HmacDrbg({ serverSeed: "00ff", clientSeed: "player-7", nonce: 3 });
    const expected: number[] = [];
    for (let k = 0; k < 13; k++) {
      const block = createHmac("sha256", Buffer.from("00ff", "hex"))
        .update(`player-7:3:${k}`)
        .digest();
      for (let i = 0; i < 32; i += 4) expected.push(block.readUInt32BE(i));
    }
    expect(words(drbg, expected.length)).toEqual(expected);
    expect(drbg.blocks).toBe(13);
  });

  it("is reproducible: the same seeds give the same words", () => {
    fc.assert(
      fc.property(seedArbitrary, fc.string(), fc.nat(), (serverSeed, clientSeed, nonce) => {
        const a = new HmacDrbg({ serverSeed, clientSeed, nonce });
        const b = new HmacDrbg({ serverSeed, clientSeed, nonce });
        expect(words(a, 20)).toEqual(words(b, 20));
      }),
      { numRuns: 50 },
    );
  });

  it("differs per nonce and per client seed", () => {
    fc.assert(
      fc.property(seedArbitrary, fc.string(), fc.nat(), (serverSeed, clientSeed, nonce) => {
        const base = words(new HmacDrbg({ serverSeed, clientSeed, nonce }), 8);
        const nextNonce = words(new HmacDrbg({ serverSeed, clientSeed, nonce: nonce + 1 }), 8);
        const otherClient = words(
          new HmacDrbg({ serverSeed, clientSeed: `${clientSeed}x`, nonce }),
          8,
        );
        expect(nextNonce).not.toEqual(base);
        expect(otherClient).not.toEqual(base);
      }),
      { numRuns: 50 },
    );
  });

  it("refuses a seed that is not hex and a negative nonce", () => {
    expect(() => new HmacDrbg({ serverSeed: "xyz" })).toThrow(/serverSeed/);
    expect(() => new HmacDrbg({ serverSeed: "00", nonce: -1 })).toThrow(/nonce/);
    expect(() => new HmacDrbg({ serverSeed: "00", nonce: 1.5 })).toThrow(/nonce/);
    expect(() => new HmacDrbg({ serverSeed: "00", nonce: Number.NaN })).toThrow(/nonce/);
  });
});

describe("unbiased integers and Fisher–Yates", () => {
  it("uniformInt stays in [0, n) for every n up to 2^32", () => {
    const rng = new HmacDrbg({ serverSeed: "01" });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 32 }), (n) => {
        const value = uniformInt(rng, n);
        expect(Number.isInteger(value) && value >= 0 && value < n).toBe(true);
      }),
    );
    expect(uniformInt(rng, 1)).toBe(0);
    expect(() => uniformInt(rng, 0)).toThrow(/n must be/);
    expect(() => uniformInt(rng, 2 ** 32 + 1)).toThrow(/n must be/);
    expect(() => uniformInt(rng, 2.5)).toThrow(/n must be/);
  });

  it("uniformInt redraws words at or above the largest multiple of n", () => {
    // n = 3·2^30: the largest multiple below 2^32 is 3·2^30, so 0xffffffff is rejected.
    const feed = [0xffffffff, 0xc0000000, 5];
    const rng = { nextUint32: () => feed.shift()! };
    expect(uniformInt(rng, 3 * 2 ** 30)).toBe(5);
  });

  it("uniformInt is exactly 'redraw while word ≥ 2^32 − 2^32 mod n, then word mod n'", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 32 }),
        fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { minLength: 1, maxLength: 6 }),
        (n, head) => {
          // Words near the top of the range exercise the rejection for large n.
          const feed = [...head, ...head.map((w) => 2 ** 32 - 1 - (w % 3)), 0];
          const limit = 2 ** 32 - (2 ** 32 % n);
          const at = feed.findIndex((w) => w < limit);
          let used = 0;
          const rng = { nextUint32: () => feed[used++]! };
          expect(uniformInt(rng, n)).toBe(feed[at]! % n);
          expect(used).toBe(at + 1);
        },
      ),
    );
  });

  it("uniformInt's word − ⌊word / n⌋·n is word % n, at and around every multiple edge", () => {
    // The division-free remainder must not change a single shuffle: check it where rounding
    // of word / n could matter, just below and at multiples of n and at the top of the range.
    const sizes = [1, 2, 3, 6, 7, 52, 416, 520, 65_537, 2 ** 31 - 1, 2 ** 31, 3 * 2 ** 30];
    for (const n of [...sizes, 2 ** 32 - 1, 2 ** 32]) {
      const limit = 2 ** 32 - (2 ** 32 % n);
      const top = Math.floor((2 ** 32 - 1) / n);
      for (const k of [1, 2, top - 1, top]) {
        for (const word of [k * n - 1, k * n, k * n + 1, 2 ** 32 - 1, 0]) {
          if (word < 0 || word >= limit) continue;
          expect(uniformInt({ nextUint32: () => word }, n)).toBe(word % n);
        }
      }
    }
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 1, max: 2 ** 32 }),
        (word, n) => {
          fc.pre(word < 2 ** 32 - (2 ** 32 % n));
          expect(uniformInt({ nextUint32: () => word }, n)).toBe(word % n);
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it("every shuffle is a permutation of its composition", () => {
    fc.assert(
      fc.property(seedArbitrary, fc.nat(), fc.integer({ min: 1, max: 8 }), (seed, nonce, decks) => {
        const cards = standardDecks(decks);
        const shuffled = shuffle(cards.slice(), new HmacDrbg({ serverSeed: seed, nonce }));
        expect(isPermutationOf(shuffled, cards)).toBe(true);
      }),
      { numRuns: 50 },
    );
    const crypto = new CryptoRng();
    for (let i = 0; i < 20; i++) {
      expect(isPermutationOf(shuffle(quickGameDeck(), crypto), quickGameDeck())).toBe(true);
    }
  });

  it("the CSPRNG yields 32-bit words that differ between instances", () => {
    const a = words(new CryptoRng(), 5000);
    const b = words(new CryptoRng(), 8);
    expect(a.every((w) => Number.isInteger(w) && w >= 0 && w < 2 ** 32)).toBe(true);
    expect(a.slice(0, 8)).not.toEqual(b);
    expect(new Set(a).size).toBeGreaterThan(4990);
  });

  it("in Node the CSPRNG behind CryptoRng is node:crypto's (Web Crypto getRandomValues)", () => {
    // The source reads globalThis.crypto so that it also runs in a browser; in Node that object
    // is node:crypto's webcrypto, whose getRandomValues fills from OpenSSL's CSPRNG.
    expect(globalThis.crypto).toBe(webcrypto);
    const fill = vi.spyOn(webcrypto, "getRandomValues");
    try {
      const rng = new CryptoRng();
      words(rng, 4097);
      expect(fill).toHaveBeenCalledTimes(2);
      expect(fill.mock.calls[0]![0]).toBeInstanceOf(Uint32Array);
    } finally {
      fill.mockRestore();
    }
  });

  it("randomBytes takes four big-endian bytes per word", () => {
    const feed = [0x01020304, 0x05060708];
    expect(Array.from(randomBytes({ nextUint32: () => feed.shift()! }, 6))).toEqual([
      1, 2, 3, 4, 5, 6,
    ]);
  });
});
