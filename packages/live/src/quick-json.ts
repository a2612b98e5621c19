/**
 * Reads a stored quick game (`quick_sessions.state`) back as `QuickSessionJson`: the fields'
 * types, the shoe's field by field (`shoeJsonOf`); the last hand is checked for its id only,
 * since only `quickSessionToJson` writes it.
 */
import type { baccarat } from "@fuda/rules";
import { isShoeJson } from "@fuda/shoe";

import type { QuickSessionJson } from "./quick-view";

type Fields = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const SPOTS: readonly baccarat.QuickSpot[] = [
  "playerPair",
  "player",
  "tie",
  "banker",
  "bankerPair",
];

/** The first field of `json` that is not as `QuickSessionJson` has it, or null. */
function wrongField(json: Fields): string | null {
  if (json.version !== 1) return "version";
  if (typeof json.balance !== "number") return "balance";
  const { bets } = json;
  if (!(isObject(bets) && SPOTS.every((spot) => typeof bets[spot] === "number"))) return "bets";
  if (json.phase !== "betting" && json.phase !== "dealt") return "phase";
  if (typeof json.handsDealt !== "number") return "handsDealt";
  const { lastHand } = json;
  if (!(lastHand === null || (isObject(lastHand) && typeof lastHand.id === "string"))) {
    return "lastHand";
  }
  if (typeof json.shoeId !== "string") return "shoeId";
  if (!isShoeJson(json.shoe)) return "shoe";
  return null;
}

function isQuickSessionJson(json: unknown): json is QuickSessionJson {
  return isObject(json) && wrongField(json) === null;
}

/** `json` as a stored quick game, or a TypeError naming `where` and the first wrong field. */
export function quickSessionJsonOf(json: unknown, where = "quick session state"): QuickSessionJson {
  if (isQuickSessionJson(json)) return json;
  const field = isObject(json) ? wrongField(json) : null;
  throw new TypeError(
    field === null
      ? `${where} is not a stored quick game`
      : `${where} is not a stored quick game: bad ${field}`,
  );
}
