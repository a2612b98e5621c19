/** Money is integer minor units: 1 point = 100 units. */
export const POINT = 100;

/** Odds "to 1" as a fraction: 0.95:1 is `{ win: 19, per: 20 }`, 7:2 is `{ win: 7, per: 2 }`. */
export interface Odds {
  readonly win: number;
  readonly per: number;
}

export function isWholePoints(amount: number): boolean {
  return Number.isSafeInteger(amount) && amount % POINT === 0;
}

/**
 * The winnings (stake not included) of `stake` at `odds`. Throws when they are not a whole
 * number of units: a payout is never rounded.
 */
export function winnings(stake: number, odds: Odds): number {
  const scaled = stake * odds.win;
  if (!Number.isSafeInteger(scaled) || scaled % odds.per !== 0) {
    throw new RangeError(
      `${stake} units at ${odds.win}:${odds.per} is not a whole number of units`,
    );
  }
  return scaled / odds.per;
}
