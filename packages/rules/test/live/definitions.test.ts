/** The same tests for every registered game definition: no game-specific branch here. */
import { shoeFromJson, shoeToJson } from "@fuda/shoe";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { TableGameDefinition } from "../../src";
import { GAME_DEFINITIONS, gameDefinition } from "../../src";
import { advance, dealShoe, dealToEnd, everyBet, limitsOf, openRound, shoeOf } from "./helpers";

const FIELD = /^bets(\.\d+\.(bet|seat|amount))?$/;

describe.each(
  GAME_DEFINITIONS.map(
    (definition) => [`${definition.game}/${definition.variant}`, definition] as const,
  ),
)("%s", (_, definition: TableGameDefinition) => {
  it("is found in the registry by its public names (with decisions, by a runtime that drives them)", () => {
    expect(gameDefinition(definition.game, definition.variant, { decisions: true })).toBe(
      definition,
    );
    expect(gameDefinition(definition.game, definition.variant)).toBe(
      definition.decisions === undefined ? definition : null,
    );
    expect(gameDefinition(definition.game, "quick", { decisions: true })).toBeNull();
  });

  it("deals a whole shoe one card per step at most; the result comes with the last step", () => {
    const shoe = shoeOf(definition, "whole-shoe");
    let road: unknown[] = [];
    let rounds = 0;
    while (!shoe.finished) {
      let round = openRound(definition, shoe);
      expect(round.number).toBe(++rounds);
      while (!round.dealt) {
        const step = advance(definition, shoe, round);
        const shown = step.events.flatMap((event) =>
          event.type === "card.dealt" ? [event.card] : [],
        );
        expect(step.round.cards).toEqual([...round.cards, ...shown]);
        const types = step.events.map(({ type }) => type);
        // Only a game with decisions has steps that show no card (a face-down card, an ending).
        if (definition.decisions === undefined) expect(shown).toHaveLength(1);
        if (step.dealer) expect(shown.length).toBeLessThanOrEqual(1);
        expect(types.includes("round.result")).toBe(step.round.dealt);
        if (step.round.dealt) expect(types.at(-1)).toBe("round.result");
        expect(step.round.lastRound).toBe(step.round.dealt && shoe.finished);
        round = step.round;
      }
      road = definition.updateRoad(road, round);
    }
    expect(road).toHaveLength(rounds);
    expect(rounds).toBeGreaterThan(10);
  });

  it("never shows a card before its step reveals it", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 10 }),
        (seed, skip) => {
          const shoe = shoeOf(definition, seed);
          for (let r = 1; r < skip; r++) dealToEnd(definition, shoe, openRound(definition, shoe));
          let round = openRound(definition, shoe);
          const shown: number[] = [];
          expect(definition.publicView(round).cards).toEqual([]);
          while (!round.dealt) {
            const step = advance(definition, shoe, round);
            for (const event of step.events)
              if (event.type === "card.dealt") shown.push(event.card);
            round = step.round;
            // The view shows exactly the cards the events have revealed so far, in that order.
            const view = definition.publicView(round);
            expect(view.cards.map(({ card }) => card)).toEqual(shown);
            expect(view.outcome === null).toBe(!round.dealt);
            expect(JSON.stringify(view)).toBe(JSON.stringify(definition.publicView(round)));
          }
          expect(round.cards).toEqual(shown);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("resumes a round persisted mid-round with the same remaining steps and returns", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.nat(12), (seed, steps) => {
        const shoe = shoeOf(definition, seed);
        let round = openRound(definition, shoe);
        for (let k = 0; k < steps && !round.dealt; k++)
          round = advance(definition, shoe, round).round;
        const saved = JSON.stringify({ shoe: shoeToJson(shoe), round });
        const resumed = JSON.parse(saved) as {
          shoe: Parameters<typeof shoeFromJson>[0];
          round: typeof round;
        };
        const restarted = dealToEnd(definition, shoeFromJson(resumed.shoe), resumed.round);
        const original = dealToEnd(definition, shoe, round);
        expect(restarted.events).toEqual(original.events);
        expect(restarted.round).toEqual(original.round);
        const bets = everyBet(definition);
        expect(definition.settle(restarted.round, bets)).toEqual(
          definition.settle(original.round, bets),
        );
      }),
      { numRuns: 40 },
    );
  });

  it("refuses to go on with a shoe that is not where the round left it", () => {
    const shoe = shoeOf(definition, "elsewhere");
    const round = openRound(definition, shoe);
    const early = shoeFromJson(shoeToJson(shoe));
    const step = definition.dealerStep(shoe, round);
    // A round whose first card the shoe does not agree with.
    expect(() => definition.dealerStep(early, { ...round, first: round.first - 1 })).toThrow(
      RangeError,
    );
    expect(() => definition.dealerStep(early, round)).not.toThrow();
    const next = dealToEnd(definition, shoe, step.round);
    expect(definition.isDealt(next.round)).toBe(true);
    // The next round's state against this round's shoe, and a dealt-past shoe against a step.
    const later = openRound(definition, shoe);
    expect(() => definition.dealerStep(early, later)).toThrow(RangeError);
    expect(() => definition.dealerStep(shoe, step.round)).toThrow(RangeError);
  });

  it("deals and settles the same for the same shoe and bets", () => {
    const run = () => {
      const shoe = shoeOf(definition, "same");
      const dealt = dealToEnd(definition, shoe, openRound(definition, shoe));
      return {
        events: dealt.events,
        returns: definition.settle(dealt.round, everyBet(definition)),
      };
    };
    expect(run()).toEqual(run());
  });

  it("accepts a slip within the limits and reserves at least each stake", () => {
    const bets = everyBet(definition);
    expect(definition.validateBets(bets, { round: 1, limits: limitsOf(definition) })).toEqual([]);
    for (const bet of bets) expect(definition.reservedFor(bet)).toBeGreaterThanOrEqual(bet.amount);
  });

  it("refuses as values naming the field: another game's bet, below and above the limits", () => {
    const other = GAME_DEFINITIONS.find(({ game }) => game !== definition.game)!;
    const foreign = other.bets.find(({ id }) => !definition.bets.some((bet) => bet.id === id))!;
    const [valid] = everyBet(definition);
    const refusals = definition.validateBets(
      [
        { ...valid!, amount: 100 },
        { ...valid!, bet: foreign.id, amount: 500 },
        { ...everyBet(definition, 200_000).at(-1)! },
      ],
      { round: 1, limits: limitsOf(definition) },
    );
    for (const refusal of refusals) {
      expect(refusal.field).toMatch(FIELD);
      expect(refusal.message.length).toBeGreaterThan(0);
    }
    expect(refusals.map(({ code, field }) => ({ code, field }))).toEqual(
      expect.arrayContaining([
        { code: "BELOW_MIN", field: "bets.0.amount" },
        { code: "BET_NOT_OFFERED", field: "bets.1.bet" },
        { code: "ABOVE_MAX", field: "bets.2.amount" },
      ]),
    );
  });

  it("returns nothing for a lost bet and never more than the best payout allows", () => {
    const shoe = shoeOf(definition, "returns");
    const bets = everyBet(definition);
    for (const round of dealShoe(definition, shoe)) {
      definition.settle(round, bets).forEach((returned, index) => {
        const bet = bets[index]!;
        const best = Math.max(
          ...definition.bets
            .find(({ id }) => id === bet.bet)!
            .payouts.map(({ win, per }) => win / per),
        );
        expect(returned).toBeGreaterThanOrEqual(0);
        expect(returned).toBeLessThanOrEqual(definition.reservedFor(bet) + bet.amount * best);
      });
    }
  });
});
