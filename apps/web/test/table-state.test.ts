import { describe, expect, it } from "vitest";

import type { TableEvent } from "@fuda/contracts";

import { applyTableEvent } from "../src/components/table/table-state";
import { envelope, ROUND_ID, SHOE_ID, TABLE_ID, tableDetail } from "./table-events";

const NEXT_ROUND = "9d8c7b6a-5f4e-4d3c-8b2a-190817263544";

/** The events in order, each on the state the previous one left. */
const replay = (events: readonly TableEvent[], state = tableDetail("baccarat")) =>
  events.reduce(applyTableEvent, state);

describe("a table's state after each event (applyTableEvent)", () => {
  it("round.opened starts the new round betting, empty, with the bets it offers", () => {
    const state = replay([
      {
        ...envelope(1, { roundId: NEXT_ROUND }),
        type: "round.opened",
        payload: {
          roundId: NEXT_ROUND,
          shoeId: SHOE_ID,
          number: 8,
          closesAt: "2026-12-01T12:01:00.000Z",
          betsOffered: ["banker", "player", "tie"],
        },
      },
    ]);
    expect(state.round).toEqual({
      id: NEXT_ROUND,
      number: 8,
      phase: "betting",
      closesAt: "2026-12-01T12:01:00.000Z",
      betsOffered: ["banker", "player", "tie"],
      waitingForBet: false,
      cards: [],
      totals: {},
      outcome: null,
      seats: [],
      pending: null,
    });
  });

  it("a window started again for want of a bet waits for one; bets.totals with a bettor ends the wait", () => {
    const opened: TableEvent = {
      ...envelope(1),
      type: "round.opened",
      payload: {
        roundId: ROUND_ID,
        shoeId: SHOE_ID,
        number: 7,
        closesAt: "2026-12-01T12:01:00.000Z",
        betsOffered: ["banker"],
        reopened: true,
      },
    };
    const totals = (bettors: number): TableEvent => ({
      ...envelope(2),
      type: "bets.totals",
      payload: { roundId: ROUND_ID, number: 7, stakes: { banker: 1_000 * bettors }, bettors },
    });
    expect(replay([opened]).round?.waitingForBet).toBe(true);
    expect(replay([opened, totals(0)]).round?.waitingForBet).toBe(true);
    expect(replay([opened, totals(1)]).round?.waitingForBet).toBe(false);
  });

  it("betting closes, cards come with their running totals and leave the shoe, the result adds a road mark", () => {
    const outcome = { winner: "banker", playerTotal: 5, bankerTotal: 7 };
    const roadMark = { winner: "banker", playerPair: false, bankerPair: false };
    const state = replay([
      {
        ...envelope(1),
        type: "round.closed",
        payload: { roundId: ROUND_ID, number: 7, stakes: { banker: 5_000 }, bettors: 2 },
      },
      {
        ...envelope(2),
        type: "card.dealt",
        payload: {
          roundId: ROUND_ID,
          number: 7,
          position: "player-1",
          card: 0x15,
          totals: { player: 5 },
        },
      },
      {
        ...envelope(3),
        type: "card.dealt",
        payload: {
          roundId: ROUND_ID,
          number: 7,
          position: "banker-1",
          card: 0x27,
          totals: { player: 5, banker: 7 },
        },
      },
      {
        ...envelope(4),
        type: "round.result",
        payload: { roundId: ROUND_ID, number: 7, outcome, roadMark },
      },
    ]);
    expect(state.round).toMatchObject({
      phase: "dealing",
      cards: [
        { position: "player-1", card: 0x15 },
        { position: "banker-1", card: 0x27 },
      ],
      totals: { player: 5, banker: 7 },
      outcome,
    });
    expect(state.shoe?.cardsLeft).toBe(298);
    expect(state.road).toEqual([roadMark]);
    expect(state.lastResult).toEqual({ roundId: ROUND_ID, number: 7, outcome });
  });

  it("an event of another round leaves the round shown as it is", () => {
    const before = tableDetail("baccarat", "dealing");
    const after = replay(
      [
        {
          ...envelope(1, { roundId: NEXT_ROUND }),
          type: "card.dealt",
          payload: { roundId: NEXT_ROUND, number: 8, position: "player-1", card: 3, totals: {} },
        },
      ],
      before,
    );
    expect(after).toBe(before);
  });

  it("only the public round.settled settles the round and counts it in the shoe; a player's own does not", () => {
    const own: TableEvent = {
      ...envelope(1, { playerId: "alice" }),
      type: "round.settled",
      payload: { roundId: ROUND_ID, number: 7, bets: [], returned: 0, balance: 9_000 },
    };
    const announced: TableEvent = {
      ...envelope(2),
      type: "round.settled",
      payload: {
        roundId: ROUND_ID,
        number: 7,
        bets: 3,
        bettors: 2,
        staked: 6_000,
        returned: 4_000,
      },
    };
    const dealing = tableDetail("baccarat", "dealing");
    expect(replay([own], dealing)).toBe(dealing);
    const settled = replay([own, announced], dealing);
    expect(settled.round?.phase).toBe("settled");
    expect(settled.shoe?.roundsDealt).toBe(7);
  });

  it("round.cancelled cancels the round shown", () => {
    const state = replay(
      [
        {
          ...envelope(1),
          type: "round.cancelled",
          payload: { roundId: ROUND_ID, number: 7, reason: "cut card", refunds: 2 },
        },
      ],
      tableDetail("baccarat", "dealing"),
    );
    expect(state.round?.phase).toBe("cancelled");
  });

  it("a new shoe clears the road; its first card and the cards it burned have left it", () => {
    const state = replay([
      {
        ...envelope(1, { roundId: null }),
        type: "shoe.started",
        payload: {
          shoeId: "11111111-2222-4333-8444-555555555555",
          commitment: "beef",
          cardCount: 416,
          burn: { shownCard: 0x19, burnCount: 9 },
        },
      },
    ]);
    expect(state.road).toEqual([]);
    expect(state.shoe).toEqual({
      id: "11111111-2222-4333-8444-555555555555",
      // An event written before studio dealing: the software's shoe.
      dealing: "automatic",
      commitment: "beef",
      roundsDealt: 0,
      cardsLeft: 416 - 1 - 9,
      firstBurn: { shownCard: 0x19, burnCount: 9 },
      startedAt: "2026-12-01T12:00:01.000Z",
      endedAt: null,
    });
  });

  it("a studio shoe starts with no commitment and says it is a studio's", () => {
    const state = replay([
      {
        ...envelope(1, { roundId: null }),
        type: "shoe.started",
        payload: {
          shoeId: "11111111-2222-4333-8444-555555555555",
          commitment: "",
          cardCount: 416,
          dealing: "studio",
          burn: { shownCard: 0x13, burnCount: 3 },
        },
      },
    ]);
    expect(state.shoe).toMatchObject({ dealing: "studio", commitment: "", cardsLeft: 416 - 4 });
  });

  it("table.updated keeps the table's dealing when the event predates it, else takes the event's", () => {
    const table = tableDetail("baccarat").table;
    const { dealing: _dealing, ...older } = table;
    const kept = replay([
      { ...envelope(1, { roundId: null }), type: "table.updated", payload: older },
    ]);
    expect(kept.table.dealing).toBe("automatic");
    const studio = replay([
      {
        ...envelope(2, { roundId: null }),
        type: "table.updated",
        payload: { ...table, dealing: "studio" },
      },
    ]);
    expect(studio.table.dealing).toBe("studio");
  });

  it("shoe.ended stamps the shoe's end with the event's time", () => {
    const state = replay([
      {
        ...envelope(5, { roundId: null }),
        type: "shoe.ended",
        payload: { shoeId: SHOE_ID, reveal: { salt: "00", cards: "0102" }, rounds: 7 },
      },
    ]);
    expect(state.shoe?.endedAt).toBe("2026-12-01T12:00:05.000Z");
  });

  it("table.updated shows the table as the operator left it; another table's is ignored", () => {
    const table = tableDetail("baccarat").table;
    const updated = (id: string): TableEvent => ({
      ...envelope(1, { roundId: null }),
      type: "table.updated",
      payload: { ...table, id, status: "paused", limits: { banker: { min: 2_000, max: 50_000 } } },
    });
    const state = replay([updated(TABLE_ID)]);
    expect(state.table.status).toBe("paused");
    expect(state.table.limits).toEqual({ banker: { min: 2_000, max: 50_000 } });
    const before = tableDetail("baccarat");
    expect(replay([updated("00000000-0000-4000-8000-000000000000")], before)).toBe(before);
  });
});
