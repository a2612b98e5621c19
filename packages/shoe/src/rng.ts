import { fromHex } from "./hex";
import { HmacSha256 } from "./sha256";

/** A source of independent, uniformly distributed 32-bit unsigned integers. */
export interface Rng {
  nextUint32(): number;
}

const TWO_32 = 0x100000000;

/**
 * A uniform integer in [0, n), 1 ≤ n ≤ 2^32, by rejection: words at or above the largest
 * multiple of n (limit = 2^32 − 2^32 mod n) are redrawn, so every result has exactly the same
 * number of words behind it (`word % n` alone would favour the low values).
 */
export function uniformInt(rng: Rng, n: number): number {
  if (!(n >= 1 && n <= TWO_32 && Number.isInteger(n))) {
    throw new RangeError(`n must be an integer in 1..2^32, got ${n}`);
  }
  for (;;) {
    const word = rng.nextUint32();
    // `word % n` on doubles is slow in V8. This is the same number: word < 2^32 and n ≥ 1, so
    // word / n lies at least 1/n below the next integer, 2^21 ulps and more, and rounding
    // cannot carry it over; the product and the difference are exact integers below 2^53.
    const rest = word - Math.floor(word / n) * n;
    // word ≥ limit exactly when the multiple of n at or below it has no full run of n above it:
    // one modulo per draw instead of two.
    if (word - rest <= TWO_32 - n) return rest;
  }
}

/** Fisher–Yates in place: for i = length-1 down to 1, swap i with uniformInt(i + 1). */
export function shuffle(cards: Uint8Array, rng: Rng): Uint8Array {
  if (rng instanceof SimulationRng) return rng.shuffle(cards);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = uniformInt(rng, i + 1);
    const card = cards[i]!;
    cards[i] = cards[j]!;
    cards[j] = card;
  }
  return cards;
}

/** Random bytes drawn from `rng`, four per word, big-endian. */
export function randomBytes(rng: Rng, length: number): Uint8Array {
  return fillRandomBytes(rng, new Uint8Array(length));
}

/** `randomBytes` into an existing array (a reshuffle reuses the shoe's salt array). */
export function fillRandomBytes(rng: Rng, bytes: Uint8Array): Uint8Array {
  const length = bytes.length;
  for (let i = 0; i < length; i += 4) {
    const word = rng.nextUint32();
    for (let k = 0; k < 4 && i + k < length; k++) bytes[i + k] = word >>> (24 - 8 * k);
  }
  return bytes;
}

/** Words fetched per call to the system CSPRNG (getRandomValues allows at most 65,536 bytes). */
const CRYPTO_BATCH = 4096;

/**
 * Production randomness: the platform CSPRNG (Web Crypto `getRandomValues`, which in Node is
 * node:crypto's), fetched in batches so a shuffle does not make a system call per card.
 */
export class CryptoRng implements Rng {
  private readonly words = new Uint32Array(CRYPTO_BATCH);
  private index = CRYPTO_BATCH;

  nextUint32(): number {
    if (this.index === CRYPTO_BATCH) {
      globalThis.crypto.getRandomValues(this.words);
      this.index = 0;
    }
    return this.words[this.index++]!;
  }
}

export interface DrbgSeed {
  /** Secret server seed, hex (its bytes are the HMAC key). Revealed after the shoe. */
  serverSeed: string;
  /** Public client seed, any string (UTF-8). Default "". */
  clientSeed?: string;
  /** Non-negative integer, one per shoe under the same seeds. Default 0. */
  nonce?: number;
}

/**
 * Deterministic randomness: block k (k = 0, 1, 2, …) is
 * HMAC-SHA256(key = serverSeed bytes, message = UTF-8 "<clientSeed>:<nonce>:<k>"),
 * read as eight big-endian 32-bit words in order. See docs/fairness.md.
 */
export class HmacDrbg implements Rng {
  private readonly hmac: HmacSha256;
  private readonly message: Uint8Array;
  private readonly prefixLength: number;
  private readonly block = new Uint8Array(32);
  private counter = 0;
  private index = 32;

  constructor({ serverSeed, clientSeed = "", nonce = 0 }: DrbgSeed) {
    if (!Number.isSafeInteger(nonce) || nonce < 0) {
      throw new RangeError(`nonce must be a non-negative integer, got ${nonce}`);
    }
    this.hmac = new HmacSha256(fromHex(serverSeed, "serverSeed"));
    const prefix = new TextEncoder().encode(`${clientSeed}:${nonce}:`);
    this.prefixLength = prefix.length;
    // Room for the longest counter in decimal (2^53 has 16 digits).
    this.message = new Uint8Array(prefix.length + 16);
    this.message.set(prefix);
  }

  /** Blocks produced so far: with the seeds, the exact position in the stream. */
  get blocks(): number {
    return this.counter;
  }

  nextUint32(): number {
    if (this.index === 32) this.refill();
    const b = this.block;
    const i = this.index;
    this.index = i + 4;
    return ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
  }

  private refill(): void {
    const message = this.message;
    let length = this.prefixLength;
    let counter = this.counter++;
    // The counter's decimal digits, written without building a string.
    let digits = 1;
    for (let rest = counter; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    for (let k = digits - 1; k >= 0; k--) {
      message[length + k] = 0x30 + (counter % 10);
      counter = Math.floor(counter / 10);
    }
    length += digits;
    this.hmac.macInto(message, length, this.block, 0);
    this.index = 0;
  }
}

/** Largest n for `SimulationRng.below`: it splits each word into two 16-bit halves. */
const HALF_RANGE = 0x10000;

/**
 * FOR SIMULATIONS ONLY, never for a live shoe: xoshiro128** (Blackman and Vigna), fast and
 * statistically sound but not cryptographic (its state follows from four outputs, so its shoes
 * could be predicted) and not the verifiable scheme of docs/fairness.md. Live shoes use
 * `CryptoRng` or `HmacDrbg`. Seed it from the HMAC DRBG of a hex seed (`fromSeed`) so a
 * simulation is reproducible.
 *
 * `shuffle(cards, simulationRng)` shuffles with `below` (16-bit multiply-shift with rejection)
 * instead of `uniformInt`: as unbiased, several times faster, but a different order than the
 * same words would give through `uniformInt`.
 */
export class SimulationRng implements Rng {
  // Int32 slots keep the state unboxed (object fields would hold heap numbers).
  private readonly state = new Int32Array(4);
  /** The unused low half of the last word `below` split, or -1. */
  private spare = -1;

  /** Seeds from four words of another generator (e.g. the HMAC DRBG of a hex seed). */
  constructor(seed: Rng) {
    const s = this.state;
    for (let i = 0; i < 4; i++) s[i] = seed.nextUint32();
    if ((s[0]! | s[1]! | s[2]! | s[3]!) === 0) s[0] = 1; // all-zero is a fixed point
  }

  /** The generator seeded from the first four words of `new HmacDrbg(seed)`. */
  static fromSeed(seed: DrbgSeed): SimulationRng {
    return new SimulationRng(new HmacDrbg(seed));
  }

  nextUint32(): number {
    const s = this.state;
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

  /**
   * A uniform integer in [0, n), 1 ≤ n ≤ 2^16 (Lemire's method on 16-bit halves): the high half
   * of half·n, redrawn while the low half falls among the 2^16 mod n products that would give
   * some results one more half than others. Integer math only, one word per two draws.
   */
  below(n: number): number {
    if (!(n >= 1 && n <= HALF_RANGE && Number.isInteger(n))) {
      throw new RangeError(`n must be an integer in 1..2^16, got ${n}`);
    }
    for (;;) {
      let half = this.spare;
      if (half >= 0) this.spare = -1;
      else {
        const word = this.nextUint32();
        half = word >>> 16;
        this.spare = word & 0xffff;
      }
      const product = half * n;
      const low = product & 0xffff;
      // low ≥ n implies low ≥ 2^16 mod n: the modulo runs only in the rare case.
      if (low >= n || low >= (HALF_RANGE - n) % n) return product >>> 16;
    }
  }

  /**
   * Fisher–Yates in place with `below(i + 1)` (`uniformInt` beyond 2^16 cards), drawing exactly
   * what `below` would, written out: the state in locals, which V8 keeps in registers, and each
   * word's two halves used in turn without the `spare` round trip (about twice as fast).
   */
  shuffle(cards: Uint8Array): Uint8Array {
    let i = cards.length - 1;
    for (; i >= HALF_RANGE; i--) swap(cards, i, uniformInt(this, i + 1));
    // A half that `below` left over is used first, as `below` would.
    for (; i > 0 && this.spare >= 0; i--) swap(cards, i, this.below(i + 1));
    const s = this.state;
    let s0 = s[0]!;
    let s1 = s[1]!;
    let s2 = s[2]!;
    let s3 = s[3]!;
    let spare = -1;
    while (i > 0) {
      const word = Math.imul(rotl(Math.imul(s1, 5), 7), 9);
      const t = s1 << 9;
      s2 ^= s0;
      s3 ^= s1;
      s1 ^= s2;
      s0 ^= s3;
      s2 ^= t;
      s3 = rotl(s3, 11);
      // The high half for n = i + 1; a refused half leaves n as it is for the low half.
      let n = i + 1;
      let product = (word >>> 16) * n;
      let low = product & 0xffff;
      if (low >= n || low >= (HALF_RANGE - n) % n) {
        swap(cards, i, product >>> 16);
        if (--i === 0) {
          spare = word & 0xffff;
          break;
        }
        n = i + 1;
      }
      product = (word & 0xffff) * n;
      low = product & 0xffff;
      if (low >= n || low >= (HALF_RANGE - n) % n) {
        swap(cards, i, product >>> 16);
        i--;
      }
    }
    s[0] = s0;
    s[1] = s1;
    s[2] = s2;
    s[3] = s3;
    this.spare = spare;
    return cards;
  }
}

const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));

function swap(cards: Uint8Array, i: number, j: number): void {
  const card = cards[i]!;
  cards[i] = cards[j]!;
  cards[j] = card;
}
