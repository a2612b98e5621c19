import type { TableDetail } from "~/game-api";
import type { TableEvent } from "~/table-stream";

export type TableRound = NonNullable<TableDetail["round"]>;
export type Phase = TableRound["phase"];

const text = (value: unknown): string | undefined =>
  typeof value === "string" ? value : undefined;
const whole = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isInteger(value) ? value : undefined;
const numbers = (value: unknown): Record<string, number> | undefined =>
  typeof value === "object" && value !== null
    ? Object.fromEntries(
        Object.entries(value).filter((entry): entry is [string, number] => {
          return typeof entry[1] === "number";
        }),
      )
    : undefined;

/**
 * A table's public state after one more event (docs/live-tables.md, Events to browsers): what
 * `tables.get` would answer now. Events of another round than the one shown, or of a shape this
 * page does not know, leave it as it is; a resync from `tables.get` repairs anything missed.
 */
export function applyTableEvent(state: TableDetail, event: TableEvent): TableDetail {
  const { payload } = event;
  const round = state.round;
  const ofRound = round !== null && event.roundId === round.id;
  switch (event.type) {
    case "round.opened": {
      const id = text(payload.roundId) ?? event.roundId;
      const number = whole(payload.number);
      const closesAt = text(payload.closesAt);
      if (id === null || number === undefined || closesAt === undefined) return state;
      const betsOffered = Array.isArray(payload.betsOffered)
        ? payload.betsOffered.filter((bet): bet is string => typeof bet === "string")
        : [];
      return {
        ...state,
        round: {
          id,
          number,
          phase: "betting",
          closesAt,
          betsOffered,
          // Started again for want of a bet: the round waits until one comes.
          waitingForBet: payload.reopened === true,
          cards: [],
          totals: {},
          outcome: null,
          seats: [],
          pending: null,
        },
      };
    }
    case "bets.totals":
      // A stake ends the wait; no bet is taken back before the window closes.
      return ofRound && round.waitingForBet && (whole(payload.bettors) ?? 0) > 0
        ? { ...state, round: { ...round, waitingForBet: false } }
        : state;
    case "round.closed":
      return ofRound ? { ...state, round: { ...round, phase: "dealing" } } : state;
    case "card.dealt": {
      const position = text(payload.position);
      const card = whole(payload.card);
      if (!ofRound || position === undefined || card === undefined) return state;
      return {
        ...state,
        round: {
          ...round,
          cards: [...round.cards, { position, card }],
          totals: numbers(payload.totals) ?? round.totals,
        },
        shoe:
          state.shoe === null
            ? null
            : { ...state.shoe, cardsLeft: Math.max(0, state.shoe.cardsLeft - 1) },
      };
    }
    case "round.result":
      if (!ofRound) return state;
      return {
        ...state,
        round: { ...round, outcome: payload.outcome ?? null },
        road: payload.roadMark === undefined ? state.road : [...state.road, payload.roadMark],
        lastResult: { roundId: round.id, number: round.number, outcome: payload.outcome ?? null },
      };
    case "round.settled":
      // The public announcement only: a player's own one carries their returns, not the phase.
      if (!ofRound || event.playerId !== null) return state;
      return {
        ...state,
        round: { ...round, phase: "settled" },
        shoe:
          state.shoe === null ? null : { ...state.shoe, roundsDealt: state.shoe.roundsDealt + 1 },
      };
    case "round.cancelled":
      if (!ofRound || event.playerId !== null) return state;
      return { ...state, round: { ...round, phase: "cancelled" } };
    case "shoe.started": {
      const id = text(payload.shoeId);
      const cardCount = whole(payload.cardCount);
      const burn = payload.burn as { burnCount?: unknown } | null | undefined;
      if (id === undefined || cardCount === undefined) return state;
      return {
        ...state,
        road: [],
        shoe: {
          id,
          commitment: text(payload.commitment) ?? "",
          roundsDealt: 0,
          // The shown card and the cards it burned have left the shoe.
          cardsLeft: cardCount - 1 - (whole(burn?.burnCount) ?? 0),
          firstBurn: burn ?? null,
          startedAt: event.at,
          endedAt: null,
        },
      };
    }
    case "shoe.ended":
      return state.shoe === null ? state : { ...state, shoe: { ...state.shoe, endedAt: event.at } };
    case "table.updated": {
      const status = text(payload.status);
      return status === "open" || status === "paused" || status === "closed"
        ? { ...state, table: { ...state.table, status } }
        : state;
    }
    default:
      return state;
  }
}
