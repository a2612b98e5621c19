import { describe, expect, it } from "vitest";

import { RULE } from "@fuda/contracts";
import type { RuleCode } from "@fuda/contracts";

import type { ApiError } from "../src/relay-api";
import { kindOfRefusal } from "../src/components/table/use-bet-slip";

type Reason = NonNullable<ApiError["data"]>["reason"];

/** `bets.place` refused as the relay passes it on: BAD_INPUT naming the field and the rule. */
const refusedFor = (rule: RuleCode, reason: Reason = "BAD_INPUT"): ApiError => ({
  message: "bets.0.amount: refused",
  data: {
    code: "BAD_REQUEST",
    httpStatus: 400,
    path: "bets.place",
    reason,
    details: { field: "bets.0.amount", rule },
  },
});

describe("the banner a refused slip shows, by the API's rule code", () => {
  it("names the limit the stake broke", () => {
    expect(kindOfRefusal(refusedFor(RULE.ABOVE_MAX), 400)).toBe("overLimit");
    expect(kindOfRefusal(refusedFor(RULE.EXPOSURE_CAP), 400)).toBe("overLimit");
    expect(kindOfRefusal(refusedFor(RULE.BELOW_MIN), 400)).toBe("belowMin");
  });

  it("says the spot is closed for a bet the round no longer takes", () => {
    expect(kindOfRefusal(refusedFor(RULE.BET_CLOSED_AFTER_ROUND), 400)).toBe("spotClosed");
    expect(kindOfRefusal(refusedFor(RULE.BET_NOT_OFFERED), 400)).toBe("spotClosed");
  });

  it("puts the domain's reason before the rule, and any other rule is `other`", () => {
    expect(kindOfRefusal(refusedFor(RULE.ABOVE_MAX, "BETTING_CLOSED"), 409)).toBe("closed");
    expect(kindOfRefusal(refusedFor(RULE.STAKE_NOT_WHOLE_POINTS), 400)).toBe("other");
  });
});
