import { describe, expect, it } from "vitest";

import type { EventType, TableEvent } from "../src";
import {
  EVENT_TYPES,
  jokerBlackjackOutcomeSchema,
  ownReturnsOf,
  pokDengOutcomeSchema,
  tableEventSchema,
} from "../src";

const TABLE = "6f1c2b1e-8d1a-4a3e-9b55-2f0f6a3c9d10";
const ROUND = "0b7e4d3c-1a2b-4c5d-8e9f-a0b1c2d3e4f5";
const SHOE = "5a6b7c8d-1111-4222-8333-944455566677";
const ofRound = { roundId: ROUND, number: 12 };
const hand = { cards: [0x1a, 0x29], total: 19, stake: 1_000, returned: 0, settled: false };
const seat = { seat: 2, playerId: "alice", name: "Alice", leaving: false };

/** One event of every type, shaped as the runtime writes it (packages/live). */
const samples: { [Type in EventType]: Extract<TableEvent, { type: Type }>["payload"] } = {
  "shoe.started": {
    shoeId: SHOE,
    commitment: "c0ffee",
    cardCount: 416,
    burn: { shownCard: 0x19, burnCount: 9 },
  },
  "round.opened": {
    ...ofRound,
    shoeId: SHOE,
    closesAt: "2026-12-01T12:00:15.000Z",
    betsOffered: ["banker", "player", "tie"],
  },
  "bets.totals": { ...ofRound, stakes: { banker: 5_000 }, bettors: 2 },
  "round.closed": { ...ofRound, stakes: { banker: 5_000 }, bettors: 2 },
  "card.dealt": { ...ofRound, position: "player-1", card: 0x15, totals: { player: 5 } },
  "card.faceDown": { ...ofRound, position: "dealer-2", totals: { dealer: 7 } },
  "card.withdrawn": {
    ...ofRound,
    position: "banker-3",
    card: 0x2c,
    totals: { player: 5, banker: 3 },
  },
  "turn.started": {
    ...ofRound,
    seat: 2,
    hand: 0,
    kind: "turn",
    actions: ["hit", "stand"],
    onTimeout: "stand",
    actsBy: "2026-12-01T12:00:30.000Z",
  },
  "action.taken": {
    ...ofRound,
    seat: 2,
    hand: 0,
    action: "hit",
    timedOut: false,
    stake: 0,
    hands: [hand],
  },
  "hand.settled": {
    ...ofRound,
    seat: 2,
    hand: 0,
    bet: "hand",
    kind: "settle",
    reason: "Three 7s",
    stake: 1_000,
    amount: 6_000,
    awards: [],
  },
  "round.corrected": {
    ...ofRound,
    correction: "rewind",
    operator: "op-1",
    toStep: 3,
    burned: [0x22],
  },
  "round.result": {
    ...ofRound,
    outcome: { winner: "banker", playerTotal: 5, bankerTotal: 7 },
    roadMark: { winner: "banker" },
  },
  "round.settled": { ...ofRound, bets: 3, bettors: 2, staked: 6_000, returned: 4_000 },
  "round.cancelled": { ...ofRound, reason: "cut card", refunds: 2 },
  "round.voided": { ...ofRound, reason: "dealer error", voidedAt: "2026-12-01T13:00:00.000Z" },
  "shoe.ended": { shoeId: SHOE, reveal: { salt: "00ff", cards: "0102" }, rounds: 60 },
  "table.updated": {
    id: TABLE,
    slug: "baccarat-a",
    game: "baccarat",
    variant: "commission",
    name: "Baccarat A",
    status: "paused",
    countdownSeconds: 15,
    limits: { banker: { min: 1_000, max: 100_000 } },
    createdAt: "2026-12-01T00:00:00.000Z",
    updatedAt: "2026-12-01T12:00:00.000Z",
  },
  "seat.taken": seat,
  "seat.leaving": { ...seat, leaving: true },
  "seat.left": seat,
  "chat.message": {
    messageId: "41",
    userId: "player-1",
    name: "Aiko",
    role: "player",
    text: "こんにちは",
  },
  "chat.deleted": { messageId: "41" },
};

const stored = (type: string, payload: unknown, playerId: string | null = null) => ({
  id: "42",
  tableId: TABLE,
  roundId: ROUND,
  playerId,
  type,
  payload,
  at: "2026-12-01T12:00:00.000Z",
});

describe("the table events' contract", () => {
  it("reads an event of every type of the catalog with its payload as written", () => {
    for (const type of EVENT_TYPES) {
      const event = stored(type, samples[type]);
      expect(tableEventSchema.parse(event), type).toEqual(event);
    }
  });

  it("a player's own settlement, refund and void read with their own fields", () => {
    const own = {
      ...ofRound,
      bets: [{ id: "b", bet: "seat", seat: 1, amount: 1_000, returned: 0 }],
      returned: 0,
      balance: 9_000,
    };
    const settled = tableEventSchema.parse(stored("round.settled", own, "alice"));
    expect(ownReturnsOf(settled)).toEqual(own);
    const refunded = tableEventSchema.parse(stored("round.cancelled", own, "alice"));
    expect(ownReturnsOf(refunded)?.balance).toBe(9_000);
    expect(
      ownReturnsOf(tableEventSchema.parse(stored("round.settled", samples["round.settled"]))),
    ).toBeNull();
    const voided = { ...samples["round.voided"], amount: -1_000 };
    expect(tableEventSchema.parse(stored("round.voided", voided, "alice")).payload).toEqual(voided);
  });

  it("refuses a type outside the catalog", () => {
    expect(tableEventSchema.safeParse(stored("card.burned", samples["card.dealt"])).success).toBe(
      false,
    );
  });

  it("refuses a payload missing a field, of the wrong type, or of another event's shape", () => {
    const { card: _card, ...noCard } = samples["card.dealt"];
    expect(tableEventSchema.safeParse(stored("card.dealt", noCard)).success).toBe(false);
    expect(
      tableEventSchema.safeParse(stored("card.dealt", { ...samples["card.dealt"], card: "10♠" }))
        .success,
    ).toBe(false);
    expect(
      tableEventSchema.safeParse(stored("turn.started", samples["action.taken"])).success,
    ).toBe(false);
    expect(
      tableEventSchema.safeParse(
        stored("table.updated", { ...samples["table.updated"], status: "gone" }),
      ).success,
    ).toBe(false);
  });

  it("refuses an envelope without its id or time", () => {
    const { id: _id, ...noId } = stored("seat.left", samples["seat.left"]);
    expect(tableEventSchema.safeParse(noId).success).toBe(false);
    const { at: _at, ...noTime } = stored("seat.left", samples["seat.left"]);
    expect(tableEventSchema.safeParse(noTime).success).toBe(false);
  });

  it("reads each game's outcome with its own schema, not another game's", () => {
    const jokerBlackjack = {
      dealer: { cards: [0x27, 0x2a], result: 17 },
      seats: [{ seat: 1, hands: [hand], insurance: 0, returned: 0 }],
    };
    const pokDeng = {
      seats: [{ seat: 1, score: 8, outcome: "win2to1", pair: true }],
      bankerScore: 5,
    };
    expect(jokerBlackjackOutcomeSchema.parse(jokerBlackjack)).toEqual(jokerBlackjack);
    expect(pokDengOutcomeSchema.parse(pokDeng)).toEqual(pokDeng);
    expect(jokerBlackjackOutcomeSchema.safeParse(pokDeng).success).toBe(false);
    expect(pokDengOutcomeSchema.safeParse(jokerBlackjack).success).toBe(false);
    expect(
      jokerBlackjackOutcomeSchema.safeParse({
        ...jokerBlackjack,
        dealer: { cards: [], result: "won" },
      }).success,
    ).toBe(false);
  });
});
