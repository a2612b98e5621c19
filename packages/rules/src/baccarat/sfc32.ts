import type { Rng } from "@fuda/shoe";

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): statistically sound and cheap,
 * for simulations only, where the HMAC DRBG would spend more time hashing than dealing. Never
 * for a live shoe. (A shared fast generator belongs in @fuda/shoe; this one stays until then.)
 */
export class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private counter: number;

  /** Seeds from three words of another generator (e.g. the HMAC DRBG of a hex seed). */
  constructor(seed: Rng) {
    this.a = seed.nextUint32() | 0;
    this.b = seed.nextUint32() | 0;
    this.c = seed.nextUint32() | 0;
    this.counter = 1;
    // The authors' warm-up: the first outputs of a fresh state are poorly mixed.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.counter) | 0;
    this.counter = (this.counter + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = ((this.c << 21) | (this.c >>> 11)) + t;
    this.c |= 0;
    return t >>> 0;
  }
}
