import type { GameName } from "@fuda/contracts";
import { baccarat } from "@fuda/rules";
import type { StakeLimit, TableLimits } from "@fuda/rules";

/** How each game is written for people; the keys are the API's game names. */
export const GAME_LABELS: Readonly<Record<GameName, string>> = {
  baccarat: "Baccarat",
  "quick-baccarat": "Quick Baccarat",
  "pok-deng": "Pok Deng",
  "joker-blackjack": "Joker Blackjack",
};

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
const BET_CATALOG: Readonly<Record<GameName, Record<string, string>>> = {
  baccarat: namedBets(baccarat.BET_IDS),
  "quick-baccarat": namedBets(baccarat.QUICK_SPOTS),
  "pok-deng": { seat: "Player (each seat)", seatPair: "Player Pair (each seat)" },
  "joker-blackjack": { main: "Main bet", behind: "Bet Behind" },
};

/** A bet's name: the catalog's, else its key in words ("dragonBonus" → "Dragon Bonus"). */
export function betName(game: GameName, key: string): string {
  return BET_CATALOG[game][key] ?? words(key).map(capitalise).join(" ");
}

export interface BetLimitLine {
  bet: string;
  name: string;
  limit: StakeLimit;
}

/** A table's limits in its game's layout order; bets the catalog does not know come last. */
export function betLimitLines(game: GameName, limits: TableLimits): BetLimitLine[] {
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
