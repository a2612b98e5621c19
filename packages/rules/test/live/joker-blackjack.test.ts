/**
 * Joker blackjack through its game definition only, as a runtime drives it (docs/rules/
 * live-tables.md, Game definitions; the rules are docs/rules/joker-blackjack.md). Amounts in
 * points.
 */
import { shoeFromJson, shoeToJson } from "@fuda/shoe";
import { describe, expect, it } from "vitest";

import { gameDefinition } from "../../src";
import {
  card,
  cards,
  decisions,
  definition,
  dealt,
  LiveTable,
  POINT,
  types,
} from "./joker-blackjack-table";

describe("the table", () => {
  it("is found by a runtime that drives decisions, with its own shoe: 6 decks + 1 joker, cut 78 from the end, no first-card burn", () => {
    expect(gameDefinition("joker-blackjack", "seven-seat")).toBeNull();
    expect(gameDefinition("joker-blackjack", "seven-seat", { decisions: true })).toBe(definition);
    expect(definition.shoeCards()).toHaveLength(6 * 52 + 1);
    expect(definition.cutCard).toEqual({ minFromEnd: 78, maxFromEnd: 78 });
    expect(definition.burnsFirstCard).toBe(false);
    expect(definition.bets.map(({ id, seats }) => [id, seats])).toEqual([
      ["main", [1, 2, 3, 4, 5, 6, 7]],
      ["behind", [1, 2, 3, 4, 5, 6, 7]],
    ]);
  });

  it("is not dealt to nobody: a round without a bet waits for one, where the shared tables deal on", () => {
    expect(definition.dealsWithoutBets).toBe(false);
    for (const [game, variant] of [
      ["baccarat", "commission"],
      ["baccarat", "no-commission"],
      ["pok-deng", "five-seat"],
    ] as const) {
      expect(gameDefinition(game, variant)?.dealsWithoutBets).toBe(true);
    }
  });

  it("takes the main bet on seats 1–7 within the limits per seat, and nothing but it and behind", () => {
    const limits = { main: { min: 10 * POINT, max: 500 * POINT } };
    const refusals = definition.validateBets(
      [
        { bet: "main", seat: 1, amount: 300 * POINT },
        { bet: "main", seat: 1, amount: 300 * POINT },
        { bet: "main", seat: 8, amount: 10 * POINT },
        { bet: "double", seat: 2, amount: 10 * POINT },
        { bet: "main", seat: 3, amount: 150 },
        { bet: "main", seat: 4, amount: 5 * POINT },
      ],
      { round: 1, limits, balance: 500 * POINT },
    );
    expect(refusals.map(({ code, field }) => `${code} ${field}`)).toEqual([
      "UNKNOWN_SEAT bets.2.seat",
      "BET_NOT_OFFERED bets.3.bet",
      "STAKE_NOT_WHOLE_POINTS bets.4.amount",
      "ABOVE_MAX bets.0.amount",
      "BELOW_MIN bets.5.amount",
      "INSUFFICIENT_BALANCE bets",
    ]);
    expect(refusals[3]!.message).toBe(
      "main on seat 1: stake 600 is above the table maximum of 500",
    );
    expect(
      definition.validateBets([{ bet: "main", seat: 7, amount: 500 * POINT }], {
        round: 1,
        limits,
      }),
    ).toEqual([]);
  });

  it("with no bettors the round ends at its first step, without a card", () => {
    const t = new LiveTable([], "9C 7S", "", []);
    const events = t.deal();
    expect(types(events)).toEqual(["round.result"]);
    expect(t.round.dealt).toBe(true);
    expect(t.shoe.position).toBe(0);
    expect(definition.settle(t.round, [])).toEqual([]);
  });
});

describe("a round through the definition", () => {
  it("deals one card per step in the spec's order, the hole card face down, then waits for seat 1", () => {
    const t = new LiveTable(["TH 6D", "5H 6C"], "9C 7S", "2C 9D TC");
    const positions: string[] = [];
    while (decisions.pending(t.round) === null) {
      const step = definition.dealerStep(t.shoe, t.round);
      t.round = step.round;
      positions.push(
        ...step.events.flatMap((event) =>
          event.type === "card.dealt" || event.type === "card.faceDown" ? [event.position] : [],
        ),
      );
      if (step.events.at(-1)!.type !== "turn.started") expect(step.events).toHaveLength(1);
    }
    expect(positions).toEqual([
      "seat-1.1-1",
      "seat-2.1-1",
      "dealer-1",
      "seat-1.1-2",
      "seat-2.1-2",
      "dealer-2",
    ]);
    expect(decisions.pending(t.round)).toEqual({
      seat: 1,
      hand: 0,
      kind: "turn",
      actions: ["hit", "stand", "double", "surrender"],
      onTimeout: "stand",
    });
    expect(() => definition.dealerStep(t.shoe, t.round)).toThrow(/waits for seat 1/);
  });

  it("a hit, a stand and a double: each seat's rows return what the engine settles", () => {
    const t = new LiveTable(["TH 6D", "5H 6C"], "9C 7S", "2C 9D TC");
    t.deal();
    const hit = t.act(1, "hit");
    expect(types(hit)).toEqual(["action.taken", "card.dealt", "turn.started"]);
    expect(hit[1]).toMatchObject({ position: "seat-1.1-3", card: card("2C") });
    expect(hit[1]).toMatchObject({ totals: { "seat-1.1": 18, "seat-2.1": 11, dealer: 9 } });
    t.act(1, "stand");
    const double = t.act(2, "double");
    expect(double[0]).toMatchObject({ type: "action.taken", stake: 10 * POINT });
    expect(dealt(double)).toEqual(["seat-2.1-3", "dealer-2", "dealer-3"]);
    expect(t.round.dealt).toBe(true);
    expect(t.rows()).toEqual(["main@1 10→20", "main@2 10→20", "double@2 10→20"]);
    expect(t.returned()).toEqual(t.engineReturned());
    expect(t.settled(2)).toEqual(["win 40"]);
  });

  it("a unit of each seat's main bet and of a bet behind it: what the partners' feed publishes, a double's own row left out", () => {
    const t = new LiveTable(["TH 6D", "5H 6C", "TS 7C"], "9C 8S", "9D");
    t.deal();
    expect(() => definition.unitReturns!(t.round)).toThrow(/still being dealt/);
    t.act(1, "stand");
    t.act(2, "double");
    t.act(3, "stand");
    expect(t.rows()).toEqual(["main@1 10→0", "main@2 10→20", "main@3 10→10", "double@2 10→20"]);
    expect(definition.unitReturns!(t.round)).toEqual([
      { bet: "main", seat: 1, returnPerUnit: 0 },
      { bet: "behind", seat: 1, returnPerUnit: 0 },
      { bet: "main", seat: 2, returnPerUnit: 2 },
      { bet: "behind", seat: 2, returnPerUnit: 2 },
      { bet: "main", seat: 3, returnPerUnit: 1 },
      { bet: "behind", seat: 3, returnPerUnit: 1 },
    ]);
  });

  it("split and re-split: each split stake is a row of its own, each hand settles on it", () => {
    const t = new LiveTable(["8H 8D"], "9C 7S", "8C TS 9H TD TC");
    t.deal();
    const split = t.act(1, "split");
    expect(split[0]).toMatchObject({
      stake: 10 * POINT,
      hands: [{ cards: cards("8H 8C") }, { cards: cards("8D") }],
    });
    expect(dealt(split)).toEqual(["seat-1.1-2"]);
    expect(decisions.pending(t.round)!.actions).toEqual(["hit", "stand", "split"]);
    expect(decisions.actionStake(t.round, 1, "split")).toEqual({
      ok: true,
      stake: { bet: "split-2", seat: 1, amount: 10 * POINT },
    });
    t.act(1, "split", "stand");
    expect(decisions.pending(t.round)).toMatchObject({ seat: 1, hand: 1 });
    t.act(1, "stand", "stand");
    expect(definition.publicView(t.round).seats![0]!.hands.map((hand) => hand.cards)).toEqual([
      cards("8H TS"),
      cards("8C 9H"),
      cards("8D TD"),
    ]);
    expect(t.rows()).toEqual(["main@1 10→20", "split@1 10→20", "split-2@1 10→20"]);
    expect(t.returned()).toEqual(t.engineReturned());
  });

  it("split Aces: one action shows both cards, each with the totals as it lands", () => {
    const t = new LiveTable(["AH AD", "9H 7D"], "9C 7S", "KC 5C 4D");
    t.deal();
    const split = t.act(1, "split");
    const shown = split.filter((event) => event.type === "card.dealt");
    expect(
      shown.map((event) => [event.position, event.totals["seat-1.1"], event.totals["seat-1.2"]]),
    ).toEqual([
      ["seat-1.1-2", 21, 11],
      ["seat-1.2-2", 21, 16],
    ]);
    expect(types(split).at(-1)).toBe("turn.started");
    expect(decisions.pending(t.round)).toMatchObject({ seat: 2 });
    t.act(2, "stand");
    expect(t.rows()).toEqual(["main@1 10→20", "main@2 10→0", "split@1 10→0"]);
    expect(t.returned()).toEqual(t.engineReturned());
  });

  it("surrender after the dealer's check returns half the stake", () => {
    const t = new LiveTable(["TH 6D"], "TC 7S");
    t.deal();
    expect(decisions.pending(t.round)!.actions).toContain("surrender");
    expect(t.act(1, "surrender")).toContainEqual(
      expect.objectContaining({ reason: "surrender", amount: 5 * POINT }),
    );
    expect(t.round.dealt).toBe(true);
    expect(t.rows()).toEqual(["main@1 10→5"]);
  });

  it("even money and insurance against the dealer's blackjack; the hole card is turned by the next dealer step", () => {
    const t = new LiveTable(["AH KD", "9H 7D"], "AC KS");
    t.deal();
    expect(decisions.pending(t.round)).toEqual({
      seat: 1,
      hand: 0,
      kind: "insurance",
      actions: ["evenMoney", "declineInsurance"],
      onTimeout: "declineInsurance",
    });
    expect(t.settled(1, t.act(1, "evenMoney"))).toEqual(["even money 20"]);
    expect(decisions.pending(t.round)!.actions).toEqual(["insurance", "declineInsurance"]);
    const stake = decisions.actionStake(t.round, 2, "insurance");
    expect(stake).toEqual({ ok: true, stake: { bet: "insurance", seat: 2, amount: 5 * POINT } });
    if (stake.ok && stake.stake !== null) t.bets.push(stake.stake);
    const result = decisions.act(t.shoe, t.round, 2, "insurance");
    if (!result.ok) throw new Error(result.refusal.message);
    expect(types(result.events)).toEqual(["action.taken", "hand.settled", "hand.settled"]);
    t.round = result.round;
    expect(definition.publicView(t.round).cards.map(({ position }) => position)).not.toContain(
      "dealer-2",
    );
    const end = definition.dealerStep(t.shoe, t.round);
    expect(types(end.events)).toEqual(["card.dealt", "round.result"]);
    expect(end.events[0]).toMatchObject({ position: "dealer-2", card: card("KS") });
    t.round = end.round;
    expect(t.rows()).toEqual(["main@1 10→20", "main@2 10→10", "insurance@2 5→5"]);
    expect(t.returned()).toEqual(t.engineReturned());
  });

  it("a timeout declines insurance and stands, never hits; lost insurance returns nothing", () => {
    const t = new LiveTable(["9H 7D", "TH 8D"], "AC 7S");
    t.deal();
    t.act(1, "insurance");
    const declined = t.timeout();
    expect(declined[0]).toMatchObject({
      type: "action.taken",
      seat: 2,
      action: "declineInsurance",
      timedOut: true,
    });
    expect(t.settled(1, declined)).toEqual(["insurance 0"]);
    t.act(1, "stand");
    const stood = t.timeout();
    expect(stood[0]).toMatchObject({
      action: "stand",
      timedOut: true,
      hands: [{ cards: cards("TH 8D") }],
    });
    expect(t.rows()).toEqual(["main@1 10→0", "main@2 10→10", "insurance@1 5→0"]);
    expect(t.returned()).toEqual(t.engineReturned());
  });
});

describe("what the public sees and what a restart resumes", () => {
  it("the hole card is never in the round, its view or its events before the dealer's turn", () => {
    const t = new LiveTable(["TH 6D", "5H 6C"], "9C QH", "2C 9D TC");
    const hole = card("QH");
    const holeOut = () => {
      const view = definition.publicView(t.round);
      expect(view.cards.map(({ card }) => card)).not.toContain(hole);
      expect(view.totals.dealer ?? 9).toBe(9);
      expect(t.round.cards).not.toContain(hole);
    };
    holeOut();
    const deal = t.deal();
    holeOut();
    expect(deal.find((event) => event.type === "card.faceDown")).toEqual({
      type: "card.faceDown",
      position: "dealer-2",
      totals: { "seat-1.1": 16, "seat-2.1": 11, dealer: 9 },
    });
    t.act(1, "hit");
    holeOut();
    t.act(1, "stand");
    holeOut();
    t.act(2, "double");
    expect(definition.publicView(t.round).cards.map(({ card }) => card)).toContain(hole);
    expect(definition.outcome(t.round)).toMatchObject({
      dealer: { cards: cards("9C QH"), result: 19 },
    });
  });

  it("a round persisted mid-action (JSON) resumes with the same cards, events and returns", () => {
    const play = (t: LiveTable) => [
      ...t.act(1, "split", "stand", "stand", "stand"),
      ...t.act(2, "hit"),
    ];
    const t = new LiveTable(["8H 8D", "TH 4D"], "9C 7S", "8C TS 9H 5C TD 6S");
    t.deal();
    t.act(1, "split");
    const saved = JSON.parse(
      JSON.stringify({ shoe: shoeToJson(t.shoe), round: t.round, bets: t.bets }),
    ) as {
      shoe: Parameters<typeof shoeFromJson>[0];
      round: typeof t.round;
      bets: typeof t.bets;
    };
    const resumed = new LiveTable(["8H 8D", "TH 4D"], "9C 7S", "8C TS 9H 5C TD 6S");
    Object.assign(resumed, { shoe: shoeFromJson(saved.shoe), round: saved.round });
    resumed.bets.splice(0, resumed.bets.length, ...saved.bets);
    expect(play(resumed)).toEqual(play(t));
    expect(resumed.round).toEqual(t.round);
    expect(shoeToJson(resumed.shoe)).toEqual(shoeToJson(t.shoe));
    expect(resumed.rows()).toEqual(t.rows());
    expect(t.returned()).toEqual(t.engineReturned());
  });
});
