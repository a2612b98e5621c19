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
    const rest = word % n;
    // word ≥ limit exactly when the multiple of n at or below it has no full run of n above it:
    // one modulo per draw instead of two.
    if (word - rest <= TWO_32 - n) return rest;
  }
}

/** Fisher–Yates in place: for i = length-1 down to 1, swap i with uniformInt(i + 1). */
export function shuffle(cards: Uint8Array, rng: Rng): Uint8Array {
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
  const bytes = new Uint8Array(length);
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
