import { describe, expect, it } from "vitest";

import { fromHex, toHex } from "../src/hex";

describe("hex", () => {
  it("writes every byte as two lower-case digits and reads it back, upper case too", () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, byte) => byte);
    const hex = toHex(bytes);
    expect(hex).toBe(Buffer.from(bytes).toString("hex"));
    expect(fromHex(hex)).toEqual(bytes);
    expect(fromHex(hex.toUpperCase())).toEqual(bytes);
    expect(toHex(new Uint8Array(0))).toBe("");
  });

  it("refuses an odd length or a character that is no hex digit, naming what it read", () => {
    for (const bad of ["a", "0g", "zz", "0-", "1 ", "ab:"]) {
      expect(() => fromHex(bad, "cards")).toThrow(
        new RangeError("cards must be an even number of hex digits"),
      );
    }
  });
});
