import type { BetLimit } from "@fuda/api";
import { baccarat } from "@fuda/rules";

const grouping = new Intl.NumberFormat("en-US");

/** Minor units as points: 500000 → "5,000", 150 → "1.50" (integer arithmetic, no floats). */
export function formatPoints(minorUnits: number): string {
  if (!Number.isSafeInteger(minorUnits)) {
    throw new RangeError(`points must be whole minor units, got ${minorUnits}`);
  }
  const sign = minorUnits < 0 ? "-" : "";
  const units = Math.abs(minorUnits);
  const whole = grouping.format(Math.trunc(units / baccarat.POINT));
  const fraction = units % baccarat.POINT;
  return fraction === 0
    ? `${sign}${whole}`
    : `${sign}${whole}.${String(fraction).padStart(2, "0")}`;
}

/** A bet type's stake range in points: { min: 100, max: 500000 } → "1–5,000". */
export function formatLimit(limit: BetLimit): string {
  return `${formatPoints(limit.min)}–${formatPoints(limit.max)}`;
}
