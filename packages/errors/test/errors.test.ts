import { describe, expect, it } from "vitest";

import { FudaError } from "../src";

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
});
