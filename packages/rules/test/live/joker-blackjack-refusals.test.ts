/**
 * What a live joker blackjack round refuses, as values that name the input and say whether it is
 * bad input or a conflict with the round; and the operators' dealing-mistake corrections.
 */
import { shoeToJson } from "@fuda/shoe";
import { describe, expect, it } from "vitest";

import { jokerBlackjackRefusal } from "../../src";
import { JokerBlackjackError } from "../../src/joker-blackjack";
import { cards } from "../joker-blackjack/table";
import { decisions, definition, LiveTable, liveShoe, POINT, seats } from "./joker-blackjack-table";

describe("refused actions change nothing", () => {
  /** Both the pure check (`actionStake`) and `act` refuse alike; the shoe and round stay put. */
  function refused(t: LiveTable, seat: number, action: string) {
    const shoe = JSON.stringify(shoeToJson(t.shoe));
    const round = JSON.stringify(t.round);
    const stake = decisions.actionStake(t.round, seat, action);
    const result = decisions.act(t.shoe, t.round, seat, action);
    expect(JSON.stringify(shoeToJson(t.shoe))).toBe(shoe);
    expect(JSON.stringify(t.round)).toBe(round);
    expect(stake.ok || result.ok).toBe(false);
    if (stake.ok || result.ok) throw new Error("accepted");
    expect(result.refusal).toEqual(stake.refusal);
    const { code, kind, field, message } = result.refusal;
    return { code, kind, field, message };
  }

  it("acting out of turn, or while the dealer deals, is a conflict naming the seat", () => {
    const t = new LiveTable(["TH 6D", "TC 7D"], "9C 7S", "2C");
    expect(refused(t, 1, "hit")).toEqual({
      code: "NOT_YOUR_TURN",
      kind: "CONFLICT",
      field: "seat",
      message: "hit: no seat acts now (the dealer is dealing)",
    });
    t.round = definition.dealerStep(t.shoe, t.round).round;
    expect(refused(t, 1, "hit").code).toBe("NOT_YOUR_TURN");
    t.deal();
    expect(refused(t, 2, "stand")).toEqual({
      code: "NOT_YOUR_TURN",
      kind: "CONFLICT",
      field: "seat",
      message: "stand: it is not seat 2's turn (seat 1 is acting)",
    });
  });

  it("an action not allowed now is a conflict naming the action and what is allowed", () => {
    const t = new LiveTable(["2H 3D"], "9C 7S", "4C KC");
    t.deal();
    t.act(1, "hit");
    expect(refused(t, 1, "double")).toEqual({
      code: "ACTION_NOT_ALLOWED",
      kind: "CONFLICT",
      field: "action",
      message: "double: not allowed for seat 1 now (allowed: hit, stand)",
    });
    expect(refused(t, 1, "insurance").code).toBe("ACTION_NOT_ALLOWED");
  });

  it("a name that is not an action is bad input, the timer's own `timeout` included", () => {
    const t = new LiveTable(["TH 6D"], "9C 7S");
    t.deal();
    for (const action of ["fold", "timeout", "rewind"]) {
      expect(refused(t, 1, action)).toMatchObject({
        code: "UNKNOWN_ACTION",
        kind: "BAD_INPUT",
        field: "action",
      });
    }
  });

  it("a double or split the holdings cannot cover is not offered, so it is refused", () => {
    const t = new LiveTable(["8H 8D"], "9C 7S", "", seats(1, [{ balance: 4 * POINT }]));
    t.deal();
    expect(decisions.pending(t.round)!.actions).toEqual(["hit", "stand", "surrender"]);
    expect(refused(t, 1, "split").code).toBe("ACTION_NOT_ALLOWED");
    expect(refused(t, 1, "double").code).toBe("ACTION_NOT_ALLOWED");
  });

  it("after the round, nobody acts, the dealer does not step and no timer is pending", () => {
    const t = new LiveTable(["TH 9D"], "9C 7S", "5C");
    t.deal();
    t.act(1, "stand");
    expect(t.round.dealt).toBe(true);
    expect(refused(t, 1, "hit").message).toBe("hit: no seat acts now (the round is over)");
    expect(() => definition.dealerStep(t.shoe, t.round)).toThrow(/dealt already/);
    expect(() => decisions.timeout(t.shoe, t.round)).toThrow(/no decision is pending/);
  });

  it("every engine error maps to one refusal code and kind", () => {
    const kinds = (
      ["UNKNOWN_ACTION", "INVALID_SEATS", "NOT_YOUR_TURN", "ILLEGAL_EVENT", "SHOE_EMPTY"] as const
    ).map((code) => {
      const {
        code: refusal,
        kind,
        field,
      } = jokerBlackjackRefusal(new JokerBlackjackError(code, "why"));
      return `${code} → ${refusal} ${kind} ${field}`;
    });
    expect(kinds).toEqual([
      "UNKNOWN_ACTION → UNKNOWN_ACTION BAD_INPUT action",
      "INVALID_SEATS → INVALID_SEATS BAD_INPUT seats",
      "NOT_YOUR_TURN → NOT_YOUR_TURN CONFLICT seat",
      "ILLEGAL_EVENT → ACTION_NOT_ALLOWED CONFLICT action",
      "SHOE_EMPTY → SHOE_EMPTY CONFLICT shoe",
    ]);
    expect(() => jokerBlackjackRefusal(new RangeError("a bug"))).toThrow("a bug");
  });

  it("seats that are not free seat numbers with whole-point stakes are refused at seating", () => {
    const round = definition.startRound(liveShoe(cards("9C 7S")));
    expect(() => decisions.seatBettors(round, seats(1, [{ seat: 8 }]))).toThrow(
      JokerBlackjackError,
    );
    expect(() => decisions.seatBettors(round, seats(1, [{ stake: 150 }]))).toThrow(/whole points/);
  });
});

describe("settlement rows", () => {
  it("a row the round does not know, a missing row, or another main stake is refused", () => {
    const t = new LiveTable(["TH 6D"], "9C 7S", "2C 5C");
    t.deal();
    t.act(1, "double");
    expect(t.rows()).toEqual(["main@1 10→0", "double@1 10→0"]);
    const [main, double] = t.bets;
    expect(() => definition.settle(t.round, [main!])).toThrow(/no row for double/);
    expect(() =>
      definition.settle(t.round, [main!, double!, { ...double!, bet: "split" }]),
    ).toThrow(/no split stake/);
    expect(() => definition.settle(t.round, [{ ...main!, amount: 5 * POINT }, double!])).toThrow(
      /main bets of 500 units, but 1000 were dealt/,
    );
    expect(() =>
      definition.settle(t.round, [main!, double!, { bet: "main", seat: 2, amount: 1000 }]),
    ).toThrow(/seat 2: the seat was not dealt in/);
  });

  it("a seat's several main rows share its return by stake", () => {
    const t = new LiveTable(["TH 9D"], "9C 7S", "TC", seats(1, [{ stake: 30 * POINT }]));
    t.bets.splice(
      0,
      1,
      { bet: "main", seat: 1, amount: 10 * POINT },
      { bet: "main", seat: 1, amount: 20 * POINT },
    );
    t.deal();
    t.act(1, "stand");
    expect(t.rows()).toEqual(["main@1 10→20", "main@1 20→40"]);
  });
});

describe("dealing mistakes", () => {
  it("a rewind cancels a double: its row returns its stake, the drawn card is burned, the seat may double again", () => {
    // The double is applied alone (no dealer steps after it), as a runtime would before the
    // operator stops the table.
    const t = new LiveTable(["TH 6D"], "9C 7S", "2C 5C TC");
    t.deal();
    const stake = decisions.actionStake(t.round, 1, "double");
    const doubled = decisions.act(t.shoe, t.round, 1, "double");
    if (!stake.ok || !doubled.ok) throw new Error("refused");
    t.bets.push(stake.stake!);
    t.round = doubled.round;
    const rewind = decisions.correct(t.shoe, t.round, {
      type: "rewind",
      toStep: 1,
      operator: "op",
    });
    if (!rewind.ok) throw new Error(rewind.refusal.message);
    expect(rewind.events).toEqual([
      {
        type: "round.corrected",
        correction: "rewind",
        operator: "op",
        toStep: 1,
        burned: cards("2C"),
      },
      expect.objectContaining({ type: "hand.settled", kind: "refund", amount: 10 * POINT }),
      expect.objectContaining({
        type: "turn.started",
        seat: 1,
        actions: ["hit", "stand", "double", "surrender"],
      }),
    ]);
    t.round = rewind.round;
    expect(t.shoe.burned[4]).toBe(1);
    t.act(1, "double");
    expect(t.rows()).toEqual(["main@1 10→20", "double@1 10→10", "double-2@1 10→20"]);
    expect(t.returned()).toEqual(t.engineReturned());
    // The refunded row may also be left out: the runtime refunded it at the rewind.
    expect(definition.settle(t.round, [t.bets[0]!, t.bets[2]!])).toEqual([20 * POINT, 20 * POINT]);
  });

  it("an unrecoverable mistake wins every open bet; the premium stands; the round ends without the hole card", () => {
    const t = new LiveTable(["AS JS", "AH KD", "9H 7D"], "AC 7S");
    t.deal();
    t.act(2, "declineInsurance");
    const result = decisions.correct(t.shoe, t.round, { type: "unrecoverable", operator: "op" });
    if (!result.ok) throw new Error(result.refusal.message);
    t.round = result.round;
    expect(decisions.pending(t.round)).toBeNull();
    const end = definition.dealerStep(t.shoe, t.round);
    expect(end.events.map(({ type }) => type)).toEqual(["round.result"]);
    t.round = end.round;
    expect(definition.outcome(t.round)).toMatchObject({
      dealer: { cards: cards("AC"), result: null },
    });
    expect(t.rows()).toEqual(["main@1 10→50", "main@2 10→25", "main@3 10→20"]);
    expect(t.returned()).toEqual(t.engineReturned());
  });

  it("corrections are refused while the deal is shown, by an unknown name, or before a settled step", () => {
    const t = new LiveTable(["TH 6D", "9H 7D"], "9C 7S", "2C 5C");
    const early = decisions.correct(t.shoe, t.round, { type: "unrecoverable", operator: "op" });
    expect(early.ok || early.refusal).toMatchObject({
      code: "ACTION_NOT_ALLOWED",
      kind: "CONFLICT",
      field: "type",
    });
    t.deal();
    const unknown = decisions.correct(t.shoe, t.round, { type: "reshuffle", operator: "op" });
    expect(unknown.ok || unknown.refusal).toMatchObject({
      code: "UNKNOWN_ACTION",
      kind: "BAD_INPUT",
      field: "type",
    });
    // Seat 1's surrender settled a bet: no rewind may go before it, nor before the deal.
    t.act(1, "surrender");
    const late = decisions.correct(t.shoe, t.round, { type: "rewind", toStep: 1, operator: "op" });
    expect(late.ok || late.refusal).toMatchObject({ code: "ACTION_NOT_ALLOWED", field: "toStep" });
    const t2 = new LiveTable(["TH 6D"], "9C 7S", "2C 5C");
    t2.deal();
    t2.act(1, "hit");
    const redeal = decisions.correct(t2.shoe, t2.round, {
      type: "rewind",
      toStep: 0,
      operator: "op",
    });
    expect(redeal.ok || redeal.refusal).toMatchObject({
      code: "ACTION_NOT_ALLOWED",
      field: "toStep",
      message: "rewind: a live round rewinds to the end of its deal (step 1) at the earliest",
    });
  });
});
