import { formatPoints, isWholePoints } from "../money";

import { operatorEvent } from "./corrections";
import { deal } from "./deal";
import { afterDealerCard, nextDealerStep } from "./dealer";
import { Draft, JokerBlackjackError, newHand, refuse } from "./draft";
import { isAllowed, legalActions, PLAYER_ACTIONS, playerAction } from "./turns";
import type {
  ApplyResult,
  DealerEvent,
  PlayerEvent,
  JokerBlackjackConfig,
  JokerBlackjackEvent,
  PlayerAction,
  RoundShoe,
  RoundState,
  SeatEntry,
  SeatState,
  Settlement,
} from "./types";

/** A new round: seats sorted into acting order (seat 1, the rightmost, first). Nothing dealt. */
export function createRound(
  config: JokerBlackjackConfig,
  seats: readonly SeatEntry[],
  shoe: RoundShoe,
): RoundState {
  if (seats.length === 0) throw new JokerBlackjackError("INVALID_SEATS", "a round needs a bettor");
  const ordered = seats.slice().sort((a, b) => a.seat - b.seat);
  let previousSeat = 0;
  for (const entry of ordered) {
    const { seat, stake, sitDownBalance, balance } = entry;
    if (!Number.isInteger(seat) || seat <= previousSeat || seat > config.seatCount) {
      throw new JokerBlackjackError(
        "INVALID_SEATS",
        `seat ${seat} must be a free seat number 1..${config.seatCount}`,
      );
    }
    previousSeat = seat;
    if (stake <= 0 || !isWholePoints(stake)) {
      throw new JokerBlackjackError("INVALID_SEATS", `seat ${seat}: stake must be whole points`);
    }
    const limit = config.limits?.main;
    if (limit !== undefined && (stake < limit.min || stake > limit.max)) {
      throw new JokerBlackjackError(
        "INVALID_SEATS",
        `seat ${seat}: stake ${formatPoints(stake)} is outside the table limits ` +
          `${formatPoints(limit.min)}..${formatPoints(limit.max)} points`,
      );
    }
    if (!Number.isSafeInteger(balance) || balance < 0) {
      throw new JokerBlackjackError("INVALID_SEATS", `seat ${seat}: balance must be ≥ 0 units`);
    }
    if (!Number.isSafeInteger(sitDownBalance) || sitDownBalance < 0) {
      throw new JokerBlackjackError("INVALID_SEATS", `seat ${seat}: sitDownBalance must be ≥ 0`);
    }
  }
  return {
    config,
    shoe: shoe.cards,
    position: shoe.position,
    seats: ordered.map((entry): SeatState => ({
      seat: entry.seat,
      player: entry.player,
      stake: entry.stake,
      sitDownBalance: entry.sitDownBalance,
      balance: entry.balance,
      hands: [newHand([], entry.stake, false)],
      holdings: entry.balance,
      insurance: 0,
      insuranceFinal: false,
      insuranceDecided: false,
    })),
    dealer: [],
    holeRevealed: false,
    phase: "deal",
    turn: -1,
    hand: -1,
    step: 0,
    dealStep: -1,
    settledStep: 0,
    burned: [],
    burnedPositions: [],
    audit: [],
    previous: null,
  };
}

const EVENT_TYPES = new Set<string>(["deal", "reveal", "draw", "timeout", ...PLAYER_ACTIONS]);

/**
 * Applies one event: a dealer step, a player's action (or their timeout) or an operator's
 * dealing-mistake decision. Returns the new state and what it settled; throws
 * `JokerBlackjackError` (and changes nothing) when the event is out of turn or illegal.
 */
export function apply(state: RoundState, event: JokerBlackjackEvent): ApplyResult {
  if (event.type === "rewind" || event.type === "unrecoverable" || event.type === "improperDeal") {
    return operatorEvent(state, event);
  }
  if (!EVENT_TYPES.has(event.type)) {
    throw new JokerBlackjackError("UNKNOWN_ACTION", `${event.type}: not an event of the round`);
  }
  return applyPlay(state, event, false);
}

/**
 * `apply` for simulators: writes the state in place and keeps no history (no rewinds). The
 * rules are the same code; only the copying is skipped.
 */
export function applyInPlace(state: RoundState, event: DealerEvent | PlayerEvent): ApplyResult {
  return applyPlay(state, event, true);
}

function applyPlay(
  state: RoundState,
  event: DealerEvent | PlayerEvent,
  inPlace: boolean,
): ApplyResult {
  if (state.phase === "over") refuse(`${event.type}: the round is over`);
  const step = state.step;
  const d = new Draft(state, inPlace);
  if (event.type === "deal" || event.type === "reveal" || event.type === "draw") {
    const expected = nextDealerStep(state);
    if (expected !== event.type) {
      refuse(`${event.type}: the dealer's next step is ${expected ?? "none (players are acting)"}`);
    }
    if (event.type === "deal") deal(d);
    else if (event.type === "reveal") {
      d.s.holeRevealed = true;
      afterDealerCard(d, state.dealer[1]!);
    } else {
      const card = d.draw();
      d.s.dealer = [...state.dealer, card];
      afterDealerCard(d, card);
    }
  } else {
    const i = state.turn;
    const seat = state.seats[i];
    if (seat?.seat !== event.seat) {
      throw new JokerBlackjackError(
        "NOT_YOUR_TURN",
        `${event.type}: it is not seat ${event.seat}'s turn` +
          (seat === undefined ? ` (phase ${state.phase})` : ` (seat ${seat.seat} is acting)`),
      );
    }
    let type: PlayerAction;
    if (event.type === "timeout") type = state.phase === "insurance" ? "declineInsurance" : "stand";
    else type = event.type;
    if (!isAllowed(state, seat, type)) {
      refuse(
        `${type}: not allowed for seat ${event.seat} now (allowed: ${legalActions(state, event.seat).join(", ")})`,
      );
    }
    playerAction(d, type, i);
  }
  d.s.step = step + 1;
  d.s.previous = inPlace ? null : state;
  if (event.type === "deal") d.s.dealStep = d.s.step;
  if (d.out.length > 0) d.s.settledStep = d.s.step;
  return { state: d.s, settlements: d.out, draws: d.draws };
}

/** Applies `events` in order from a new round: the same shoe and events, the same result. */
export function replay(
  config: JokerBlackjackConfig,
  seats: readonly SeatEntry[],
  shoe: RoundShoe,
  events: readonly JokerBlackjackEvent[],
): { state: RoundState; settlements: Settlement[] } {
  let state = createRound(config, seats, shoe);
  const settlements: Settlement[] = [];
  for (const event of events) {
    const result = apply(state, event);
    state = result.state;
    settlements.push(...result.settlements);
  }
  return { state, settlements };
}
