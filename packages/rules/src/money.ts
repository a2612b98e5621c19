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

const grouping = new Intl.NumberFormat("en-US");

/**
 * Minor units as points, for people: 500000 → "5,000", 150 → "1.50" (integer arithmetic, no
 * floats). The one way points are written, in the rules' messages and on every screen.
 */
export function formatPoints(minorUnits: number): string {
  if (!Number.isSafeInteger(minorUnits)) {
    throw new RangeError(`points must be whole minor units, got ${minorUnits}`);
  }
  const sign = minorUnits < 0 ? "-" : "";
  const units = Math.abs(minorUnits);
  const whole = grouping.format(Math.trunc(units / POINT));
  const fraction = units % POINT;
  return fraction === 0
    ? `${sign}${whole}`
    : `${sign}${whole}.${String(fraction).padStart(2, "0")}`;
}
