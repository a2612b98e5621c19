/**
 * Joker blackjack's bets at a live table: the main bet placed per seat in the betting window,
 * and the one place where the round's refusals (`JokerBlackjackError`) become a live table's.
 */
import { formatPoints, isWholePoints, POINT } from "../money";
import type { Odds } from "../money";
import type { LiveBet, Refusal, RefusalCode, SlipContext } from "../live/definition";
import { JokerBlackjackError } from "./draft";
import type { PayTable } from "./pay-table";

/**
 * What the main bet can pay by `payTable`, "to 1": push, win, blackjack, the player's joker
 * (and the last seat's, a further 3×), each premium. The last seat's restore depends on
 * holdings, not the stake.
 */
export function mainPayouts({ premiums, playerJoker }: PayTable): readonly Odds[] {
  const joker = playerJoker - 1;
  return [
    ...new Set([0, 1, 1.5, joker, joker + 3, ...Object.values(premiums).map((pays) => pays - 1)]),
  ]
    .sort((a, b) => a - b)
    .map((win) => (Number.isInteger(win) ? { win, per: 1 } : { win: win * 2, per: 2 }));
}

const REFUSAL_OF: Readonly<
  Record<JokerBlackjackError["code"], Pick<Refusal, "code" | "field" | "kind">>
> = {
  UNKNOWN_ACTION: { code: "UNKNOWN_ACTION", field: "action", kind: "BAD_INPUT" },
  INVALID_SEATS: { code: "INVALID_SEATS", field: "seats", kind: "BAD_INPUT" },
  NOT_YOUR_TURN: { code: "NOT_YOUR_TURN", field: "seat", kind: "CONFLICT" },
  ILLEGAL_EVENT: { code: "ACTION_NOT_ALLOWED", field: "action", kind: "CONFLICT" },
  // The round cannot go on with this shoe: not the caller's input, so not BAD_INPUT.
  SHOE_EMPTY: { code: "SHOE_EMPTY", field: "shoe", kind: "CONFLICT" },
};

/**
 * The refusal a live table gives for a `JokerBlackjackError`: its code, the input it names
 * (`field` overrides it, e.g. an operator's correction names `type`), and whether it is bad input
 * or conflicts with the round as it stands (`kind`, as FudaError spells it). Anything else is
 * not a refusal and is thrown again.
 */
export function jokerBlackjackRefusal(error: unknown, field?: string): Refusal {
  if (!(error instanceof JokerBlackjackError)) throw error;
  const refusal = REFUSAL_OF[error.code];
  return { ...refusal, field: field ?? refusal.field, message: error.message };
}

function refusal(code: RefusalCode, field: string, message: string): Refusal {
  return { code, field, message };
}

/** The main bet on seats 1..seatCount: whole points, each seat's total within `main`'s limits. */
export function validateMainBets(
  slip: readonly LiveBet[],
  { limits, balance = Number.MAX_SAFE_INTEGER }: SlipContext,
  seatCount: number,
): Refusal[] {
  const refusals: Refusal[] = [];
  const seats = new Map<number, { first: number; total: number }>();
  let staked = 0;
  slip.forEach(({ bet, seat, amount }, index) => {
    const at = `bets.${index}`;
    if (bet !== "main") {
      refusals.push(
        refusal("BET_NOT_OFFERED", `${at}.bet`, `${bet} is not a joker blackjack bet (main)`),
      );
    } else if (seat === undefined || !Number.isInteger(seat) || seat < 1 || seat > seatCount) {
      refusals.push(
        refusal(
          "UNKNOWN_SEAT",
          `${at}.seat`,
          `main: seat must be 1..${seatCount}, got ${String(seat)}`,
        ),
      );
    } else if (!isWholePoints(amount) || amount <= 0) {
      refusals.push(
        refusal(
          "STAKE_NOT_WHOLE_POINTS",
          `${at}.amount`,
          `main on seat ${seat}: stake must be a positive whole number of points (multiples of ${POINT} units), got ${String(amount)}`,
        ),
      );
    } else {
      const spot = seats.get(seat);
      if (spot === undefined) seats.set(seat, { first: index, total: amount });
      else spot.total += amount;
      staked += amount;
    }
  });
  const limit = limits.main;
  if (limit !== undefined) {
    for (const [seat, { first, total }] of seats) {
      const at = `bets.${first}.amount`;
      const stake = `main on seat ${seat}: stake ${formatPoints(total)}`;
      if (total < limit.min) {
        refusals.push(
          refusal(
            "BELOW_MIN",
            at,
            `${stake} is below the table minimum of ${formatPoints(limit.min)}`,
          ),
        );
      } else if (total > limit.max) {
        refusals.push(
          refusal(
            "ABOVE_MAX",
            at,
            `${stake} is above the table maximum of ${formatPoints(limit.max)}`,
          ),
        );
      }
    }
  }
  if (staked > balance) {
    refusals.push(
      refusal(
        "INSUFFICIENT_BALANCE",
        "bets",
        `the slip stakes ${formatPoints(staked)} points but the balance is ${formatPoints(balance)}`,
      ),
    );
  }
  return refusals;
}
