import { describe, expect, it } from "vitest";

import type { TableEvent } from "@fuda/contracts";

import { applyJokerBlackjackEvent, outcomeOf } from "../src/components/joker-blackjack/round-view";
import { envelope, ROUND_ID, tableDetail } from "./table-events";

/** The events in order, each on the state the previous one left. */
const replay = (events: readonly TableEvent[], state = tableDetail("joker-blackjack", "dealing")) =>
  events.reduce(applyJokerBlackjackEvent, state);

const ofRound = { roundId: ROUND_ID, number: 7 };
const hand = (cards: number[], total: number, stake = 1_000) => ({
  cards,
  total,
  stake,
  returned: 0,
  settled: false,
});

describe("the joker blackjack table's state after each event (applyJokerBlackjackEvent)", () => {
  it("a seat is taken, marked leaving, then freed", () => {
    const seat = { seat: 3, playerId: "alice", name: "Alice", leaving: false };
    const taken = replay([
      { ...envelope(1, { roundId: null }), type: "seat.taken", payload: seat },
    ]);
    expect(taken.seats).toEqual([seat]);
    const leaving = replay(
      [
        {
          ...envelope(2, { roundId: null }),
          type: "seat.leaving",
          payload: { ...seat, leaving: true },
        },
      ],
      taken,
    );
    expect(leaving.seats).toEqual([{ ...seat, leaving: true }]);
    const left = replay(
      [{ ...envelope(3, { roundId: null }), type: "seat.left", payload: seat }],
      leaving,
    );
    expect(left.seats).toEqual([]);
  });

  it("turn.started makes the seat's decision pending, with its timer; action.taken ends it and shows the hands", () => {
    const started = replay([
      {
        ...envelope(1),
        type: "turn.started",
        payload: {
          ...ofRound,
          seat: 2,
          hand: 0,
          kind: "turn",
          actions: ["hit", "stand", "double"],
          onTimeout: "stand",
          actsBy: "2026-12-01T12:00:16.000Z",
        },
      },
    ]);
    expect(started.round?.pending).toEqual({
      seat: 2,
      hand: 0,
      kind: "turn",
      actions: ["hit", "stand", "double"],
      onTimeout: "stand",
      actsBy: "2026-12-01T12:00:16.000Z",
    });
    const acted = replay(
      [
        {
          ...envelope(2),
          type: "action.taken",
          payload: {
            ...ofRound,
            seat: 2,
            hand: 0,
            action: "double",
            timedOut: false,
            stake: 1_000,
            hands: [hand([0x19, 0x22, 0x3a], 21, 2_000)],
          },
        },
      ],
      started,
    );
    expect(acted.round?.pending).toBeNull();
    expect(acted.round?.seats).toEqual([
      { seat: 2, hands: [hand([0x19, 0x22, 0x3a], 21, 2_000)], returned: 0 },
    ]);
  });

  it("a seat's card lands in its hand at its place, with the hand's running total", () => {
    const state = replay([
      {
        ...envelope(1),
        type: "card.dealt",
        payload: { ...ofRound, position: "seat-4.1-1", card: 0x1a, totals: { "seat-4.1": 10 } },
      },
      {
        ...envelope(2),
        type: "card.dealt",
        payload: {
          ...ofRound,
          position: "dealer-1",
          card: 0x27,
          totals: { "seat-4.1": 10, dealer: 7 },
        },
      },
      {
        ...envelope(3),
        type: "card.dealt",
        payload: {
          ...ofRound,
          position: "seat-4.1-2",
          card: 0x29,
          totals: { "seat-4.1": 19, dealer: 7 },
        },
      },
    ]);
    expect(state.round?.seats).toEqual([
      { seat: 4, hands: [{ ...hand([0x1a, 0x29], 19), stake: 0 }], returned: 0 },
    ]);
  });

  it("hand.settled adds to the seat's returns; only a settle or top-up of the hand counts on the hand", () => {
    const dealt = replay([
      {
        ...envelope(1),
        type: "action.taken",
        payload: {
          ...ofRound,
          seat: 1,
          hand: 0,
          action: "stand",
          timedOut: true,
          stake: 0,
          hands: [hand([0x1a, 0x2b], 20)],
        },
      },
    ]);
    const settled = (bet: string, kind: string, amount: number): TableEvent => ({
      ...envelope(2),
      type: "hand.settled",
      payload: {
        ...ofRound,
        seat: 1,
        hand: 0,
        bet,
        kind,
        reason: "win",
        stake: 1_000,
        amount,
        awards: [],
      },
    });
    const state = replay([settled("hand", "settle", 2_000), settled("hand", "bonus", 500)], dealt);
    expect(state.round?.seats).toEqual([
      {
        seat: 1,
        hands: [{ ...hand([0x1a, 0x2b], 20), returned: 2_000, settled: true }],
        returned: 2_500,
      },
    ]);
  });

  it("round.result shows the outcome's seats and ends any pending decision; an outcome of another shape keeps them", () => {
    const seats = [
      {
        seat: 1,
        hands: [{ ...hand([0x1a, 0x2b], 20), returned: 2_000, settled: true }],
        insurance: 0,
        returned: 2_000,
      },
    ];
    const outcome = { dealer: { cards: [0x27, 0x2a], result: 17 }, seats };
    const result = (value: unknown): TableEvent => ({
      ...envelope(3),
      type: "round.result",
      payload: { ...ofRound, outcome: value, roadMark: { dealer: 17, premiums: [] } },
    });
    const state = replay([result(outcome)]);
    expect(state.round?.seats).toEqual([{ seat: 1, hands: seats[0]!.hands, returned: 2_000 }]);
    expect(state.round?.pending).toBeNull();
    expect(outcomeOf(outcome)?.dealer.result).toBe(17);
    const before = replay([result({ dealer: "17" })]);
    expect(before.round?.seats).toEqual([]);
  });

  it("a round event of another round than the one shown changes nothing", () => {
    const before = tableDetail("joker-blackjack", "dealing");
    const after = replay(
      [
        {
          ...envelope(1, { roundId: "9d8c7b6a-5f4e-4d3c-8b2a-190817263544" }),
          type: "card.dealt",
          payload: { ...ofRound, position: "seat-1.1-1", card: 3, totals: {} },
        },
      ],
      before,
    );
    expect(after).toBe(before);
  });
});
