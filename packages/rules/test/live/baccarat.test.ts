import { draw, endRound, shoeFromJson, shoeToJson, startRound } from "@fuda/shoe";
import { describe, expect, it } from "vitest";

import { baccarat, baccaratDefinition } from "../../src";
import { dealShoe, limitsOf, shoeOf } from "./helpers";

describe.each(["commission", "no-commission"] as const)("baccarat %s definition", (variant) => {
  const definition = baccaratDefinition(variant);

  it("steps every round of a shoe to the outcome dealRound gives on the same shoe", () => {
    for (const seed of ["a", "b", "c"]) {
      const shoe = shoeOf(definition, seed);
      const twin = shoeFromJson(shoeToJson(shoe));
      for (const round of dealShoe(definition, shoe)) {
        startRound(twin);
        const expected = baccarat.dealRound(() => draw(twin));
        expect(definition.outcome(round)).toEqual(expected);
        expect(round.lastRound).toBe(endRound(twin));
        // Positions name the hands the cards went to.
        const view = definition.publicView(round);
        const of = (hand: string) =>
          view.cards.filter(({ position }) => position.startsWith(hand)).map(({ card }) => card);
        expect(of("player")).toEqual(expected.playerCards);
        expect(of("banker")).toEqual(expected.bankerCards);
        expect(view.totals).toEqual({ player: expected.playerTotal, banker: expected.bankerTotal });
      }
    }
  });

  it("returns per bet what settle returns", () => {
    const shoe = shoeOf(definition, "settle");
    const bets = baccarat.BET_IDS.map((bet, k) => ({ bet, amount: (k + 1) * 700 }));
    for (const round of dealShoe(definition, shoe)) {
      const outcome: baccarat.RoundOutcome = definition.outcome(round);
      expect(definition.settle(round, bets)).toEqual(
        baccarat
          .settle(
            variant,
            bets.map(({ bet, amount }) => ({ bet, stake: amount })),
            outcome,
          )
          .map(({ returned }) => returned),
      );
    }
  });

  it("refuses a seat, a bet after its round gate and the exposure cap, naming the field", () => {
    const limits = limitsOf(definition);
    expect(
      definition.validateBets([{ bet: "player", seat: 3, amount: 500 }], { round: 1, limits }),
    ).toEqual([expect.objectContaining({ code: "SEAT_NOT_ALLOWED", field: "bets.0.seat" })]);
    const gated = [
      { bet: "banker", amount: 500 },
      { bet: "playerPair", amount: 500 },
      { bet: "luckySix", amount: 500 },
    ];
    expect(definition.validateBets(gated, { round: 50, limits })).toEqual([]);
    expect(
      definition.validateBets(gated, { round: 51, limits }).map(({ code, field }) => [code, field]),
    ).toEqual([["BET_CLOSED_AFTER_ROUND", "bets.2.bet"]]);
    expect(definition.betsOffered(61)).toEqual(["player", "banker", "tie"]);
    expect(
      definition.validateBets([{ bet: "player", amount: 500 }], {
        round: 1,
        limits,
        tableStakes: { player: 100_000, banker: 0 },
      }),
    ).toEqual([expect.objectContaining({ code: "EXPOSURE_CAP", field: "bets.0.amount" })]);
  });

  it("reserves the stake", () => {
    expect(definition.reservedFor({ bet: "banker", amount: 1200 })).toBe(1200);
  });
});
