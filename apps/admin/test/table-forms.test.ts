import { describe, expect, it } from "vitest";

import { toMinor } from "../src/components/table-forms";

describe("toMinor: points as an operator types them, in minor units", () => {
  it("reads whole points and up to two decimals exactly, either sign", () => {
    expect(toMinor("25")).toBe(2_500);
    expect(toMinor("-12.5")).toBe(-1_250);
    expect(toMinor(" +0.07 ")).toBe(7);
    expect(toMinor("1000000")).toBe(100_000_000);
  });

  it("is NaN for anything else, never an amount nobody typed", () => {
    for (const typed of ["", "abc", "12.345", "1e3", "--1", "1,000", ".5", "10."]) {
      expect(toMinor(typed), typed).toBeNaN();
    }
  });
});
