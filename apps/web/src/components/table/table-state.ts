import type { TableDetail } from "~/game-api";
import type { TableEvent } from "~/table-stream";

export type TableRound = NonNullable<TableDetail["round"]>;
export type Phase = TableRound["phase"];

/**
 * A table's public state after one more event (docs/live-tables.md, Events to browsers): what
 * `tables.get` would answer now. Events of another round than the one shown leave it as it is; a
 * resync from `tables.get` repairs anything missed.
 */
export function applyTableEvent(state: TableDetail, event: TableEvent): TableDetail {
  const round = state.round;
  const ofRound = round !== null && event.roundId === round.id;
  switch (event.type) {
    case "round.opened": {
      const { payload } = event;
      return {
        ...state,
        round: {
          id: payload.roundId,
          number: payload.number,
          phase: "betting",
          closesAt: payload.closesAt,
          betsOffered: payload.betsOffered,
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
      return ofRound && round.waitingForBet && event.payload.bettors > 0
        ? { ...state, round: { ...round, waitingForBet: false } }
        : state;
    case "round.closed":
      return ofRound ? { ...state, round: { ...round, phase: "dealing" } } : state;
    case "card.dealt": {
      if (!ofRound) return state;
      const { position, card, totals } = event.payload;
      return {
        ...state,
        round: { ...round, cards: [...round.cards, { position, card }], totals },
        shoe:
          state.shoe === null
            ? null
            : { ...state.shoe, cardsLeft: Math.max(0, state.shoe.cardsLeft - 1) },
      };
    }
    case "card.withdrawn": {
      // A studio dealer took back the round's last card: it goes, with the totals before it.
      if (!ofRound) return state;
      const { position, totals } = event.payload;
      const at = round.cards.findLastIndex((shown) => shown.position === position);
      if (at < 0) return state;
      return {
        ...state,
        round: { ...round, cards: round.cards.filter((_, k) => k !== at), totals },
        shoe: state.shoe === null ? null : { ...state.shoe, cardsLeft: state.shoe.cardsLeft + 1 },
      };
    }
    case "round.result": {
      if (!ofRound) return state;
      const { outcome, roadMark } = event.payload;
      return {
        ...state,
        round: { ...round, outcome: outcome ?? null },
        road: roadMark === undefined ? state.road : [...state.road, roadMark],
        lastResult: { roundId: round.id, number: round.number, outcome: outcome ?? null },
      };
    }
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
      const { shoeId, commitment, cardCount, burn, dealing } = event.payload;
      return {
        ...state,
        road: [],
        shoe: {
          id: shoeId,
          dealing: dealing ?? "automatic",
          commitment,
          roundsDealt: 0,
          // The shown card and the cards it burned have left the shoe.
          cardsLeft: cardCount - 1 - (burn?.burnCount ?? 0),
          firstBurn: burn,
          startedAt: event.at,
          endedAt: null,
        },
      };
    }
    case "shoe.ended":
      return state.shoe === null ? state : { ...state, shoe: { ...state.shoe, endedAt: event.at } };
    case "table.updated":
      // The table as `tables.get` would show it now: its status, limits, names, dealing and
      // video (absent from events written before they existed: the table's as it was).
      return event.payload.id === state.table.id
        ? {
            ...state,
            table: {
              ...event.payload,
              dealing: event.payload.dealing ?? state.table.dealing,
              stream: event.payload.stream ?? state.table.stream,
            },
          }
        : state;
    default:
      return state;
  }
}
