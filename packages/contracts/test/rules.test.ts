import { describe, expect, it } from "vitest";
import * as z from "zod/mini";

import { RULE, RULE_CODES, ruleCodeSchema, ruleOfIssue } from "../src";

/** Our rule codes' one style: SCREAMING_SNAKE_CASE, like the reasons (BAD_INPUT). */
const STYLE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;

describe("rule codes", () => {
  it("are all in one style, SCREAMING_SNAKE_CASE", () => {
    expect(RULE_CODES.filter((code) => !STYLE.test(code))).toEqual([]);
  });

  it("are each listed once", () => {
    expect(new Set(RULE_CODES).size).toBe(RULE_CODES.length);
  });

  it("are each RULE's entry of the same name, and nothing else is", () => {
    expect(Object.keys(RULE).sort()).toEqual([...RULE_CODES].sort());
    for (const [name, code] of Object.entries(RULE)) expect(code).toBe(name);
    expect(RULE.NOT_YOUR_SEAT).toBe("NOT_YOUR_SEAT");
  });

  it("parse as the enum, and a code of another style does not", () => {
    expect(ruleCodeSchema.parse("ABOVE_MAX")).toBe("ABOVE_MAX");
    for (const stray of ["not_your_seat", "sameOrder", "cursor", "invalid_type"])
      expect(ruleCodeSchema.safeParse(stray).success).toBe(false);
  });
});

describe("ruleOfIssue", () => {
  const ruleOf = (schema: z.ZodMiniType, input: unknown) => {
    const result = schema.safeParse(input);
    if (result.success) throw new Error("the input passed its schema");
    return result.error.issues.map(ruleOfIssue);
  };

  it("names zod's issues in our codes", () => {
    expect(ruleOf(z.number(), "3")).toEqual([RULE.INVALID_TYPE]);
    expect(ruleOf(z.number().check(z.maximum(5)), 6)).toEqual([RULE.TOO_BIG]);
    expect(ruleOf(z.string().check(z.minLength(1)), "")).toEqual([RULE.TOO_SMALL]);
    expect(ruleOf(z.uuid(), "round-1")).toEqual([RULE.INVALID_FORMAT]);
    expect(ruleOf(z.enum(["hit", "stand"]), "fly")).toEqual([RULE.INVALID_VALUE]);
    expect(ruleOf(z.strictObject({}), { extra: 1 })).toEqual([RULE.UNRECOGNIZED_KEYS]);
    expect(ruleOf(z.string().check(z.refine((value) => value === "banker")), "player")).toEqual([
      RULE.FAILED_CHECK,
    ]);
  });
});
