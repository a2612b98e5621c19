import { afterEach, describe, expect, it, vi } from "vitest";

/** The hex functions as a module loaded with `Buffer` as given (a browser has none). */
async function hexWith(buffer: unknown) {
  vi.resetModules();
  vi.stubGlobal("Buffer", buffer);
  try {
    return await import("../src/hex");
  } finally {
    vi.unstubAllGlobals();
  }
}

afterEach(() => {
  vi.resetModules();
});

describe("hex, in Node and in a browser", () => {
  it("writes and reads the same hex with Node's Buffer and without it", async () => {
    const node = await hexWith(Buffer);
    const browser = await hexWith(undefined);
    const every = Uint8Array.from({ length: 256 }, (_, i) => i);
    // A view into a larger buffer: only its own bytes are written.
    const view = new Uint8Array(every.buffer, 10, 20);
    for (const bytes of [every, view, new Uint8Array(0)]) {
      const hex = browser.toHex(bytes);
      expect(hex).toMatch(/^(?:[0-9a-f]{2})*$/);
      expect(node.toHex(bytes)).toBe(hex);
      expect(node.fromHex(hex)).toEqual(browser.fromHex(hex));
      expect(Array.from(node.fromHex(hex))).toEqual(Array.from(bytes));
      // A plain Uint8Array either way, not a Buffer.
      expect(Object.getPrototypeOf(node.fromHex(hex))).toBe(Uint8Array.prototype);
    }
    expect(node.fromHex("0aFF")).toEqual(Uint8Array.of(10, 255));
    for (const { fromHex } of [node, browser]) {
      expect(() => fromHex("abc", "cards")).toThrow("cards must be an even number of hex digits");
      expect(() => fromHex("zz")).toThrow(RangeError);
    }
  });
});
