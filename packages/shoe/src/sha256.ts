/*
 * SHA-256 and HMAC-SHA256 in plain TypeScript (FIPS 180-4, RFC 2104). Plain code rather than
 * node:crypto so that verification runs unchanged in a browser, synchronously, and so the DRBG
 * can reuse precomputed HMAC key states (two compressions per 32 random bytes, no allocation).
 */

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const INITIAL_STATE = new Int32Array([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);

/** Message schedule scratch space, shared: every caller is synchronous. */
const W = new Int32Array(64);

/** One SHA-256 compression of the 64-byte block at `offset` into `state`. */
function compress(state: Int32Array, block: Uint8Array, offset: number): void {
  const w = W;
  for (let t = 0; t < 16; t++) {
    const i = offset + 4 * t;
    w[t] = (block[i]! << 24) | (block[i + 1]! << 16) | (block[i + 2]! << 8) | block[i + 3]!;
  }
  for (let t = 16; t < 64; t++) {
    const x = w[t - 15]!;
    const y = w[t - 2]!;
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) | 0;
  }
  let a = state[0]!;
  let b = state[1]!;
  let c = state[2]!;
  let d = state[3]!;
  let e = state[4]!;
  let f = state[5]!;
  let g = state[6]!;
  let h = state[7]!;
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[t]! + w[t]!) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  state[0] = (state[0]! + a) | 0;
  state[1] = (state[1]! + b) | 0;
  state[2] = (state[2]! + c) | 0;
  state[3] = (state[3]! + d) | 0;
  state[4] = (state[4]! + e) | 0;
  state[5] = (state[5]! + f) | 0;
  state[6] = (state[6]! + g) | 0;
  state[7] = (state[7]! + h) | 0;
}

/**
 * Hashes the first `length` bytes of `message` into `state`, which already holds the state after
 * `prefixBytes` bytes (0 for a plain hash, 64 after an HMAC key block). `scratch` (128 bytes)
 * holds the padded tail; the digest is left in `state`.
 */
function finish(
  state: Int32Array,
  prefixBytes: number,
  message: Uint8Array,
  length: number,
  scratch: Uint8Array,
): void {
  const whole = length - (length % 64);
  for (let offset = 0; offset < whole; offset += 64) compress(state, message, offset);
  const tail = length - whole;
  const end = tail < 56 ? 64 : 128;
  scratch.fill(0, 0, end);
  for (let i = 0; i < tail; i++) scratch[i] = message[whole + i]!;
  scratch[tail] = 0x80;
  // Length in bits as a 64-bit big-endian integer; messages stay far below 2^53 bits.
  const bits = (prefixBytes + length) * 8;
  writeUint32(scratch, end - 8, Math.floor(bits / 0x100000000));
  writeUint32(scratch, end - 4, bits >>> 0);
  compress(state, scratch, 0);
  if (end === 128) compress(state, scratch, 64);
}

function writeUint32(bytes: Uint8Array, offset: number, value: number): void {
  bytes[offset] = value >>> 24;
  bytes[offset + 1] = value >>> 16;
  bytes[offset + 2] = value >>> 8;
  bytes[offset + 3] = value;
}

function stateBytes(state: Int32Array, out: Uint8Array, offset = 0): Uint8Array {
  for (let i = 0; i < 8; i++) writeUint32(out, offset + 4 * i, state[i]!);
  return out;
}

/** SHA-256 digest (32 bytes) of `message`. */
export function sha256(message: Uint8Array): Uint8Array {
  const state = INITIAL_STATE.slice();
  finish(state, 0, message, message.length, new Uint8Array(128));
  return stateBytes(state, new Uint8Array(32));
}

/**
 * HMAC-SHA256 with one fixed key: the padded key blocks are compressed once, so each MAC costs
 * the message's blocks plus one outer block.
 */
export class HmacSha256 {
  private readonly innerStart = INITIAL_STATE.slice();
  private readonly outerStart = INITIAL_STATE.slice();
  private readonly state = new Int32Array(8);
  private readonly scratch = new Uint8Array(128);
  private readonly innerDigest = new Uint8Array(32);

  constructor(key: Uint8Array) {
    const block = new Uint8Array(64);
    block.set(key.length > 64 ? sha256(key) : key);
    const pad = new Uint8Array(64);
    for (let i = 0; i < 64; i++) pad[i] = block[i]! ^ 0x36;
    compress(this.innerStart, pad, 0);
    for (let i = 0; i < 64; i++) pad[i] = block[i]! ^ 0x5c;
    compress(this.outerStart, pad, 0);
  }

  /** Writes the 32-byte MAC of the first `length` bytes of `message` into `out` at `offset`. */
  macInto(message: Uint8Array, length: number, out: Uint8Array, offset: number): Uint8Array {
    const state = this.state;
    state.set(this.innerStart);
    finish(state, 64, message, length, this.scratch);
    stateBytes(state, this.innerDigest);
    state.set(this.outerStart);
    finish(state, 64, this.innerDigest, 32, this.scratch);
    return stateBytes(state, out, offset);
  }

  mac(message: Uint8Array): Uint8Array {
    return this.macInto(message, message.length, new Uint8Array(32), 0);
  }
}
