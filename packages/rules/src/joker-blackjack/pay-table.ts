/**
 * A table's pay table (docs/rules/joker-blackjack.md, Pay table): what each premium and a
 * player's joker return, as multiples of the hand's stake. The rule book's figures are the
 * default; an operator may set others per table.
 */
import { PREMIUM_NAMES, PREMIUMS } from "./premiums";
import type { PremiumName } from "./premiums";

export interface PayTable {
  /** Each premium's total return, stake included, as a multiple of the hand's stake. */
  readonly premiums: Readonly<Record<PremiumName, number>>;
  /** A player's joker (its normal effect): the bet's total return, stake included. */
  readonly playerJoker: number;
}

export const DEFAULT_PAY_TABLE: PayTable = {
  premiums: Object.fromEntries(PREMIUM_NAMES.map((name) => [name, PREMIUMS[name].pays])) as Record<
    PremiumName,
    number
  >,
  playerJoker: 2,
};

/** What an operator may set: any part of the pay table, the rest from the default. */
export interface PayTableEdit {
  readonly premiums?: Readonly<Partial<Record<string, unknown>>>;
  readonly playerJoker?: unknown;
}

/** A pay the rules refuse, by its field (`premiums.Three 7s`, `playerJoker`) and the rule. */
export interface PayTableProblem {
  readonly field: string;
  readonly message: string;
}

/**
 * The bounds of a pay. At least the stake back: a premium or a joker makes the bet final, so
 * a pay below 1× would take the stake for a winning hand. A multiple of ½: stakes are whole
 * points, so every return stays a whole number of minor units (as blackjack's 2.5× does).
 */
export const PAY_BOUNDS = {
  premiums: { min: 1, max: 1000 },
  playerJoker: { min: 1, max: 100 },
} as const;

function payProblem(
  field: string,
  value: unknown,
  bounds: { min: number; max: number },
): PayTableProblem | null {
  if (typeof value !== "number" || !Number.isFinite(value)) {
    return { field, message: `${field}: a number (the total return, stake included)` };
  }
  if (value < bounds.min || value > bounds.max || !Number.isInteger(value * 2)) {
    return {
      field,
      message: `${field}: a multiple of 0.5 from ${bounds.min} to ${bounds.max} (the total return, stake included), got ${value}`,
    };
  }
  return null;
}

/**
 * The pay table an edit makes over `base` (the default unless given), or every problem with it,
 * each naming its field.
 */
export function payTableFrom(
  edit: PayTableEdit,
  base: PayTable = DEFAULT_PAY_TABLE,
): { ok: true; payTable: PayTable } | { ok: false; problems: PayTableProblem[] } {
  const problems: PayTableProblem[] = [];
  const premiums: Record<PremiumName, number> = { ...base.premiums };
  for (const [name, value] of Object.entries(edit.premiums ?? {})) {
    const field = `premiums.${name}`;
    if (!(PREMIUM_NAMES as readonly string[]).includes(name)) {
      problems.push({ field, message: `${field}: no such premium (${PREMIUM_NAMES.join(", ")})` });
      continue;
    }
    const problem = payProblem(field, value, PAY_BOUNDS.premiums);
    if (problem !== null) problems.push(problem);
    else premiums[name as PremiumName] = value as number;
  }
  let playerJoker = base.playerJoker;
  if (edit.playerJoker !== undefined) {
    const problem = payProblem("playerJoker", edit.playerJoker, PAY_BOUNDS.playerJoker);
    if (problem !== null) problems.push(problem);
    else playerJoker = edit.playerJoker as number;
  }
  return problems.length > 0
    ? { ok: false, problems }
    : { ok: true, payTable: { premiums, playerJoker } };
}
