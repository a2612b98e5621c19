import { describe, expect, it } from "vitest";

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

  it("the player's own settlement is read by spot; a payload of another shape gives nothing", () => {
    const event = (payload: Record<string, unknown>) => ({
      id: "7",
      roundId: "r",
      playerId: "p",
      type: "round.settled",
      payload,
      at: "2026-11-30T12:00:00.000Z",
    });
    expect(
      ownResults(
        event({
          bets: [
            { bet: "seat", seat: 1, amount: 1_000, returned: 3_000 },
            { bet: "seat", seat: 1, amount: 1_000, returned: 3_000 },
            { bet: "seatPair", seat: 1, amount: 1_000, returned: 0 },
            { bet: "tie", seat: null, amount: 1_000, returned: 0 },
          ],
        }),
      ),
    ).toEqual(
      new Map([
        ["seat@1", { stake: 2_000, returned: 6_000 }],
        ["seatPair@1", { stake: 1_000, returned: 0 }],
      ]),
    );
    expect(ownResults(event({ bets: "none" }))).toEqual(new Map());
  });

  it("the public outcome's seats by number; no outcome yet, no seats", () => {
    const seat = { seat: 3, score: 75, outcome: "win2to1", pair: false };
    expect(seatOutcomes({ seats: [seat], bankerScore: 40 })).toEqual(new Map([[3, seat]]));
    expect(seatOutcomes(null)).toEqual(new Map());
  });
});
