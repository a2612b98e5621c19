import { describe, expect, it } from "vitest";

import type { TableEvent } from "@fuda/contracts";

import { applyJokerBlackjackEvent } from "../src/components/joker-blackjack/round-view";
import { applyTableEvent } from "../src/components/table/table-state";
import type { TableDetail } from "../src/game-api";
import { envelope, ROUND_ID, tableDetail } from "./table-events";

const ofRound = { roundId: ROUND_ID, number: 7 };

/** The shared reducer, then the game's own where it has one: as `useTableState` runs them. */
const replay = (
  events: readonly TableEvent[],
  state: TableDetail,
  own: (state: TableDetail, event: TableEvent) => TableDetail = (next) => next,
) => events.reduce((current, event) => own(applyTableEvent(current, event), event), state);

const dealt = (
  id: number,
  position: string,
  card: number,
  totals: Record<string, number>,
): TableEvent => ({
  ...envelope(id),
  type: "card.dealt",
  payload: { ...ofRound, position, card, totals },
});

const withdrawn = (
  id: number,
  position: string,
  card: number,
  totals: Record<string, number>,
): TableEvent => ({
  ...envelope(id),
  type: "card.withdrawn",
  payload: { ...ofRound, position, card, totals },
});

describe("card.withdrawn: a studio dealer took back the round's last card", () => {
  it("baccarat: the card leaves its place, the totals are the event's, the shoe holds it again", () => {
    const state = replay(
      [
        dealt(1, "player-1", 0x12, { player: 2, banker: 0 }),
        dealt(2, "banker-1", 0x04, { player: 2, banker: 4 }),
        dealt(3, "player-2", 0x13, { player: 5, banker: 4 }),
        withdrawn(4, "player-2", 0x13, { player: 2, banker: 4 }),
      ],
      tableDetail("baccarat", "dealing"),
    );
    expect(state.round?.cards).toEqual([
      { position: "player-1", card: 0x12 },
      { position: "banker-1", card: 0x04 },
    ]);
    expect(state.round?.totals).toEqual({ player: 2, banker: 4 });
    expect(state.shoe?.cardsLeft).toBe(300 - 2);
  });

  it("baccarat: the right card comes back and the next one takes its place", () => {
    const state = replay(
      [
        dealt(1, "player-1", 0x12, { player: 2, banker: 0 }),
        dealt(2, "banker-1", 0x04, { player: 2, banker: 4 }),
        withdrawn(3, "banker-1", 0x04, { player: 2, banker: 0 }),
        dealt(4, "banker-1", 0x05, { player: 2, banker: 5 }),
      ],
      tableDetail("baccarat", "dealing"),
    );
    expect(state.round?.cards.map((shown) => shown.card)).toEqual([0x12, 0x05]);
    expect(state.round?.totals).toEqual({ player: 2, banker: 5 });
  });

  it("Pok Deng: the seat's second card goes, its first stays", () => {
    const state = replay(
      [
        dealt(1, "seat-1-1", 0x19, { "seat-1": 9 }),
        dealt(2, "seat-1-2", 0x1d, { "seat-1": 9 }),
        withdrawn(3, "seat-1-2", 0x1d, { "seat-1": 9 }),
      ],
      tableDetail("pok-deng", "dealing"),
    );
    expect(state.round?.cards).toEqual([{ position: "seat-1-1", card: 0x19 }]);
  });

  it("joker blackjack: a seat's hit is taken back from its hand, with the hand's total before it", () => {
    const state = replay(
      [
        dealt(1, "seat-3.1-1", 0x1a, { "seat-3.1": 10 }),
        dealt(2, "dealer-1", 0x27, { "seat-3.1": 10, dealer: 7 }),
        dealt(3, "seat-3.1-2", 0x16, { "seat-3.1": 16, dealer: 7 }),
        dealt(4, "seat-3.1-3", 0x29, { "seat-3.1": 25, dealer: 7 }),
        withdrawn(5, "seat-3.1-3", 0x29, { "seat-3.1": 16, dealer: 7 }),
      ],
      tableDetail("joker-blackjack", "dealing"),
      applyJokerBlackjackEvent,
    );
    expect(state.round?.seats).toEqual([
      {
        seat: 3,
        hands: [{ cards: [0x1a, 0x16], total: 16, stake: 0, returned: 0, settled: false }],
        returned: 0,
      },
    ]);
    expect(state.round?.totals).toEqual({ "seat-3.1": 16, dealer: 7 });
    expect(state.round?.cards.map((shown) => shown.position)).toEqual([
      "seat-3.1-1",
      "dealer-1",
      "seat-3.1-2",
    ]);
  });

  it("joker blackjack: the dealer's card taken back leaves the seats as they are", () => {
    const state = replay(
      [
        dealt(1, "seat-3.1-1", 0x1a, { "seat-3.1": 10 }),
        dealt(2, "dealer-1", 0x27, { "seat-3.1": 10, dealer: 7 }),
        withdrawn(3, "dealer-1", 0x27, { "seat-3.1": 10 }),
      ],
      tableDetail("joker-blackjack", "dealing"),
      applyJokerBlackjackEvent,
    );
    expect(state.round?.cards).toEqual([{ position: "seat-3.1-1", card: 0x1a }]);
    expect(state.round?.seats[0]?.hands[0]?.cards).toEqual([0x1a]);
  });

  it("another round's card is not this round's: nothing changes", () => {
    const before = replay(
      [dealt(1, "player-1", 0x12, { player: 2 })],
      tableDetail("baccarat", "dealing"),
    );
    const after = replay(
      [
        {
          ...envelope(2, { roundId: "9d8c7b6a-5f4e-4d3c-8b2a-190817263544" }),
          type: "card.withdrawn",
          payload: { ...ofRound, position: "player-1", card: 0x12, totals: {} },
        },
      ],
      before,
    );
    expect(after).toBe(before);
  });
});
