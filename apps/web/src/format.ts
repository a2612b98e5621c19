import { baccarat } from "@fuda/rules";

import type { Game, Limit } from "./game-api";

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

/** A bet type's stake range in points: { min: 100, max: 500000 } → "1–5,000". */
export function formatLimit(limit: Limit): string {
  return `${formatPoints(limit.min)}–${formatPoints(limit.max)}`;
}

export const GAME_NAMES: Record<Game, string> = {
  baccarat: "Baccarat",
  "quick-baccarat": "Quick Baccarat",
  "pok-deng": "Pok Deng",
  "joker-blackjack": "Joker Blackjack",
};

/** Lobby order: the baccarat family first, as the catalogue lists the games. */
export const GAME_ORDER: readonly Game[] = [
  "baccarat",
  "quick-baccarat",
  "pok-deng",
  "joker-blackjack",
];

function words(key: string): string[] {
  return key
    .replace(/([a-z])([A-Z0-9])/g, "$1 $2")
    .replace(/([0-9])([A-Za-z])/g, "$1 $2")
    .split(/[\s_-]+/)
    .filter((word) => word.length > 0);
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const namedBets = (ids: readonly baccarat.BetId[]) =>
  Object.fromEntries(ids.map((id) => [id, baccarat.BET_NAMES[id]]));

/**
 * Each game's bets in the order its table layout shows them, by the names players know them by
 * (from @fuda/rules; Pok Deng's "Player N bet" is one limit for every seat). The stored limits
 * carry no order of their own (a JSON object in PostgreSQL comes back with its keys re-sorted).
 */
const BET_CATALOG: Record<Game, Record<string, string>> = {
  baccarat: namedBets(baccarat.BET_IDS),
  "quick-baccarat": namedBets(baccarat.QUICK_SPOTS),
  "pok-deng": { seat: "Player (each seat)", seatPair: "Player Pair (each seat)" },
  "joker-blackjack": { main: "Main bet" },
};

/** A bet's name: the catalog's, else its key in words ("dragonBonus" → "Dragon Bonus"). */
export function betName(game: Game, key: string): string {
  return BET_CATALOG[game][key] ?? words(key).map(capitalise).join(" ");
}

export interface BetLimitLine {
  bet: string;
  name: string;
  limit: Limit;
}

/** A table's limits in its game's layout order; bets the catalog does not know come last. */
export function betLimitLines(game: Game, limits: Record<string, Limit>): BetLimitLine[] {
  const order = Object.keys(BET_CATALOG[game]);
  const rank = (bet: string) => (order.includes(bet) ? order.indexOf(bet) : order.length);
  return Object.entries(limits)
    .map(([bet, limit]) => ({ bet, name: betName(game, bet), limit }))
    .sort((a, b) => rank(a.bet) - rank(b.bet) || a.bet.localeCompare(b.bet));
}

/** Variants read as a phrase: "no-commission" → "No commission". */
export function variantName(variant: string): string {
  return capitalise(words(variant).join(" ").toLowerCase());
}

/** The betting window; 0 means the hand is dealt on demand (the quick game has no countdown). */
export function formatCountdown(seconds: number): string {
  if (seconds <= 0) return "Deal on demand";
  if (seconds < 60) return `${seconds} s to bet`;
  const rest = seconds % 60;
  return `${Math.floor(seconds / 60)} min${rest === 0 ? "" : ` ${rest} s`} to bet`;
}
