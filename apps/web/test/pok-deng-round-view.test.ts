import { describe, expect, it } from "vitest";

import type { TableEvent } from "@fuda/contracts";

import {
  ownResults,
  reservation,
  seatOutcomes,
  stakesBySpot,
} from "../src/components/pok-deng/round-view";

describe("the Pok Deng table's reading of its slip and events", () => {
  it("a Player bet reserves its stake plus an equal deposit, a Pair bet only its stake (docs/rules/pok-deng.md, The deposit)", () => {
    expect(
      reservation([
        { bet: "seat", seat: 1, amount: 1_000 },
        { bet: "seatPair", seat: 1, amount: 500 },
        { bet: "seat", seat: 4, amount: 2_000 },
      ]),
    ).toEqual({ stakes: 3_500, deposits: 3_000 });
    expect(reservation([])).toEqual({ stakes: 0, deposits: 0 });
  });

  it("stakes on one spot add up, spots of other seats stay apart", () => {
    expect(
      stakesBySpot([
        { bet: "seat", seat: 2, amount: 1_000 },
        { bet: "seat", seat: 2, amount: 2_000 },
        { bet: "seatPair", seat: 2, amount: 1_000 },
        { bet: "seat", seat: 3, amount: 500 },
      ]),
    ).toEqual(
      new Map([
        ["seat@2", 3_000],
        ["seatPair@2", 1_000],
        ["seat@3", 500],
      ]),
    );
  });

  it("the player's own settlement is read by spot; the public settlement gives nothing", () => {
    const settled = { id: "7", tableId: "t", roundId: "r", at: "2026-11-30T12:00:00.000Z" };
    const own: TableEvent = {
      ...settled,
      playerId: "p",
      type: "round.settled",
      payload: {
        roundId: "r",
        number: 4,
        bets: [
          { id: "b1", bet: "seat", seat: 1, amount: 1_000, returned: 3_000 },
          { id: "b2", bet: "seat", seat: 1, amount: 1_000, returned: 3_000 },
          { id: "b3", bet: "seatPair", seat: 1, amount: 1_000, returned: 0 },
          { id: "b4", bet: "tie", seat: null, amount: 1_000, returned: 0 },
        ],
        returned: 6_000,
        balance: 100_000,
      },
    };
    expect(ownResults(own)).toEqual(
      new Map([
        ["seat@1", { stake: 2_000, returned: 6_000 }],
        ["seatPair@1", { stake: 1_000, returned: 0 }],
      ]),
    );
    const announced: TableEvent = {
      ...settled,
      playerId: null,
      type: "round.settled",
      payload: { roundId: "r", number: 4, bets: 4, bettors: 1, staked: 4_000, returned: 6_000 },
    };
    expect(ownResults(announced)).toEqual(new Map());
  });

  it("the public outcome's seats by number; no outcome yet, or one of another shape, no seats", () => {
    const seat = { seat: 3, score: 75, outcome: "win2to1", pair: false };
    expect(seatOutcomes({ seats: [seat], bankerScore: 40 })).toEqual(new Map([[3, seat]]));
    expect(seatOutcomes(null)).toEqual(new Map());
    expect(seatOutcomes({ seats: [{ ...seat, outcome: "won" }], bankerScore: 40 })).toEqual(
      new Map(),
    );
  });
});
