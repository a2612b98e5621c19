/**
 * A table's first render and the envelope of its events, for the reducers' tests: the events
 * themselves are written as typed literals of the contract (packages/contracts), so a payload
 * field renamed there fails these tests' typecheck.
 */
import type { TableEvent } from "@fuda/contracts";

import type { TableDetail } from "../src/game-api";

export const TABLE_ID = "6f1c2b1e-8d1a-4a3e-9b55-2f0f6a3c9d10";
export const ROUND_ID = "0b7e4d3c-1a2b-4c5d-8e9f-a0b1c2d3e4f5";
export const SHOE_ID = "5a6b7c8d-1111-4222-8333-944455566677";

/** Everything of an event but its type and payload: a public event of the round shown. */
export const envelope = (
  id: number,
  {
    roundId = ROUND_ID,
    playerId = null,
  }: { roundId?: string | null; playerId?: string | null } = {},
): Omit<TableEvent, "type" | "payload"> => ({
  id: String(id),
  tableId: TABLE_ID,
  roundId,
  playerId,
  at: `2026-12-01T12:00:${String(id % 60).padStart(2, "0")}.000Z`,
});

/** `tables.get` of a table whose round `ROUND_ID` (number 7) is in `phase`, no card dealt yet. */
export function tableDetail(
  game: TableDetail["table"]["game"],
  phase: NonNullable<TableDetail["round"]>["phase"] = "betting",
): TableDetail {
  return {
    table: {
      id: TABLE_ID,
      slug: `${game}-1`,
      game,
      variant: game === "joker-blackjack" ? "seven-seat" : "commission",
      name: "Table 1",
      status: "open",
      countdownSeconds: 15,
      limits: { banker: { min: 1_000, max: 100_000 } },
      dealing: "automatic",
      stream: { hls: null, whep: null, poster: null },
      createdAt: "2026-12-01T00:00:00.000Z",
      updatedAt: "2026-12-01T00:00:00.000Z",
    },
    round: {
      id: ROUND_ID,
      number: 7,
      phase,
      closesAt: "2026-12-01T12:00:15.000Z",
      betsOffered: ["banker", "player"],
      waitingForBet: false,
      cards: [],
      totals: {},
      outcome: null,
      seats: [],
      pending: null,
    },
    shoe: {
      id: SHOE_ID,
      dealing: "automatic",
      commitment: "c0ffee",
      roundsDealt: 6,
      cardsLeft: 300,
      firstBurn: null,
      startedAt: "2026-12-01T11:00:00.000Z",
      endedAt: null,
    },
    road: [],
    lastResult: null,
    seats: [],
    lastEventId: "100",
  };
}
