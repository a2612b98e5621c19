"use client";

/**
 * Joker blackjack's pay table on the table form (docs/operators.md, Pay table): each premium's
 * and the player's joker's total return, and the theoretical return of what is typed, simulated
 * in the background before the operator saves.
 */
import { jokerBlackjack } from "@fuda/rules";

import { Field } from "../limit-fields";
import type { Problem } from "../table-forms";
import formStyles from "../tables-admin.module.css";
import type { TheoryRequest } from "./protocol";
import { THEORY_ROUNDS, THEORY_SEED } from "./protocol";
import styles from "./pay-table.module.css";
import { useTheoreticalReturn } from "./theory";

const PREMIUM_FIELD = "settings.payTable.premiums.";
const JOKER_FIELD = "settings.payTable.playerJoker";

/** The pay table a table's settings hold: the stored one, else the rule book's. */
export function storedPayTable(settings: Record<string, unknown> | undefined) {
  const result =
    typeof settings?.payTable === "object" && settings.payTable !== null
      ? jokerBlackjack.payTableFrom(settings.payTable)
      : null;
  return result?.ok === true ? result.payTable : jokerBlackjack.DEFAULT_PAY_TABLE;
}

/** A typed pay: "" or words are not a number, and the rules say so. */
const pay = (text: string): number => (text === "" ? Number.NaN : Number(text));

/** A form's inputs by name, trimmed ("" when absent). */
type Text = (name: string) => string;

/** The names of the pay table's inputs, as the API names its refusals. */
export const payTableFieldNames = (): string[] => [
  ...jokerBlackjack.PREMIUM_NAMES.map((name) => `${PREMIUM_FIELD}${name}`),
  JOKER_FIELD,
];

/** The form's joker blackjack inputs as they start: the table's settings and pay table. */
export function storedText(settings: Record<string, unknown> | undefined): Text {
  const payTable = storedPayTable(settings);
  return (name) => {
    if (name === JOKER_FIELD) return String(payTable.playerJoker);
    if (name.startsWith(PREMIUM_FIELD)) {
      return String(
        payTable.premiums[name.slice(PREMIUM_FIELD.length) as jokerBlackjack.PremiumName],
      );
    }
    const value = settings?.[name.replace(/^settings\./, "")];
    return typeof value === "number" ? String(value) : "";
  };
}

/** The pays typed in the form, every one of them. */
function typedPays(text: Text) {
  return {
    premiums: Object.fromEntries(
      jokerBlackjack.PREMIUM_NAMES.map((name) => [name, pay(text(`${PREMIUM_FIELD}${name}`))]),
    ),
    playerJoker: pay(text(JOKER_FIELD)),
  };
}

/**
 * The edit to send: the pays that differ from the table's (none: no pay table edit at all, so a
 * change of limits does not write a pay table into the audit). Numbers, as `admin.tables.update`
 * takes them; the API checks them against the rules' bounds.
 */
export function payTableEdit(
  text: Text,
  stored: jokerBlackjack.PayTable,
): { premiums?: Record<string, number>; playerJoker?: number } | undefined {
  const typed = typedPays(text);
  const premiums = Object.fromEntries(
    Object.entries(typed.premiums).filter(
      ([name, value]) => value !== stored.premiums[name as jokerBlackjack.PremiumName],
    ),
  );
  const edit = {
    ...(Object.keys(premiums).length > 0 ? { premiums } : {}),
    ...(typed.playerJoker !== stored.playerJoker ? { playerJoker: typed.playerJoker } : {}),
  };
  return Object.keys(edit).length > 0 ? edit : undefined;
}

/** A table setting as typed, or its default when left empty; null when out of bounds. */
function setting(text: Text, key: keyof typeof jokerBlackjack.TABLE_BOUNDS, fallback: number) {
  const typed = text(`settings.${key}`);
  const value = typed === "" ? fallback : Number(typed);
  const { min, max } = jokerBlackjack.TABLE_BOUNDS[key];
  return Number.isInteger(value) && value >= min && value <= max ? value : null;
}

/** What to simulate for the form as it stands, or why nothing can be. */
export function theoryRequestOf(text: Text): { request: TheoryRequest } | { waiting: string } {
  const result = jokerBlackjack.payTableFrom(typedPays(text));
  if (!result.ok) return { waiting: result.problems.map((problem) => problem.message).join("; ") };
  const seats = setting(text, "seats", 7);
  const decks = setting(text, "decks", 6);
  const jokers = setting(text, "jokers", 1);
  if (seats === null || decks === null || jokers === null) {
    return { waiting: "seats, decks and jokers within their bounds" };
  }
  return {
    request: {
      payTable: result.payTable,
      seats,
      decks,
      jokers,
      rounds: THEORY_ROUNDS,
      seed: THEORY_SEED,
    },
  };
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(2)} %`;

export function PayTableFields({
  stored,
  problem,
  draft,
}: {
  stored: jokerBlackjack.PayTable;
  problem: Problem | null;
  /** The form as it stands (theoryRequestOf), updated as the operator types. */
  draft: ReturnType<typeof theoryRequestOf>;
}) {
  return (
    <fieldset className={styles.payTable} data-testid="pay-table">
      <legend>Pay table: total return per unit staked, stake included (multiples of 0.5)</legend>
      <div className={formStyles.fields}>
        {jokerBlackjack.PREMIUM_NAMES.map((name) => (
          <Field
            key={name}
            label={name}
            problem={problem}
            name={`${PREMIUM_FIELD}${name}`}
            type="number"
            step={0.5}
            defaultValue={stored.premiums[name]}
          />
        ))}
        <Field
          label="Player's joker"
          problem={problem}
          name={JOKER_FIELD}
          type="number"
          step={0.5}
          defaultValue={stored.playerJoker}
        />
      </div>
      <TheoreticalReturn draft={draft} />
    </fieldset>
  );
}

function TheoreticalReturn({ draft }: { draft: ReturnType<typeof theoryRequestOf> }) {
  const theory = useTheoreticalReturn("request" in draft ? draft.request : null);
  const rounds = THEORY_ROUNDS.toLocaleString("en-US");
  return (
    <div className={styles.theory} data-testid="theory" aria-live="polite">
      <strong>Theoretical return</strong>{" "}
      {theory === null && (
        <span className={styles.waiting}>
          waits for valid settings: {"waiting" in draft && draft.waiting}
        </span>
      )}
      {theory?.state === "running" && (
        <span className={styles.running}>
          <progress
            role="progressbar"
            aria-label="Simulating the theoretical return"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round((theory.played / theory.rounds) * 100)}
            max={theory.rounds}
            value={theory.played}
          />{" "}
          simulating {theory.played.toLocaleString("en-US")} of {rounds} rounds…
        </span>
      )}
      {theory?.state === "failed" && (
        <span className={formStyles.problem}>the simulation failed: {theory.message}</span>
      )}
      {theory?.state === "done" && (
        <>
          <span data-testid="theory-rtp" data-rtp={theory.rtp}>
            {percent(theory.rtp)}
          </span>{" "}
          <span className={styles.band}>
            ± {percent(1.96 * theory.stdErr)} (95 %; standard error {percent(theory.stdErr)}),{" "}
            {rounds} rounds of {"request" in draft ? draft.request.seats : 7} seats playing basic
            strategy
          </span>
          {theory.rtp > 1 && (
            <p className={styles.warning} role="alert" data-testid="theory-warning">
              Above 100 %: at this pay table a basic-strategy player wins {percent(theory.rtp - 1)}{" "}
              of the amount staked on average. The house loses money.
            </p>
          )}
        </>
      )}
    </div>
  );
}
