/** The two hex digits of each byte value: a table, as shoes are written at every step. */
const DIGITS = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

/** Lower-case hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  const pairs = new Array<string>(bytes.length);
  for (let i = 0; i < bytes.length; i++) pairs[i] = DIGITS[bytes[i]!]!;
  return pairs.join("");
}

/** A hex digit's value from its character code, or -1. */
function digit(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 102) return code - 87; // a-f
  if (code >= 65 && code <= 70) return code - 55; // A-F
  return -1;
}

/** Bytes of an even-length hex string; throws a RangeError naming `what` otherwise. */
export function fromHex(hex: string, what = "hex"): Uint8Array {
  const invalid = () => new RangeError(`${what} must be an even number of hex digits`);
  if (hex.length % 2 !== 0) throw invalid();
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) {
    const high = digit(hex.charCodeAt(2 * i));
    const low = digit(hex.charCodeAt(2 * i + 1));
    if (high < 0 || low < 0) throw invalid();
    bytes[i] = high * 16 + low;
  }
  return bytes;
}
