import { describe, expect, it } from "vitest";

import { secondsUntil } from "../src/components/use-now";

describe("secondsUntil: the countdown's seconds", () => {
  const now = Date.parse("2026-12-03T07:00:00.000Z");

  it("rounds the time left up to whole seconds, and stops at 0 once past", () => {
    expect(secondsUntil("2026-12-03T07:00:09.200Z", now)).toBe(10);
    expect(secondsUntil("2026-12-03T06:59:00.000Z", now)).toBe(0);
  });

  it("is null, not 0 or NaN, when there is no deadline or the browser cannot read it", () => {
    expect(secondsUntil(null, now)).toBeNull();
    expect(secondsUntil("", now)).toBeNull();
    expect(secondsUntil("not a date", now)).toBeNull();
  });
});
