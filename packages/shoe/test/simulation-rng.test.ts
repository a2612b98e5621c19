import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  HmacDrbg,
  SimulationRng,
  drawCards,
  isPermutationOf,
  newShoe,
  quickGameDeck,
  shuffle,
  standardDecks,
} from "../src/index";

/** Pearson's statistic of observed counts against equal expected counts. */
function chiSquare(counts: Uint32Array): number {
  const expected = counts.reduce((sum, count) => sum + count, 0) / counts.length;
  return counts.reduce((statistic, count) => statistic + (count - expected) ** 2 / expected, 0);
}

const feed = (words: number[]) => ({ nextUint32: () => words.shift()! });

describe("the simulation generator (xoshiro128**)", () => {
  it("from the state 1, 2, 3, 4 gives the reference outputs 11520, 0, 5927040, …", () => {
    const rng = new SimulationRng(feed([1, 2, 3, 4]));
    expect(Array.from({ length: 6 }, () => rng.nextUint32())).toEqual([
      11520, 0, 5927040, 70819200, 2031721883, 1637235492,
    ]);
    for (let i = 0; i < 994; i++) rng.nextUint32();
    expect(rng.nextUint32()).toBe(136054147);
  });

  it("fromSeed is seeded by the first four words of the HMAC DRBG of the same seed", () => {
    const seed = { serverSeed: "ab", clientSeed: "sim", nonce: 2 };
    const a = SimulationRng.fromSeed(seed);
    const b = new SimulationRng(new HmacDrbg(seed));
    const c = SimulationRng.fromSeed({ ...seed, nonce: 3 });
    const words = (rng: SimulationRng) => Array.from({ length: 8 }, () => rng.nextUint32());
    const first = words(a);
    expect(first).toEqual(words(b));
    expect(words(c)).not.toEqual(first);
  });

  it("an all-zero seed, a fixed point of xoshiro, is moved off zero", () => {
    const rng = new SimulationRng(feed([0, 0, 0, 0]));
    expect(Array.from({ length: 4 }, () => rng.nextUint32()).some((w) => w !== 0)).toBe(true);
  });
});

describe("below(n): unbiased 16-bit multiply-shift with rejection", () => {
  it("stays in [0, n) for every n up to 2^16 and refuses any other n", () => {
    const rng = SimulationRng.fromSeed({ serverSeed: "01" });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 16 }), (n) => {
        const value = rng.below(n);
        expect(Number.isInteger(value) && value >= 0 && value < n).toBe(true);
      }),
    );
    expect(() => rng.below(0)).toThrow(/n must be/);
    expect(() => rng.below(2 ** 16 + 1)).toThrow(/n must be/);
  });

  it("n = 3·2^14: uniform over value mod 3, where multiply-shift alone favours 0 two to one", () => {
    // Without rejection each of the 2^16 halves maps to ⌊half·3/4⌋: multiples of 3 get two
    // halves, the others one. Chi-square at p = 0.001 with 2 degrees of freedom: 13.82.
    const n = 3 * 2 ** 14;
    const rng = SimulationRng.fromSeed({ serverSeed: "5ca1ab1e" });
    const plain = SimulationRng.fromSeed({ serverSeed: "5ca1ab1e" });
    const rejection = new Uint32Array(3);
    const multiplyShift = new Uint32Array(3);
    for (let i = 0; i < 30_000; i++) {
      rejection[rng.below(n) % 3]!++;
      multiplyShift[(((plain.nextUint32() >>> 16) * n) >>> 16) % 3]!++;
    }
    expect(chiSquare(rejection)).toBeLessThan(13.82);
    expect(chiSquare(multiplyShift)).toBeGreaterThan(100 * 13.82);
  });

  it("redraws a half whose low product falls among the 2^16 mod n biased ones", () => {
    // n = 3: 2^16 mod 3 = 1, so only a low product of 0 (the half 0) is refused. The word
    // 0x0000_5556 splits into the halves 0 (refused) and 0x5556 → ⌊0x5556·3 / 2^16⌋ = 1.
    const rng = new SimulationRng(feed([1, 2, 3, 4]));
    const words = [0x00005556];
    rng.nextUint32 = () => words.shift()!;
    expect(rng.below(3)).toBe(1);
  });
});

describe("shuffling with the simulation generator", () => {
  it("is Fisher–Yates with below(i + 1), a half left over by below included", () => {
    fc.assert(
      fc.property(fc.nat(), fc.integer({ min: 1, max: 8 }), fc.nat(3), (nonce, decks, before) => {
        const seed = { serverSeed: "c0ffee", nonce };
        const shuffler = SimulationRng.fromSeed(seed);
        const rng = SimulationRng.fromSeed(seed);
        for (let k = 0; k < before; k++) expect(shuffler.below(7)).toBe(rng.below(7));
        const shuffled = shuffle(standardDecks(decks), shuffler);
        const expected = standardDecks(decks);
        for (let i = expected.length - 1; i > 0; i--) {
          const j = rng.below(i + 1);
          [expected[i], expected[j]] = [expected[j]!, expected[i]!];
        }
        expect(shuffled).toEqual(expected);
        expect(shuffler.below(1000)).toBe(rng.below(1000));
        expect(isPermutationOf(shuffled, standardDecks(decks))).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it("20,000 shuffles of 52 cards put every card at every position evenly (p = 0.001)", () => {
    const rng = SimulationRng.fromSeed({ serverSeed: "5ca1ab1e", clientSeed: "chi" });
    const cards = new Uint8Array(52);
    const counts = new Uint32Array(52 * 52);
    for (let s = 0; s < 20_000; s++) {
      for (let p = 0; p < 52; p++) cards[p] = p;
      rng.shuffle(cards);
      for (let p = 0; p < 52; p++) counts[p * 52 + cards[p]!]!++;
    }
    // (52 − 1)^2 degrees of freedom, upper 0.1% point by Wilson–Hilferty.
    const df = 51 * 51;
    const c = 2 / (9 * df);
    expect(chiSquare(counts)).toBeLessThan(df * (1 - c + 3.0902 * Math.sqrt(c)) ** 3);
  });

  it("a quick-game shoe stays a permutation of its 520 cards, reshuffle after reshuffle", () => {
    const rng = SimulationRng.fromSeed({ serverSeed: "02" });
    const shoe = newShoe({ cards: quickGameDeck(), rng });
    for (let k = 0; k < 20; k++) shuffle(shoe.cards, rng);
    expect(isPermutationOf(shoe.cards, quickGameDeck())).toBe(true);
  });
});

describe("drawCards", () => {
  it("takes several cards as that many draws would, flagging the cut card among them", () => {
    const rng = SimulationRng.fromSeed({ serverSeed: "03" });
    const shoe = newShoe({
      cards: standardDecks(1),
      rng,
      cutCard: { minFromEnd: 10, maxFromEnd: 10 },
    });
    expect(shoe.cutIndex).toBe(42);
    expect(drawCards(shoe, 40)).toBe(0);
    expect(shoe.cutCardReached).toBe(false);
    expect(drawCards(shoe, 2)).toBe(40);
    expect(shoe.cutCardReached).toBe(false);
    expect(drawCards(shoe, 1)).toBe(42);
    expect(shoe.cutCardReached).toBe(true);
    expect(() => drawCards(shoe, 10)).toThrow(/empty/);
    expect(shoe.position).toBe(43);
  });

  it("refuses a negative or fractional count instead of moving the position back", () => {
    const shoe = newShoe({
      cards: standardDecks(1),
      rng: SimulationRng.fromSeed({ serverSeed: "04" }),
    });
    drawCards(shoe, 5);
    expect(() => drawCards(shoe, -3)).toThrow(/non-negative integer/);
    expect(() => drawCards(shoe, 1.5)).toThrow(/non-negative integer/);
    expect(shoe.position).toBe(5);
    expect(drawCards(shoe, 0)).toBe(5);
  });
});
