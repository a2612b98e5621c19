/**
 * Joker blackjack's bets at a live table: the main bet and the bet behind placed per seat in the
 * betting window, and the one place where the round's refusals (`JokerBlackjackError`) become a live table's.
 */
import { formatPoints, isWholePoints, POINT } from "../money";
import type { Odds } from "../money";
import type { LiveBet, Refusal, RefusalCode, SlipContext } from "../live/definition";
import { JokerBlackjackError } from "./draft";
import type { PayTable } from "./pay-table";
import { JOKER_BLACKJACK_BET_IDS } from "./types";

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

const BET_IDS: readonly string[] = JOKER_BLACKJACK_BET_IDS;

/**
 * The main bet and the bet behind on seats 1..seatCount: whole points, each seat's total per bet
 * within the bet's limits. A table without a `behind` limit of its own caps bets behind by its
 * `main` limit (tables made before Bet Behind). Whose seat it is, is the runtime's to check.
 */
export function validateSeatBets(
  slip: readonly LiveBet[],
  { limits, balance = Number.MAX_SAFE_INTEGER }: SlipContext,
  seatCount: number,
): Refusal[] {
  const refusals: Refusal[] = [];
  const spots = new Map<string, { bet: string; seat: number; first: number; total: number }>();
  let staked = 0;
  slip.forEach(({ bet, seat, amount }, index) => {
    const at = `bets.${index}`;
    if (!BET_IDS.includes(bet)) {
      refusals.push(
        refusal(
          "BET_NOT_OFFERED",
          `${at}.bet`,
          `${bet} is not a joker blackjack bet (${BET_IDS.join(", ")})`,
        ),
      );
    } else if (seat === undefined || !Number.isInteger(seat) || seat < 1 || seat > seatCount) {
      refusals.push(
        refusal(
          "UNKNOWN_SEAT",
          `${at}.seat`,
          `${bet}: seat must be 1..${seatCount}, got ${String(seat)}`,
        ),
      );
    } else if (!isWholePoints(amount) || amount <= 0) {
      refusals.push(
        refusal(
          "STAKE_NOT_WHOLE_POINTS",
          `${at}.amount`,
          `${bet} on seat ${seat}: stake must be a positive whole number of points (multiples of ${POINT} units), got ${String(amount)}`,
        ),
      );
    } else {
      const key = `${bet}@${seat}`;
      const spot = spots.get(key);
      if (spot === undefined) spots.set(key, { bet, seat, first: index, total: amount });
      else spot.total += amount;
      staked += amount;
    }
  });
  for (const { bet, seat, first, total } of spots.values()) {
    const limit = bet === "behind" ? (limits.behind ?? limits.main) : limits.main;
    if (limit === undefined) continue;
    const at = `bets.${first}.amount`;
    const stake = `${bet} on seat ${seat}: stake ${formatPoints(total)}`;
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
