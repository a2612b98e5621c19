/**
 * Joker blackjack's live round as plain JSON, and the engine behind it: the bettors and the
 * engine's event log are the round (with the shoe, `replay` gives it again); everything else in
 * it is what has been shown, kept so that the views, the pending decision and the settlement
 * need no shoe (docs/rules/live-tables.md, Game definitions).
 */
import { drawCards } from "@fuda/shoe";
import type { Shoe } from "@fuda/shoe";

import type { Decision, RoundSeat } from "../live/decisions";
import type { LiveRound } from "../live/definition";
import type { PublicSeat } from "../live/events";
import type { PayTable } from "./pay-table";
import { legalActions } from "./turns";
import { apply, createRound } from "./round";
import type {
  ApplyResult,
  JokerBlackjackConfig,
  JokerBlackjackEvent,
  RoundState,
  Settlement,
} from "./types";

/** A seat as shown: its hands, and the insurance stake (0 when none was taken). */
export interface JokerBlackjackSeat extends PublicSeat {
  readonly insurance: number;
}

/**
 * A stake an action added, a bet row of its own: `double`, `split`, `insurance`, and for a
 * second one of a kind on the seat (a re-split, an action taken again after a rewind) `split-2`…
 */
export interface ActionStakeRow {
  readonly bet: string;
  readonly seat: number;
  readonly amount: number;
  /** The engine step the action made: a rewind to an earlier step cancels it. */
  readonly step: number;
  readonly cancelled: boolean;
}

export interface JokerBlackjackRound extends LiveRound {
  /** Where each of `cards` was dealt: `seat-3.1-2` (seat 3, hand 1, card 2), `dealer-1`… */
  readonly positions: readonly string[];
  /** The bettors in acting order (seat 1 first); null until betting closes. */
  readonly bettors: readonly RoundSeat[] | null;
  /** The engine's events in the order applied: with the shoe they are the round. */
  readonly log: readonly JokerBlackjackEvent[];
  /** Cards of the deal shown so far (the hole card counts once dealt face down), of `dealCards`. */
  readonly dealShown: number;
  readonly dealCards: number;
  readonly holeShown: boolean;
  /** The engine's events in effect, and the last that settled a bet (a rewind goes between). */
  readonly step: number;
  readonly settledStep: number;
  readonly seats: readonly JokerBlackjackSeat[];
  /** The dealer's cards shown: the up card, the hole card once revealed, the draws. */
  readonly dealer: readonly number[];
  /** The engine's settlement records shown so far, in order. */
  readonly settlements: readonly Settlement[];
  readonly pending: Decision | null;
  readonly stakes: readonly ActionStakeRow[];
  /**
   * The table's pay table when the round began: the round settles by it to the end, so an
   * operator's change takes effect from the next round. Absent in rounds begun before pay
   * tables were a table setting: those pay the table's own (the rule book's).
   */
  readonly payTable?: PayTable;
}

export function asJokerBlackjackRound(round: LiveRound): JokerBlackjackRound {
  if (!("log" in round && "stakes" in round)) {
    throw new RangeError(`round ${round.number} is not a joker blackjack round`);
  }
  return round as JokerBlackjackRound;
}

export function newRound(number: number, first: number, payTable: PayTable): JokerBlackjackRound {
  return {
    payTable,
    number,
    first,
    cards: [],
    dealt: false,
    lastRound: false,
    positions: [],
    bettors: null,
    log: [],
    dealShown: 0,
    dealCards: 0,
    holeShown: false,
    step: 0,
    settledStep: 0,
    seats: [],
    dealer: [],
    settlements: [],
    pending: null,
    stakes: [],
  };
}

/** The round's engine state, and what each event of its log returned. */
export interface Engine {
  readonly state: RoundState;
  readonly results: readonly ApplyResult[];
}

/**
 * Replays the log against the shoe. The shoe must be in the round, at the card where the round
 * left it: a resumed round meets the same cards, or it is refused.
 */
export function engineOf(
  config: JokerBlackjackConfig,
  round: JokerBlackjackRound,
  shoe: Shoe,
): Engine {
  if (round.bettors === null) {
    throw new RangeError(`round ${round.number}: seat the bettors (seatBettors) before dealing`);
  }
  const pays = round.payTable ?? config.payTable;
  let state = createRound(
    pays === undefined ? config : { ...config, payTable: pays },
    round.bettors,
    { cards: shoe.cards, position: round.first },
  );
  const results: ApplyResult[] = [];
  for (const event of round.log) {
    const result = apply(state, event);
    results.push(result);
    state = result.state;
  }
  if (shoe.round !== round.number || !shoe.inRound || shoe.position !== state.position) {
    throw new RangeError(
      `round ${round.number} expects the shoe in that round at card ${state.position}, not in round ${shoe.round} at card ${shoe.position}`,
    );
  }
  return { state, results };
}

/** The shoe follows the engine: the cards it drew are out, those a rewind burned are marked. */
export function syncShoe(shoe: Shoe, state: RoundState): void {
  drawCards(shoe, state.position - shoe.position);
  for (const position of state.burnedPositions) shoe.burned[position] = 1;
}

/** The decision the engine waits for, or null (the dealer's turn, or the round is over). */
export function decisionOf(state: RoundState): Decision | null {
  if (state.phase !== "insurance" && state.phase !== "play") return null;
  const seat = state.seats[state.turn]!.seat;
  const insurance = state.phase === "insurance";
  return {
    seat,
    hand: state.hand,
    kind: insurance ? "insurance" : "turn",
    actions: legalActions(state, seat),
    onTimeout: insurance ? "declineInsurance" : "stand",
  };
}

/** The id of the bet row a further `action` stake of `seat` takes. */
export function stakeRowId(round: JokerBlackjackRound, seat: number, action: string): string {
  const before = round.stakes.filter(
    (row) => row.seat === seat && (row.bet === action || row.bet.startsWith(`${action}-`)),
  ).length;
  return before === 0 ? action : `${action}-${before + 1}`;
}
