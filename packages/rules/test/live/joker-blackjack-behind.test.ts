/**
 * Bet Behind through the live definition (docs/rules/joker-blackjack.md, Bet Behind): the bet
 * `behind` on a seat is checked against its own limit (the main bet's where the table has none)
 * and settles beside the seat's own rows, from the same round.
 */
import { describe, expect, it } from "vitest";

import { behindReturn } from "../../src/joker-blackjack";
import type { TableLimits } from "../../src/limits";
import type { JokerBlackjackRound } from "../../src/joker-blackjack/live-round";
import { definition, LiveTable, POINT } from "./joker-blackjack-table";

const limits = {
  main: { min: 10 * POINT, max: 500 * POINT },
  behind: { min: 5 * POINT, max: 100 * POINT },
};
const refusals = (
  bets: { bet: string; seat?: number; amount: number }[],
  table: TableLimits = limits,
) =>
  definition.validateBets(bets, { round: 1, limits: table }).map(({ code, field }) => ({
    code,
    field,
  }));

describe("a bet behind is offered on every seat, within its own limit", () => {
  it("the catalog offers behind beside main, on the seats 1..7", () => {
    const spec = definition.bets.find((bet) => bet.id === "behind")!;
    expect(spec).toMatchObject({ label: "Bet Behind", seats: [1, 2, 3, 4, 5, 6, 7], behind: true });
    expect(definition.betsOffered(1)).toEqual(["main", "behind"]);
  });

  it("a backer's total on a seat is capped by the behind limit, apart from any main bet", () => {
    expect(refusals([{ bet: "behind", seat: 3, amount: 100 * POINT }])).toEqual([]);
    expect(
      refusals([
        { bet: "behind", seat: 3, amount: 60 * POINT },
        { bet: "behind", seat: 3, amount: 50 * POINT },
      ]),
    ).toEqual([{ code: "ABOVE_MAX", field: "bets.0.amount" }]);
    expect(refusals([{ bet: "behind", seat: 3, amount: 4 * POINT }])).toEqual([
      { code: "BELOW_MIN", field: "bets.0.amount" },
    ]);
    // Main and behind are spots of their own: 300 on main is within main's limit.
    expect(
      refusals([
        { bet: "main", seat: 2, amount: 300 * POINT },
        { bet: "behind", seat: 3, amount: 100 * POINT },
      ]),
    ).toEqual([]);
  });

  it("a table without a behind limit caps bets behind by its main limit", () => {
    const mainOnly = { main: limits.main };
    expect(refusals([{ bet: "behind", seat: 3, amount: 500 * POINT }], mainOnly)).toEqual([]);
    expect(refusals([{ bet: "behind", seat: 3, amount: 501 * POINT }], mainOnly)).toEqual([
      { code: "ABOVE_MAX", field: "bets.0.amount" },
    ]);
  });

  it("a bet behind names a seat of the table, in whole points", () => {
    expect(refusals([{ bet: "behind", amount: 10 * POINT }])).toEqual([
      { code: "UNKNOWN_SEAT", field: "bets.0.seat" },
    ]);
    expect(refusals([{ bet: "behind", seat: 8, amount: 10 * POINT }])).toEqual([
      { code: "UNKNOWN_SEAT", field: "bets.0.seat" },
    ]);
    expect(refusals([{ bet: "behind", seat: 3, amount: 10 * POINT + 1 }])).toEqual([
      { code: "STAKE_NOT_WHOLE_POINTS", field: "bets.0.amount" },
    ]);
  });
});

describe("a bet behind settles with the seat's first hand", () => {
  it("seat 3 splits: its rows return what the engine settled, the bet behind what hand 1 did per unit", () => {
    const t = new LiveTable(["TH 8C", "TC 9D", "8H 8D"], "9C 7S", "AC 9C 2C");
    t.deal();
    t.act(1, "stand");
    t.act(2, "stand");
    t.act(3, "split", "stand", "stand");
    expect(t.round.dealt).toBe(true);
    const rows = [...t.bets, { bet: "behind", seat: 3, amount: 30 * POINT }];
    const returns = definition.settle(t.round, rows);
    // The seat's own rows are unchanged by the bet behind: main with hand 1, split with hand 2.
    expect(returns.slice(0, t.bets.length)).toEqual(definition.settle(t.round, t.bets));
    expect(t.rows()).toEqual(["main@1 10→10", "main@2 10→20", "main@3 10→20", "split@3 10→0"]);
    const round = t.round as JokerBlackjackRound;
    expect(returns.at(-1)).toBe(behindReturn(30 * POINT, 3, round.settlements, round.dealer));
    expect(returns.at(-1)).toBe(60 * POINT);
  });

  it("a bet behind a seat that was not dealt in is no row of the round", () => {
    const t = new LiveTable(["TH 8C"], "9C 7S", "TD");
    t.deal();
    t.act(1, "stand");
    expect(() =>
      definition.settle(t.round, [...t.bets, { bet: "behind", seat: 4, amount: 10 * POINT }]),
    ).toThrow(/behind on seat 4: the seat was not dealt in/);
  });
});
