import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  COMMITMENT_TAG,
  DEFAULT_CUT_CARD,
  HmacDrbg,
  burn,
  burnFirstCard,
  checkDealtRounds,
  commitShoe,
  commitmentBytes,
  draw,
  endRound,
  fromHex,
  newShoe,
  revealShoe,
  shoeCommitment,
  standardDecks,
  startRound,
  toHex,
  verifyShoe,
} from "../src/index";
import type { Card, DealtRound, ShoeReveal } from "../src/index";

function shoeFor(nonce: number) {
  return newShoe({
    cards: standardDecks(8),
    rng: new HmacDrbg({ serverSeed: "c0ffee", nonce }),
    cutCard: DEFAULT_CUT_CARD,
  });
}

/** Replaces byte `index` of a hex string with `byte`. */
function withByte(hex: string, index: number, byte: number): string {
  const bytes = fromHex(hex);
  bytes[index] = byte;
  return toHex(bytes);
}

describe("docs/fairness.md worked examples", () => {
  it("A♠ 10♥ K★ JK 7♦ with salt 00..1f commits to 94271124…", () => {
    const salt = Uint8Array.from({ length: 32 }, (_, i) => i);
    const cards = new Uint8Array([0x01, 0x1a, 0x4d, 0x50, 0x27]);
    expect(commitShoe(cards, salt)).toBe(
      "94271124e9e293a04d471c195ee5d2ca8604dacad7713358f91437f73cee5699",
    );
  });

  it("server seed '00112233', client seed 'alice', nonce 7 shuffles A♠..5♠ to A♠ 2♠ 5♠ 3♠ 4♠", () => {
    const rng = new HmacDrbg({ serverSeed: "00112233", clientSeed: "alice", nonce: 7 });
    const shoe = newShoe({ cards: new Uint8Array([1, 2, 3, 4, 5]), rng });
    expect(revealShoe(shoe)).toEqual({
      salt: "0c0fcda3d35f7c45944d3e9348b59da837e91816560344560ccba3dc0bb3d89c",
      cards: "0102050304",
    });
    expect(shoeCommitment(shoe)).toBe(
      "5ba64b3389a75b98288dc6e09df0a756b0e32d3bc0386b87068070ddb2c8ab34",
    );
  });
});

describe("commitment", () => {
  it("an 8-deck shoe from seed 5eed, client seed fairness, nonce 3 commits to de246362…", () => {
    // Pinned before the shuffle was made faster: verifiable shoes must never change.
    const rng = new HmacDrbg({ serverSeed: "5eed", clientSeed: "fairness", nonce: 3 });
    const shoe = newShoe({ cards: standardDecks(8), rng, cutCard: DEFAULT_CUT_CARD });
    expect(shoe.cutIndex).toBe(368);
    expect(shoeCommitment(shoe)).toBe(
      "de2463621be8f673e59095a941d366424d8981dee8dec3d99300994baee4e774",
    );
  });

  it("hashes tag, 32-byte salt, big-endian uint16 count and the card bytes, in that order", () => {
    const bytes = commitmentBytes(
      new Uint8Array([0x01, 0x3d, 0x50]),
      new Uint8Array(32).fill(0xaa),
    );
    expect(new TextDecoder().decode(bytes.subarray(0, 12))).toBe(COMMITMENT_TAG);
    expect(bytes.subarray(12, 44).every((b) => b === 0xaa)).toBe(true);
    expect(Array.from(bytes.subarray(44))).toEqual([0x00, 0x03, 0x01, 0x3d, 0x50]);
  });

  it("a reveal verifies against its shoe's commitment", () => {
    fc.assert(
      fc.property(fc.nat(10_000), (nonce) => {
        const shoe = shoeFor(nonce);
        expect(verifyShoe(shoeCommitment(shoe), revealShoe(shoe))).toEqual({ ok: true });
        expect(
          verifyShoe(shoeCommitment(shoe), revealShoe(shoe), { composition: standardDecks(8) }),
        ).toEqual({ ok: true });
      }),
      { numRuns: 30 },
    );
  });

  it("a tampered reveal fails: one card changed, two cards swapped, or another salt", () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(415), fc.nat(415), (nonce, i, j) => {
        const shoe = shoeFor(nonce);
        const commitment = shoeCommitment(shoe);
        const reveal = revealShoe(shoe);
        const a = shoe.cards[i]!;
        const b = shoe.cards[j]!;
        const changed = { ...reveal, cards: withByte(reveal.cards, i, a === 0x01 ? 0x02 : 0x01) };
        expect(verifyShoe(commitment, changed).ok).toBe(false);
        if (a !== b) {
          const swapped = { ...reveal, cards: withByte(withByte(reveal.cards, i, b), j, a) };
          expect(verifyShoe(commitment, swapped).ok).toBe(false);
        }
        const salted = { ...reveal, salt: withByte(reveal.salt, i % 32, shoe.salt[i % 32]! ^ 1) };
        expect(verifyShoe(commitment, salted).ok).toBe(false);
      }),
      { numRuns: 30 },
    );
  });

  it("says why a reveal is refused", () => {
    const shoe = shoeFor(1);
    const commitment = shoeCommitment(shoe);
    const reveal = revealShoe(shoe);
    const fail = (r: ShoeReveal, options = {}) => {
      const result = verifyShoe(commitment, r, options);
      return result.ok ? "ok" : result.reason;
    };
    expect(fail({ ...reveal, salt: "abc" })).toMatch(/salt must be an even number of hex digits/);
    expect(fail({ ...reveal, salt: "00" })).toMatch(/salt must be 32 bytes/);
    expect(fail({ ...reveal, cards: withByte(reveal.cards, 5, 0x0e) })).toMatch(
      /byte 5 .* is no card/,
    );
    expect(fail({ ...reveal, cards: withByte(reveal.cards, 5, 0x01) })).toMatch(/hashes to/);
    expect(fail(reveal, { composition: standardDecks(6) })).toMatch(/composition/);
    expect(fail({ ...reveal, cards: withByte(reveal.cards, 0, 0x0e) })).toMatch(
      /byte 0 .* is no card/,
    );
    expect(fail({ ...reveal, cards: "01".repeat(0x10000) })).toMatch(/at most 65,535 cards/);
  });

  it("a commitment published in upper-case hex still verifies", () => {
    const shoe = shoeFor(2);
    expect(verifyShoe(shoeCommitment(shoe).toUpperCase(), revealShoe(shoe))).toEqual({ ok: true });
  });

  it("commits only to a 32-byte salt and a count that fits 16 bits", () => {
    expect(() => commitShoe(new Uint8Array([1]), new Uint8Array(31))).toThrow(/salt must be 32/);
    expect(() => commitShoe(new Uint8Array(0x10000).fill(1), new Uint8Array(32))).toThrow(
      /at most 65,535 cards/,
    );
  });
});

describe("dealt rounds against the reveal", () => {
  /** Plays a Pok Deng–like shoe and records each round's cards as published. */
  function playedRounds(nonce: number) {
    const shoe = shoeFor(nonce);
    const { burnCount } = burnFirstCard(shoe);
    const rounds: { cards: Card[] }[] = [];
    for (;;) {
      startRound(shoe);
      const start = shoe.position;
      burn(shoe);
      for (let k = 0; k < 12; k++) draw(shoe);
      rounds.push({ cards: Array.from(shoe.cards.subarray(start, shoe.position)) });
      if (endRound(shoe)) break;
    }
    return { reveal: revealShoe(shoe), rounds, start: 1 + burnCount };
  }

  it("rounds dealt from the shoe are consistent with the revealed order", () => {
    const { reveal, rounds, start } = playedRounds(2);
    expect(rounds.length).toBeGreaterThan(20);
    expect(checkDealtRounds(reveal, rounds, start)).toEqual({ ok: true });
    expect(checkDealtRounds(reveal, [{ start, cards: rounds[0]!.cards }])).toEqual({ ok: true });
  });

  it("a changed card, a skipped card or a wrong start is caught and named", () => {
    const { reveal, rounds, start } = playedRounds(3);
    const reason = (list: DealtRound[], from = start) => {
      const result = checkDealtRounds(reveal, list, from);
      return result.ok ? "ok" : result.reason;
    };
    const changed = rounds.map((r, i) =>
      i === 4 ? { cards: r.cards.map((c, k) => (k === 2 ? (c === 0x01 ? 0x02 : 0x01) : c)) } : r,
    );
    expect(reason(changed)).toMatch(/^round 5 card 3 is .*, the order has/);
    const skipped = rounds.map((r, i) => (i === 6 ? { cards: r.cards.slice(1) } : r));
    expect(reason(skipped)).toMatch(/^round 7|^round 8/);
    expect(reason(rounds, start + 1)).toMatch(/^round 1/);
    expect(reason([{ start: start + 2, cards: [] }])).toMatch(/starts at card/);
    expect(reason([{ cards: new Array<Card>(500).fill(1) }])).toMatch(/past the end/);
    // The whole rest of the order fits; one card more does not.
    const rest = Array.from(fromHex(reveal.cards).subarray(start));
    expect(reason([{ cards: rest }])).toBe("ok");
    expect(reason([{ cards: [...rest, rest[0]!] }])).toMatch(/past the end/);
  });
});
