import { shoeFromJson, shoeToJson } from "@fuda/shoe";
import { describe, expect, it } from "vitest";

import { pokDeng, pokDengDefinition } from "../../src";
import { dealShoe, everyBet, limitsOf, shoeOf } from "./helpers";

const definition = pokDengDefinition();

describe("pok-deng five-seat definition", () => {
  it("deals every round as dealRound does on the same shoe, revealed P1 … P5 then the Banker", () => {
    const bets = everyBet(definition, 300);
    for (const seed of ["a", "b", "c"]) {
      const shoe = shoeOf(definition, seed);
      const twin = shoeFromJson(shoeToJson(shoe));
      for (const round of dealShoe(definition, shoe)) {
        const expected = pokDeng.dealRound(twin);
        expect(round.number).toBe(expected.number);
        expect(round.lastRound).toBe(expected.lastRound);
        const hands = [...expected.cards.players, expected.cards.banker];
        const view = definition.publicView(round);
        expect(view.cards).toEqual(
          hands.flatMap((cards, hand) =>
            cards.map((card, k) => ({
              position: `${hand === 5 ? "banker" : `seat-${hand + 1}`}-${k + 1}`,
              card,
            })),
          ),
        );
        // Settlement per bet equals the rules' settlement of the same cards.
        expect(definition.settle(round, bets)).toEqual(
          pokDeng
            .settleRound(
              bets.map(({ bet, seat, amount }) => ({
                id: bet as pokDeng.PokDengBetId,
                seat: seat as pokDeng.SeatNumber,
                stake: amount,
              })),
              expected.cards,
            )
            .map(({ returned }) => returned),
        );
        expect(definition.updateRoad([], round)).toEqual([
          pokDeng.SEAT_NUMBERS.map((seat) => pokDeng.seatRoadMark(expected.cards, seat)),
        ]);
      }
    }
  });

  it("reserves a Player N bet's stake plus its deposit, a Pair bet's stake", () => {
    expect(definition.reservedFor({ bet: "seat", seat: 2, amount: 1000 })).toBe(2000);
    expect(definition.reservedFor({ bet: "seatPair", seat: 2, amount: 1000 })).toBe(1000);
  });

  it("refuses seat 6, a missing seat and a balance short of the deposits, naming the field", () => {
    const limits = limitsOf(definition);
    const refusals = definition.validateBets(
      [
        { bet: "seat", seat: 6, amount: 500 },
        { bet: "seatPair", amount: 500 },
        { bet: "seat", seat: 1, amount: 500 },
      ],
      { round: 1, limits, balance: 1500 },
    );
    expect(refusals.map(({ code, field }) => [code, field])).toEqual([
      ["UNKNOWN_SEAT", "bets.0.seat"],
      ["UNKNOWN_SEAT", "bets.1.seat"],
      ["INSUFFICIENT_BALANCE", "bets"],
    ]);
    expect(
      definition.validateBets([{ bet: "seat", seat: 1, amount: 500 }], {
        round: 1,
        limits,
        balance: 1000,
      }),
    ).toEqual([]);
  });

  it("burns one card before each round's deal", () => {
    const shoe = shoeOf(definition, "burn");
    const before = shoe.position;
    const round = definition.startRound(shoe);
    expect(round.first).toBe(before + 1);
    expect(shoe.burned[before]).toBe(1);
  });
});
