/**
 * Reads stored round state (`rounds.state`) back as the runtime's `LiveRound`. The check is the
 * envelope every game shares (number, first, cards, dealt, lastRound) and nothing deeper: the
 * dealer reads a round before every step, and the game's own fields are only ever written by
 * that game's definition in the same row. A row that is not a round fails here, naming it.
 */
import type { LiveRound } from "@fuda/rules";

type Fields = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The first envelope field of `json` that is not as `LiveRound` has it, or null. */
function wrongField(json: Fields): string | null {
  if (!Number.isInteger(json.number)) return "number";
  if (!Number.isInteger(json.first)) return "first";
  if (!Array.isArray(json.cards)) return "cards";
  if (typeof json.dealt !== "boolean") return "dealt";
  if (typeof json.lastRound !== "boolean") return "lastRound";
  return null;
}

export function isLiveRound(json: unknown): json is LiveRound {
  return isObject(json) && wrongField(json) === null;
}

/**
 * `json` as a stored round, or a TypeError naming `where` (e.g. "round 7c…: state") and the
 * first envelope field that is wrong.
 */
export function liveRoundFromJson(json: unknown, where = "round state"): LiveRound {
  if (isLiveRound(json)) return json;
  const field = isObject(json) ? wrongField(json) : null;
  throw new TypeError(
    field === null
      ? `${where} is not a stored round`
      : `${where} is not a stored round: bad ${field}`,
  );
}
