import type { Game } from "./game-api";

const MINOR_UNITS_PER_POINT = 100;
const grouping = new Intl.NumberFormat("en-US");

/** Minor units as points: 500000 → "5,000", 150 → "1.50" (integer arithmetic, no floats). */
export function formatPoints(minorUnits: number): string {
  if (!Number.isSafeInteger(minorUnits)) {
    throw new RangeError(`points must be whole minor units, got ${minorUnits}`);
  }
  const sign = minorUnits < 0 ? "-" : "";
  const units = Math.abs(minorUnits);
  const whole = grouping.format(Math.trunc(units / MINOR_UNITS_PER_POINT));
  const fraction = units % MINOR_UNITS_PER_POINT;
  return fraction === 0
    ? `${sign}${whole}`
    : `${sign}${whole}.${String(fraction).padStart(2, "0")}`;
}

export const GAME_NAMES: Record<Game, string> = {
  baccarat: "Baccarat",
  "quick-baccarat": "Quick Baccarat",
  "pok-deng": "Pok Deng",
  "joker-blackjack": "Joker Blackjack",
};

/** Operators compare times across services: always UTC, to the second. */
export function formatTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}
