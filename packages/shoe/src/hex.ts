/**
 * Node's Buffer where there is one: its hex is native, and the runtime writes and reads a shoe's
 * cards as hex at every step. A browser has none; there the loops below do it.
 */
interface HexBuffer {
  from(
    bytes: ArrayBufferLike,
    offset: number,
    length: number,
  ): { toString(encoding: "hex"): string };
  from(hex: string, encoding: "hex"): Uint8Array;
}
const native = (globalThis as { Buffer?: HexBuffer }).Buffer;

/** Lower-case hex of `bytes`. */
export function toHex(bytes: Uint8Array): string {
  if (native !== undefined) {
    return native.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("hex");
  }
  let hex = "";
  for (const byte of bytes) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

/** Bytes of an even-length hex string; throws a RangeError naming `what` otherwise. */
export function fromHex(hex: string, what = "hex"): Uint8Array {
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(hex)) {
    throw new RangeError(`${what} must be an even number of hex digits`);
  }
  if (native !== undefined) return new Uint8Array(native.from(hex, "hex"));
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return bytes;
}
