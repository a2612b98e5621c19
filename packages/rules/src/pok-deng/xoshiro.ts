import type { Rng } from "@fuda/shoe";

/**
 * xoshiro128** (Blackman and Vigna): a fast, statistically sound generator for simulations
 * only, where the HMAC DRBG would spend more time hashing than dealing. Never for live shoes.
 */
export class Xoshiro128 implements Rng {
  // Int32 slots keep the state unboxed (object fields would hold heap numbers).
  private readonly s = new Int32Array(4);

  /** Seeds from four words of another generator (e.g. the HMAC DRBG of a hex seed). */
  constructor(seed: Rng) {
    const s = this.s;
    for (let i = 0; i < 4; i++) s[i] = seed.nextUint32();
    if ((s[0]! | s[1]! | s[2]! | s[3]!) === 0) s[0] = 1; // all-zero is a fixed point
  }

  nextUint32(): number {
    const s = this.s;
    const s0 = s[0]!;
    const s1 = s[1]!;
    const s2 = s[2]! ^ s0;
    const s3 = s[3]! ^ s1;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    s[0] = s0 ^ s3;
    s[1] = s1 ^ s2;
    s[2] = s2 ^ (s1 << 9);
    s[3] = rotl(s3, 11);
    return result;
  }
}

const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));
