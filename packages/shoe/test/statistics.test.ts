import { describe, expect, it } from "vitest";

import { HmacDrbg, rankOf, shuffle, standardDecks, uniformInt } from "../src/index";

/*
 * Chi-square tests with fixed seeds: deterministic, so they never flake, and each one also runs
 * the classic `% n` mistake on the same random words to show the bound is tight enough to catch it.
 */

/** Pearson's statistic of observed counts against equal expected counts. */
function chiSquare(counts: Uint32Array): number {
  const expected = counts.reduce((sum, count) => sum + count, 0) / counts.length;
  return counts.reduce((statistic, count) => statistic + (count - expected) ** 2 / expected, 0);
}

/** Upper 0.1% point of chi-square with `df` degrees of freedom (Wilson–Hilferty). */
function critical(df: number): number {
  const z = 3.0902;
  const c = 2 / (9 * df);
  return df * (1 - c + z * Math.sqrt(c)) ** 3;
}

const drbg = (nonce: number) => new HmacDrbg({ serverSeed: "5ca1ab1e", clientSeed: "chi", nonce });

describe("integer scaling is uniform (chi-square, p = 0.001)", () => {
  it("n = 6: each face equally likely over 60,000 draws", () => {
    const rng = drbg(1);
    const counts = new Uint32Array(6);
    for (let i = 0; i < 60_000; i++) counts[uniformInt(rng, 6)]!++;
    expect(chiSquare(counts)).toBeLessThan(critical(5));
  });

  it("n = 3·2^30: rejection is uniform where `word % n` doubles the low third", () => {
    // With 32-bit words the modulo bias grows with n (it is n / 2^32 relative), so it is
    // measured where it is large: `word % n` maps both [0, 2^30) and [3·2^30, 2^32) to the first
    // 2^30 values. Twelve equal bins of width 2^28.
    const n = 3 * 2 ** 30;
    const rng = drbg(2);
    const rejection = new Uint32Array(12);
    const modulo = new Uint32Array(12);
    for (let i = 0; i < 24_000; i++) {
      rejection[Math.floor(uniformInt(rng, n) / 2 ** 28)]!++;
      modulo[Math.floor((rng.nextUint32() % n) / 2 ** 28)]!++;
    }
    expect(chiSquare(rejection)).toBeLessThan(critical(11));
    expect(chiSquare(modulo)).toBeGreaterThan(10 * critical(11));
  });
});

describe("card positions after Fisher–Yates are uniform (chi-square, p = 0.001)", () => {
  /** counts[position * 52 + card] over 20,000 shuffles of one 52-card deck. */
  function positionCounts(shuffleOnce: (cards: Uint8Array) => void): Uint32Array {
    const cards = new Uint8Array(52);
    const counts = new Uint32Array(52 * 52);
    for (let s = 0; s < 20_000; s++) {
      for (let p = 0; p < 52; p++) cards[p] = p;
      shuffleOnce(cards);
      for (let p = 0; p < 52; p++) counts[p * 52 + cards[p]!]!++;
    }
    return counts;
  }
  /** Fisher–Yates written out with a pluggable integer source, for the wrong variants. */
  function fisherYatesWith(cards: Uint8Array, below: (n: number) => number): void {
    for (let i = cards.length - 1; i > 0; i--) swap(cards, i, below(i + 1));
  }
  function swap(cards: Uint8Array, i: number, j: number): void {
    const card = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = card;
  }
  // Rows and columns both sum to the number of shuffles: (52 - 1)^2 degrees of freedom.
  const bound = critical(51 * 51);

  it("20,000 shuffles of 52 cards from the DRBG put every card at every position evenly", () => {
    const rng = drbg(3);
    expect(chiSquare(positionCounts((cards) => shuffle(cards, rng)))).toBeLessThan(bound);
  });

  it("the same test fails Fisher–Yates with `byte % (i + 1)` (a random byte reduced modulo)", () => {
    const rng = drbg(3);
    const byteModulo = (n: number) => (rng.nextUint32() >>> 24) % n;
    const counts = positionCounts((cards) => {
      fisherYatesWith(cards, byteModulo);
    });
    expect(chiSquare(counts)).toBeGreaterThan(bound);
  });

  it("the same test fails the naive shuffle that swaps each card with any position", () => {
    const rng = drbg(3);
    const counts = positionCounts((cards) => {
      for (let i = cards.length - 1; i >= 0; i--) swap(cards, i, uniformInt(rng, cards.length));
    });
    expect(chiSquare(counts)).toBeGreaterThan(bound);
  });

  it("an 8-deck shoe puts each rank at each of its 416 positions evenly", () => {
    // Rank (1..13) by position over 3,000 shoes: 416 × 13 cells, 415 × 12 degrees of freedom.
    const rng = drbg(4);
    const cards = standardDecks(8);
    const counts = new Uint32Array(416 * 13);
    for (let s = 0; s < 3_000; s++) {
      shuffle(cards, rng);
      for (let p = 0; p < 416; p++) counts[p * 13 + rankOf(cards[p]!) - 1]!++;
    }
    expect(chiSquare(counts)).toBeLessThan(critical(415 * 12));
  });
});
