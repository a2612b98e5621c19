import type { InputHTMLAttributes, ReactNode } from "react";

import type { Problem } from "./table-forms";
import { toMinor, toPoints } from "./table-forms";
import styles from "./tables-admin.module.css";

type Limits = Record<string, { min: number; max: number } | undefined>;

/** The next to a field's input: the API's refusal when it names this field. */
export function FieldProblem({ problem, field }: { problem: Problem | null; field: string }) {
  if (problem?.field !== field) return null;
  return (
    <span className={styles.problem} role="alert" data-testid={`problem-${field}`}>
      {problem.message}
    </span>
  );
}

/** A labelled input of a table form, with the refusal that names it (by its `name`). */
export function Field({
  label,
  problem,
  name,
  ...input
}: {
  label: ReactNode;
  problem: Problem | null;
  name: string;
} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label>
      {label}
      <input name={name} {...input} />
      <FieldProblem problem={problem} field={name} />
    </label>
  );
}

/** The bet ids of a table's limits, in a stable order. */
export const betsOf = (limits: Limits): string[] =>
  Object.keys(limits).sort((a, b) => a.localeCompare(b));

/** The limits as typed (`limits.<bet>.min|max`, in points), in minor units for the API. */
export function limitsFrom(bets: string[], text: (name: string) => string) {
  return Object.fromEntries(
    bets.map((bet) => [
      bet,
      { min: toMinor(text(`limits.${bet}.min`)), max: toMinor(text(`limits.${bet}.max`)) },
    ]),
  );
}

/**
 * Min and max (points) of each bet id, each with the refusal that names it. `labelPrefix`
 * tells the forms' inputs apart ("new tie min"); `rowTestId` marks the rows if given.
 */
export function LimitFields({
  limits,
  problem,
  labelPrefix = "",
  rowTestId,
}: {
  limits: Limits;
  problem: Problem | null;
  labelPrefix?: string;
  rowTestId?: string;
}) {
  return (
    <table className={styles.limits}>
      <thead>
        <tr>
          <th scope="col">Bet</th>
          <th scope="col">Min (points)</th>
          <th scope="col">Max (points)</th>
        </tr>
      </thead>
      <tbody>
        {betsOf(limits).map((bet) => (
          <tr
            key={bet}
            data-testid={rowTestId}
            data-bet={rowTestId === undefined ? undefined : bet}
          >
            <th scope="row">
              <code>{bet}</code>
              <FieldProblem problem={problem} field={`limits.${bet}`} />
            </th>
            {(["min", "max"] as const).map((end) => (
              <td key={end}>
                <input
                  name={`limits.${bet}.${end}`}
                  aria-label={`${labelPrefix}${bet} ${end}`}
                  inputMode="decimal"
                  defaultValue={toPoints(limits[bet]![end])}
                />
                <FieldProblem problem={problem} field={`limits.${bet}.${end}`} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
