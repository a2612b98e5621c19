import { describe, expect, it } from "vitest";

import { FudaError, issueWords } from "../src";

describe("FudaError", () => {
  it("carries its code, message, details and cause, and is an Error", () => {
    const cause = new Error("driver");
    const error = new FudaError(
      "INSUFFICIENT_FUNDS",
      "amount: more than the balance",
      {
        balance: 500,
        amount: 1000,
      },
      { cause },
    );
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: "FudaError",
      code: "INSUFFICIENT_FUNDS",
      message: "amount: more than the balance",
      details: { balance: 500, amount: 1000 },
      cause,
    });
  });

  it("names its rule in the API's rule codes only", () => {
    const error = new FudaError("BAD_INPUT", "bets.0.amount: above the table maximum", {
      field: "bets.0.amount",
      rule: "ABOVE_MAX",
    });
    expect(error.details.rule).toBe("ABOVE_MAX");
    const stray = new FudaError("CONFLICT", "seat: not yours", {
      field: "seat",
      // @ts-expect-error -- a rule code in another style is no RuleCode (packages/contracts).
      rule: "not_your_seat",
    });
    // Only the compiler keeps it out: at run time it is a string like any other.
    expect(stray.details.rule).toBe("not_your_seat");
  });
});

describe("issueWords", () => {
  it("names the field once, whether the schema's message already starts with it or not", () => {
    expect(issueWords({ path: ["amount"], message: "amount: must not be 0" })).toEqual({
      field: "amount",
      words: "amount: must not be 0",
    });
    expect(issueWords({ path: ["bets", 0, "amount"], message: "amount: a whole number" })).toEqual({
      field: "bets.0.amount",
      words: "bets.0.amount: a whole number",
    });
    expect(
      issueWords({
        path: ["reason"],
        message: "Too small: expected string to have >=3 characters",
      }),
    ).toEqual({
      field: "reason",
      words: "reason: Too small: expected string to have >=3 characters",
    });
    expect(issueWords({ path: [], message: "Invalid input" }, "query").words).toBe(
      "query: Invalid input",
    );
  });
});
