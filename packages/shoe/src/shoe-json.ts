/**
 * Reads a stored shoe (`shoes.state`, a quick session's `shoe`) back as `ShoeJson`: a check of
 * each field's type, so a row that is not a shoe fails here, naming the field, rather than deep
 * in a deal. `shoeFromJson` then checks that the numbers agree with each other.
 */
import type { CutCardRange, ShoeJson } from "./shoe";

type Fields = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const isNumberList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => typeof item === "number");

const isCutCardRange = (value: unknown): value is CutCardRange =>
  isObject(value) && typeof value.minFromEnd === "number" && typeof value.maxFromEnd === "number";

/** The first field of `json` that is not as `ShoeJson` has it, or null. */
function wrongField(json: Fields): string | null {
  if (json.version !== 1) return "version";
  for (const field of ["cards", "salt"] as const) {
    if (typeof json[field] !== "string") return field;
  }
  for (const field of ["position", "cutIndex", "round"] as const) {
    if (typeof json[field] !== "number") return field;
  }
  for (const field of ["cutCardReached", "inRound", "finished"] as const) {
    if (typeof json[field] !== "boolean") return field;
  }
  for (const field of ["burned", "roundStarts"] as const) {
    if (!isNumberList(json[field])) return field;
  }
  if (!(json.cutCard === null || isCutCardRange(json.cutCard))) return "cutCard";
  if (!(json.studio === undefined || json.studio === true)) return "studio";
  return null;
}

export function isShoeJson(json: unknown): json is ShoeJson {
  return isObject(json) && wrongField(json) === null;
}

/**
 * `json` as a stored shoe, or a TypeError naming `where` (e.g. "shoe 1f…: state") and the first
 * field that is wrong.
 */
export function shoeJsonOf(json: unknown, where = "shoe state"): ShoeJson {
  if (isShoeJson(json)) return json;
  const field = isObject(json) ? wrongField(json) : null;
  throw new TypeError(
    field === null
      ? `${where} is not a stored shoe`
      : `${where} is not a stored shoe: bad ${field}`,
  );
}
