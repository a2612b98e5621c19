/**
 * Over many random shoes and tables: a round driven through the game definition (as a runtime,
 * persisting and resuming it mid-round) settles each seat's rows for exactly what the engine,
 * driven on its own with the same decisions, settles for that seat.
 */
import { shoeFromJson, shoeToJson } from "@fuda/shoe";
import type { Card } from "@fuda/shoe";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { LiveBet, LiveRound, RoundSeat } from "../../src";
import {
  apply,
  basicStrategy,
  createRound,
  DEFAULT_CONFIG,
  legalActions,
  nextDealerStep,
} from "../../src/joker-blackjack";
import type { JokerBlackjackRound } from "../../src/joker-blackjack/live-round";
import type { Settlement } from "../../src/joker-blackjack";
import { seatsArb, shoeArb as arbitraryShoe } from "../joker-blackjack/arbitraries";
import { decisions, definition, liveShoe } from "./joker-blackjack-table";

const shoeArb = arbitraryShoe(160);

interface Decision {
  seat: number;
  action: string;
}

/** The engine alone: basic strategy, with some seats choosing any legal action or timing out. */
function engineRound(cards: Card[], bettors: RoundSeat[], choices: number[]) {
  let state = createRound(DEFAULT_CONFIG, bettors, { cards, position: 0 });
  const made: Decision[] = [];
  const settlements: Settlement[] = [];
  for (let k = 0; state.phase !== "over"; k++) {
    const step = nextDealerStep(state);
    let result;
    if (step !== null) result = apply(state, { type: step });
    else {
      const seat = state.seats[state.turn]!.seat;
      const legal = legalActions(state, seat);
      const choice = choices[k % choices.length]!;
      // Basic strategy always declines insurance and even money: take them half the time.
      const anyLegal = choice % 3 === 0 || state.phase === "insurance";
      const action =
        choice % 7 === 0
          ? "timeout"
          : anyLegal
            ? legal[choice % legal.length]!
            : basicStrategy(state);
      made.push({ seat, action });
      result = apply(state, { type: action, seat });
    }
    state = result.state;
    settlements.push(...result.settlements);
  }
  return { state, made, settlements };
}

describe("the definition settles what the engine settles", () => {
  it("per seat, over random shoes, tables and decisions, resumed from JSON mid-round", () => {
    fc.assert(
      fc.property(
        shoeArb,
        seatsArb,
        fc.array(fc.nat(1000), { minLength: 1, maxLength: 40 }),
        fc.nat(40),
        (cards, bettors, choices, saveAt) => {
          const engine = engineRound(cards, bettors, choices);
          let shoe = liveShoe(cards);
          let round: LiveRound = decisions.seatBettors(definition.startRound(shoe), bettors);
          const bets: LiveBet[] = bettors.map(({ seat, stake }) => ({
            bet: "main",
            seat,
            amount: stake,
          }));
          const made = [...engine.made];
          for (let k = 0; !round.dealt; k++) {
            if (k === saveAt) {
              // A restart: the persisted shoe and round, parsed back, go on the same.
              const saved = JSON.parse(JSON.stringify({ shoe: shoeToJson(shoe), round })) as {
                shoe: Parameters<typeof shoeFromJson>[0];
                round: LiveRound;
              };
              shoe = shoeFromJson(saved.shoe);
              round = saved.round;
            }
            const pending = decisions.pending(round);
            if (pending === null) {
              round = definition.dealerStep(shoe, round).round;
            } else {
              const { seat, action } = made.shift()!;
              expect(pending.seat).toBe(seat);
              if (action === "timeout") round = decisions.timeout(shoe, round).round;
              else {
                expect(pending.actions).toContain(action);
                const stake = decisions.actionStake(round, seat, action);
                const result = decisions.act(shoe, round, seat, action);
                if (!stake.ok || !result.ok) throw new Error(`${action} refused`);
                expect(result.events[0]).toMatchObject({ stake: stake.stake?.amount ?? 0 });
                if (stake.stake !== null) bets.push(stake.stake);
                round = result.round;
              }
            }
            // The hole card is in the round only once it is shown.
            const live = round as JokerBlackjackRound;
            if (!live.positions.includes("dealer-2"))
              expect(live.dealer.length).toBeLessThanOrEqual(1);
          }
          expect(made).toEqual([]);
          expect(shoe.position).toBe(engine.state.position);
          expect((round as JokerBlackjackRound).settlements).toEqual(engine.settlements);
          const returns = definition.settle(round, bets);
          for (const { seat } of bettors) {
            const rows = returns.filter((_, k) => bets[k]!.seat === seat);
            const own = engine.settlements.filter((record) => record.seat === seat);
            expect(rows.reduce((sum, amount) => sum + amount, 0)).toBe(
              own.reduce((sum, record) => sum + record.amount, 0),
            );
            expect(rows.every((amount) => Number.isSafeInteger(amount) && amount >= 0)).toBe(true);
          }
        },
      ),
      { numRuns: 400 },
    );
  });
});
