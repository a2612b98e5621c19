import { describe, expect, it } from "vitest";

import { formatPoints, stakeLimitSchema, tableLimitsSchema } from "../src";

describe("formatPoints", () => {
  it("shows minor units as whole points grouped by thousands (100 units = 1 point)", () => {
    expect(formatPoints(100)).toBe("1");
    expect(formatPoints(500_000)).toBe("5,000");
    expect(formatPoints(123_456_700)).toBe("1,234,567");
    expect(formatPoints(0)).toBe("0");
  });

  it("shows a part of a point with two decimals", () => {
    expect(formatPoints(150)).toBe("1.50");
    expect(formatPoints(5)).toBe("0.05");
    expect(formatPoints(-250)).toBe("-2.50");
  });

  it("refuses amounts that are not whole minor units", () => {
    expect(() => formatPoints(1.5)).toThrow(RangeError);
    expect(() => formatPoints(Number.NaN)).toThrow(RangeError);
  });
});

describe("stake limits", () => {
  it("a limit is whole minor units with min ≤ max", () => {
    expect(stakeLimitSchema.parse({ min: 100, max: 100 })).toEqual({ min: 100, max: 100 });
    const inverted = stakeLimitSchema.safeParse({ min: 500, max: 100 });
    expect(inverted.error?.issues).toMatchObject([
      { path: ["max"], message: "min must not be above max" },
    ]);
    expect(stakeLimitSchema.safeParse({ min: 1.5, max: 100 }).success).toBe(false);
    expect(stakeLimitSchema.safeParse({ min: -100, max: 100 }).success).toBe(false);
    expect(stakeLimitSchema.safeParse({ min: 100 }).success).toBe(false);
  });

  it("a table's limits name the bet of each broken limit", () => {
    const result = tableLimitsSchema.safeParse({ seat: { min: 100, max: 500 }, seatPair: null });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([["seatPair"]]);
  });
});
