import fc from "fast-check";
import type { Card } from "@fuda/shoe";
import { describe, expect, it } from "vitest";

import {
  DEFAULT_CONFIG,
  JokerBlackjackError,
  apply,
  behindReturn,
  createRound,
  legalActions,
  nextDealerStep,
  PLAYER_ACTIONS,
  replay,
} from "../../src/joker-blackjack";
import type {
  JokerBlackjackEvent,
  PlayerAction,
  RoundState,
  SeatEntry,
  Settlement,
} from "../../src/joker-blackjack";
import { seatsArb, shoeArb as arbitraryShoe } from "./arbitraries";

const shoeArb = arbitraryShoe(120);

const ACTIONS: (PlayerAction | "timeout")[] = [...PLAYER_ACTIONS, "timeout"];

/** The events legal now: the dealer's step, or the acting seat's actions and timeout. */
function legalEvents(state: RoundState): JokerBlackjackEvent[] {
  const step = nextDealerStep(state);
  if (step !== null) return [{ type: step }];
  const seat = state.seats[state.turn];
  if (seat === undefined) return [];
  return [...legalActions(state, seat.seat), "timeout" as const].map((type) => ({
    type,
    seat: seat.seat,
  }));
}

function operatorEvents(state: RoundState, pick: number): JokerBlackjackEvent[] {
  if (state.phase === "deal" || state.phase === "over") return [];
  const events: JokerBlackjackEvent[] = [
    { type: "unrecoverable", operator: "op" },
    { type: "improperDeal", operator: "op" },
  ];
  if (state.step > state.settledStep) {
    const toStep = state.settledStep + (pick % (state.step - state.settledStep));
    events.push({ type: "rewind", toStep, operator: "op" });
  }
  return events;
}

interface Played {
  events: JokerBlackjackEvent[];
  settlements: Settlement[];
  state: RoundState;
  states: RoundState[];
}

/** Plays random legal events (operator events now and then) until the round is over. */
function play(seats: SeatEntry[], shoe: Card[], choices: number[], operators: boolean): Played {
  let state = createRound(DEFAULT_CONFIG, seats, { cards: shoe, position: 0 });
  const played: Played = { events: [], settlements: [], state, states: [state] };
  // An operator steps in at most twice a round (a rewind replayed forever would never end).
  let operatorTurns = operators ? 2 : 0;
  for (let k = 0; state.phase !== "over"; k++) {
    if (k > 500) throw new Error("the round did not terminate");
    const choice = choices[k % choices.length]!;
    const operator = operatorTurns > 0 && choice % 11 === 0 ? operatorEvents(state, choice) : [];
    if (operator.length > 0) operatorTurns--;
    const options = operator.length > 0 ? operator : legalEvents(state);
    const event = options[choice % options.length]!;
    const result = apply(state, event);
    state = result.state;
    played.events.push(event);
    played.settlements.push(...result.settlements);
    played.states.push(state);
  }
  played.state = state;
  return played;
}

const roundArb = fc.record({
  seats: seatsArb,
  shoe: shoeArb,
  choices: fc.array(fc.nat(), { minLength: 1, maxLength: 60 }),
  operators: fc.boolean(),
});

const RUNS = { numRuns: 200 };

describe("joker blackjack properties", () => {
  it("every round terminates and every bet is settled exactly once", () => {
    fc.assert(
      fc.property(roundArb, ({ seats, shoe, choices, operators }) => {
        const { state, settlements } = play(seats, shoe, choices, operators);
        for (const seat of state.seats) {
          const mine = settlements.filter((s) => s.seat === seat.seat && s.kind === "settle");
          seat.hands.forEach((hand, h) => {
            expect(mine.filter((s) => s.bet === "hand" && s.hand === h)).toHaveLength(1);
            expect(hand.final).toBe(true);
          });
          expect(mine.filter((s) => s.bet === "hand" && s.hand >= seat.hands.length)).toHaveLength(
            0,
          );
          expect(mine.filter((s) => s.bet === "insurance")).toHaveLength(
            seat.insurance > 0 ? 1 : 0,
          );
        }
      }),
      RUNS,
    );
  });

  it("no event is accepted out of turn or when illegal: a clear error, the state unchanged", () => {
    fc.assert(
      fc.property(roundArb, fc.nat(), ({ seats, shoe, choices }, pick) => {
        const { states } = play(seats, shoe, choices, false);
        const state = states[pick % states.length]!;
        const legal = legalEvents(state).map((event) => JSON.stringify(event));
        const before = JSON.stringify({ ...state, previous: null, shoe: null });
        const candidates: JokerBlackjackEvent[] = [
          { type: "deal" },
          { type: "reveal" },
          { type: "draw" },
          ...seats.flatMap((seat) => ACTIONS.map((type) => ({ type, seat: seat.seat }))),
        ];
        for (const event of candidates) {
          if (legal.includes(JSON.stringify(event))) continue;
          expect(() => apply(state, event)).toThrow(JokerBlackjackError);
        }
        expect(JSON.stringify({ ...state, previous: null, shoe: null })).toBe(before);
      }),
      { numRuns: 150 },
    );
  });

  it("returned amounts stay within their bounds and holdings add up", () => {
    fc.assert(
      fc.property(roundArb, ({ seats, shoe, choices, operators }) => {
        const { state, settlements } = play(seats, shoe, choices, operators);
        for (const s of settlements) {
          expect(Number.isSafeInteger(s.amount) && s.amount >= 0).toBe(true);
          if (s.kind === "settle" || s.kind === "topUp")
            expect(s.amount).toBeLessThanOrEqual(50 * s.stake);
        }
        for (const seat of state.seats) {
          const mine = settlements.filter((s) => s.seat === seat.seat);
          seat.hands.forEach((hand, h) => {
            const onHand = mine.filter(
              (s) =>
                s.bet === "hand" && s.hand === h && (s.kind === "settle" || s.kind === "topUp"),
            );
            const total = onHand.reduce((sum, s) => sum + s.amount, 0);
            expect(total).toBe(hand.paid);
            expect(total).toBeLessThanOrEqual(50 * hand.stake);
          });
          // A refund gives back exactly the stakes of cancelled actions, gone from the state.
          const returned = mine.reduce((sum, s) => sum + (s.kind === "refund" ? 0 : s.amount), 0);
          const furtherStakes =
            seat.hands.reduce((sum, hand) => sum + hand.stake, 0) - seat.stake + seat.insurance;
          expect(seat.holdings).toBe(seat.balance - furtherStakes + returned);
        }
      }),
      RUNS,
    );
  });

  it("a bet behind the size of the seat's bet returns its first hand's payment, halved when doubled", () => {
    fc.assert(
      fc.property(roundArb, ({ seats, shoe, choices, operators }) => {
        const { state, settlements } = play(seats, shoe, choices, operators);
        const dealer = state.holeRevealed ? state.dealer : state.dealer.slice(0, 1);
        for (const seat of state.seats) {
          const first = seat.hands[0]!;
          const settle = settlements.find(
            (s) => s.seat === seat.seat && s.bet === "hand" && s.hand === 0 && s.kind === "settle",
          )!;
          const backed = behindReturn(seat.stake, seat.seat, settlements, dealer);
          expect(Number.isSafeInteger(backed) && backed >= 0).toBe(true);
          // Even money and insurance are the seated player's own choices (behind.test.ts).
          if (settle.reason === "even money" || settle.reason === "insurance") continue;
          expect(backed).toBe(first.doubled ? first.paid / 2 : first.paid);
        }
      }),
      RUNS,
    );
  });

  it("rewinds burn each card at most once, and only cards already out of the shoe", () => {
    fc.assert(
      fc.property(roundArb, ({ seats, shoe, choices }) => {
        const { state } = play(seats, shoe, choices, true);
        expect(new Set(state.burnedPositions).size).toBe(state.burnedPositions.length);
        expect(state.burnedPositions.every((k) => k < state.position)).toBe(true);
        expect(state.burnedPositions.map((k) => shoe[k])).toEqual(state.burned);
      }),
      RUNS,
    );
  });

  it("apply never changes the state it is given (earlier states stay valid for rewinds)", () => {
    fc.assert(
      fc.property(roundArb, ({ seats, shoe, choices, operators }) => {
        const snapshot = (state: RoundState) =>
          JSON.stringify({ ...state, previous: null, shoe: null });
        const { events } = play(seats, shoe, choices, operators);
        let state = createRound(DEFAULT_CONFIG, seats, { cards: shoe, position: 0 });
        const states = [state];
        const taken = [snapshot(state)];
        for (const event of events) {
          state = apply(state, event).state;
          states.push(state);
          taken.push(snapshot(state));
        }
        expect(states.map(snapshot)).toEqual(taken);
      }),
      { numRuns: 100 },
    );
  });

  it("replay is identical: the same shoe and events give the same state and settlements", () => {
    fc.assert(
      fc.property(roundArb, ({ seats, shoe, choices, operators }) => {
        const played = play(seats, shoe, choices, operators);
        const again = replay(DEFAULT_CONFIG, seats, { cards: shoe, position: 0 }, played.events);
        expect(again.settlements).toEqual(played.settlements);
        expect({ ...again.state, previous: null }).toEqual({ ...played.state, previous: null });
      }),
      { numRuns: 150 },
    );
  });
});
