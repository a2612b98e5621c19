import { describe, expect, it } from "vitest";

import { requestIdFor } from "../src/components/table/use-bet-slip";

const slip = [{ bet: "banker", amount: 1000 }];

describe("a retried bet slip", () => {
  it("reuses the requestId of the same slip in the same round whose answer never came", () => {
    const unanswered = { roundId: "r1", slip: JSON.stringify(slip), requestId: "req-1" };
    expect(requestIdFor(unanswered, "r1", [{ bet: "banker", amount: 1000 }])).toBe("req-1");
  });

  it("takes a new requestId for another slip, another round, or after an answer", () => {
    const unanswered = { roundId: "r1", slip: JSON.stringify(slip), requestId: "req-1" };
    const others = [
      requestIdFor(unanswered, "r1", [{ bet: "banker", amount: 2000 }]),
      requestIdFor(unanswered, "r2", slip),
      requestIdFor(null, "r1", slip),
    ];
    for (const requestId of others) expect(requestId).not.toBe("req-1");
    expect(new Set(others).size).toBe(3);
  });
});
