import type { TableLimits } from "../limits";
import { POINT, formatPoints, isWholePoints } from "../money";
import { PAIR_BIT } from "./hand";
import type { SeatOutcome } from "./outcome";
import { SEAT_OUTCOME_NET, SEAT_OUTCOMES, seatOutcomeIndex } from "./outcome";
import type { PokDengRound, SeatNumber } from "./round";
import { SEAT_COUNT, bankerHandCode, isSeatNumber, seatHandCode } from "./round";

/** `seat`: the Player N bet (with deposit); `seatPair`: the Player N Pair bet. */
export type PokDengBetId = "seat" | "seatPair";
export const POK_DENG_BET_IDS: readonly PokDengBetId[] = ["seat", "seatPair"];

/** A bet on one seat. Money is integer minor units: 1 point = 100 units. */
export interface PokDengBet {
  id: PokDengBetId;
  seat: SeatNumber;
  stake: number;
}

/** What the Pair bet returns per unit staked when the seat's two cards are a pair (11:1). */
export const PAIR_RETURN = 12;

/** The game's name for a bet, for messages and displays: "Player 3", "Player 3 Pair". */
export const betName = (bet: Pick<PokDengBet, "id" | "seat">): string =>
  bet.id === "seat" ? `Player ${bet.seat}` : `Player ${bet.seat} Pair`;

/**
 * What placing the bet takes from the balance until it settles: a Player N bet reserves its
 * stake plus an equal deposit, because a 2:1 loss costs twice the stake; a Pair bet only its stake.
 */
export const reservedFor = (bet: Pick<PokDengBet, "id" | "stake">): number =>
  bet.id === "seat" ? 2 * bet.stake : bet.stake;

export const depositFor = (bet: Pick<PokDengBet, "id" | "stake">): number =>
  bet.id === "seat" ? bet.stake : 0;

export type BetViolationRule =
  | "UNKNOWN_BET"
  | "UNKNOWN_SEAT"
  | "STAKE_NOT_WHOLE_POINTS"
  | "BELOW_MIN"
  | "ABOVE_MAX"
  | "INSUFFICIENT_BALANCE";

export interface BetViolation {
  /** Index of the offending bet in the list, or null for a rule about the whole list. */
  bet: number | null;
  rule: BetViolationRule;
  message: string;
}

/** A bet naming no bet of this game or no seat, or null: such a bet can be neither placed nor settled. */
function unknownBetOrSeat(
  bet: PokDengBet,
): { rule: "UNKNOWN_BET" | "UNKNOWN_SEAT"; message: string } | null {
  if (!POK_DENG_BET_IDS.includes(bet.id)) {
    return {
      rule: "UNKNOWN_BET",
      message: `bet "${bet.id}" does not exist (bets: ${POK_DENG_BET_IDS.join(", ")})`,
    };
  }
  if (!isSeatNumber(bet.seat)) {
    return {
      rule: "UNKNOWN_SEAT",
      message: `${bet.id}: seat must be 1 to ${SEAT_COUNT}, got ${String(bet.seat)}`,
    };
  }
  return null;
}

/**
 * Every violation of the table's rules by a player's bets for one round (empty when all are
 * accepted). Stakes on the same spot add up before the limits apply; the balance must cover
 * everything the bets reserve, deposits included.
 */
export function validateBets(options: {
  bets: readonly PokDengBet[];
  /** Per-table minimum and maximum stake per bet type (per seat spot). */
  limits: TableLimits<PokDengBetId>;
  balance: number;
}): BetViolation[] {
  const { bets, limits, balance } = options;
  const violations: BetViolation[] = [];
  const spotTotals = new Map<string, { first: number; bet: PokDengBet; total: number }>();
  bets.forEach((bet, index) => {
    const unknown = unknownBetOrSeat(bet);
    if (unknown !== null) {
      violations.push({ bet: index, ...unknown });
      return;
    }
    if (!isWholePoints(bet.stake) || bet.stake <= 0) {
      violations.push({
        bet: index,
        rule: "STAKE_NOT_WHOLE_POINTS",
        message: `${betName(bet)}: stake must be a positive whole number of points (multiples of ${POINT} units), got ${String(bet.stake)}`,
      });
      return;
    }
    const key = `${bet.id}:${bet.seat}`;
    const spot = spotTotals.get(key);
    if (spot === undefined) spotTotals.set(key, { first: index, bet, total: bet.stake });
    else spot.total += bet.stake;
  });
  for (const { first, bet, total } of spotTotals.values()) {
    const { min, max } = limits[bet.id];
    if (total < min) {
      violations.push({
        bet: first,
        rule: "BELOW_MIN",
        message: `${betName(bet)}: stake ${formatPoints(total)} is below the table minimum of ${formatPoints(min)}`,
      });
    } else if (total > max) {
      violations.push({
        bet: first,
        rule: "ABOVE_MAX",
        message: `${betName(bet)}: stake ${formatPoints(total)} is above the table maximum of ${formatPoints(max)}`,
      });
    }
  }
  const reserved = bets.reduce(
    (sum, bet) => sum + (Number.isSafeInteger(bet.stake) && bet.stake > 0 ? reservedFor(bet) : 0),
    0,
  );
  if (reserved > balance) {
    violations.push({
      bet: null,
      rule: "INSUFFICIENT_BALANCE",
      message: `these bets reserve ${formatPoints(reserved)} (Player N bets hold a deposit equal to their stake) but the balance is ${formatPoints(balance)}`,
    });
  }
  return violations;
}

export interface PokDengSettlement {
  bet: PokDengBet;
  /** Player N bets only: how the seat's hand did against the Banker's. */
  outcome: SeatOutcome | null;
  /** Paid back of what the bet reserved, stake (and deposit) included. */
  returned: number;
  /** `returned` minus what the bet reserved: the player's gain (negative: loss). */
  net: number;
}

/** Settles one bet on a dealt round. Player N and Player N Pair settle independently (example 7). */
export function settleBet(bet: PokDengBet, round: PokDengRound): PokDengSettlement {
  // Refused rather than guessed: an unknown id would otherwise settle as a Player N bet.
  const unknown = unknownBetOrSeat(bet);
  if (unknown !== null) throw new RangeError(`cannot settle: ${unknown.message}`);
  if (!Number.isSafeInteger(bet.stake) || bet.stake <= 0) {
    throw new RangeError(
      `cannot settle ${betName(bet)}: stake must be a positive integer of units`,
    );
  }
  const seat = seatHandCode(round, bet.seat);
  if (bet.id === "seatPair") {
    const returned = (seat & PAIR_BIT) !== 0 ? PAIR_RETURN * bet.stake : 0;
    return { bet, outcome: null, returned, net: returned - bet.stake };
  }
  const outcome = seatOutcomeIndex(seat, bankerHandCode(round));
  // The reserved 2 × stake comes back with the net added: 1:1 loss → stake, 2:1 loss → 0.
  const returned = (2 + SEAT_OUTCOME_NET[outcome]!) * bet.stake;
  return { bet, outcome: SEAT_OUTCOMES[outcome]!, returned, net: returned - 2 * bet.stake };
}

export const settleRound = (
  bets: readonly PokDengBet[],
  round: PokDengRound,
): PokDengSettlement[] => bets.map((bet) => settleBet(bet, round));
