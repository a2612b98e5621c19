import { describe, expect, it } from "vitest";

import { roundMoney } from "../src/components/history/round-money";

type Bet = Parameters<typeof roundMoney>[0]["bets"][number];

const bet = (fields: Partial<Bet>): Bet => ({
  betId: "b",
  bet: "banker",
  seat: null,
  stake: 1_000,
  reserved: 1_000,
  status: "settled",
  returned: 0,
  placedAt: "2026-12-02T06:49:29.000Z",
  ...fields,
});

describe("what a round staked and brought back, in the history", () => {
  it("leaves out a bet taken back with Undo: 50 on Banker undone, 10 on Tie lost", () => {
    expect(
      roundMoney({
        bets: [
          bet({ stake: 5_000, reserved: 5_000, status: "refunded", returned: 5_000 }),
          bet({ bet: "tie", stake: 1_000, reserved: 1_000, returned: 0 }),
        ],
      }),
    ).toEqual({ staked: 1_000, returned: 0, net: -1_000 });
  });

  it("a round whose bets were all refunded staked nothing and nets nothing", () => {
    expect(roundMoney({ bets: [bet({ status: "refunded", returned: 1_000 })] })).toEqual({
      staked: 0,
      returned: 0,
      net: 0,
    });
  });

  it("nets a Pok Deng Player bet on what it reserved (stake and deposit), and an open bet as out", () => {
    expect(
      roundMoney({
        bets: [
          bet({ bet: "seat", seat: 1, stake: 1_000, reserved: 2_000, returned: 4_000 }),
          bet({ status: "open", returned: null }),
        ],
      }),
    ).toEqual({ staked: 2_000, returned: 4_000, net: 1_000 });
  });
});
