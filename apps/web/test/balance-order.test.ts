import { describe, expect, it } from "vitest";

import { balanceOrder } from "../src/balance-order";

describe("balanceOrder", () => {
  it("shows an answer when nothing was shown since its request left", () => {
    const order = balanceOrder();
    const since = order.mark();
    expect(order.accept(since)).toBe(true);
  });

  it("keeps a balance the stream brought after the request left over the request's answer", () => {
    const order = balanceOrder();
    const since = order.mark();
    // The settlement's event, then the answer to the action that led to it.
    expect(order.accept()).toBe(true);
    expect(order.accept(since)).toBe(false);
  });

  it("judges each answer by its own request: the first answer shown makes the second stale", () => {
    const order = balanceOrder();
    const first = order.mark();
    const second = order.mark();
    expect(order.accept(first)).toBe(true);
    expect(order.accept(second)).toBe(false);
    expect(order.accept(order.mark())).toBe(true);
  });
});
