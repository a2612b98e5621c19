import { describe, expect, it } from "vitest";

import { formatPoints, formatTimestamp } from "../src/format";

describe("formatPoints", () => {
  it("shows minor units as points (100 units = 1 point), parts of a point with two decimals", () => {
    expect(formatPoints(1_000)).toBe("10");
    expect(formatPoints(1_000_000)).toBe("10,000");
    expect(formatPoints(150)).toBe("1.50");
  });

  it("refuses amounts that are not whole minor units", () => {
    expect(() => formatPoints(0.5)).toThrow(RangeError);
  });
});

describe("formatTimestamp", () => {
  it("shows an instant in UTC to the second", () => {
    expect(formatTimestamp("2026-11-29T11:58:50.123Z")).toBe("2026-11-29 11:58:50 UTC");
    expect(formatTimestamp("2026-11-29T20:58:50+09:00")).toBe("2026-11-29 11:58:50 UTC");
  });

  it("leaves a value that is not a time as it is", () => {
    expect(formatTimestamp("soon")).toBe("soon");
  });
});
