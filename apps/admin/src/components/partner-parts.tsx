import type { ReactNode } from "react";

import styles from "./ops-page.module.css";

/** The API's refusal of one field, shown under it (`<name>-problem`), or nothing. */
function FieldProblem({ name, problem }: { name: string; problem: string | undefined }) {
  if (problem === undefined) return null;
  return (
    <span className={styles.fieldProblem} role="alert" data-testid={`${name}-problem`}>
      {problem}
    </span>
  );
}

/** Checkboxes for a set of code names (a key's scopes, an endpoint's events). */
export function CheckList<Option extends string>({
  legend,
  name,
  options,
  checked,
  onChange,
  problem,
}: {
  legend: string;
  name: string;
  options: readonly Option[];
  checked: readonly Option[];
  onChange: (checked: Option[]) => void;
  /** The API's refusal of this field, shown under it. */
  problem?: string;
}) {
  return (
    <fieldset className={styles.field} style={{ border: 0, margin: 0, padding: 0 }}>
      <legend>{legend}</legend>
      <span className={styles.checks}>
        {options.map((option) => (
          <label key={option}>
            <input
              type="checkbox"
              name={name}
              value={option}
              checked={checked.includes(option)}
              onChange={(event) => {
                onChange(
                  event.target.checked
                    ? [...new Set([...checked, option])]
                    : checked.filter((other) => other !== option),
                );
              }}
            />{" "}
            <code>{option}</code>
          </label>
        ))}
      </span>
      <FieldProblem name={name} problem={problem} />
    </fieldset>
  );
}

/** A credential shown this once (a key, a signing secret), with what it is and how it is used. */
export function ShownOnce({
  testId,
  value,
  about,
  use,
  onDone,
}: {
  testId: string;
  value: string;
  about: ReactNode;
  use: ReactNode;
  onDone: () => void;
}) {
  return (
    <div className={styles.notice} data-testid={testId}>
      <p>{about} Copy it now: it will not be shown again.</p>
      <code className={styles.key} data-testid={`${testId}-value`}>
        {value}
      </code>
      <p className={styles.note}>
        {use}{" "}
        <button type="button" className={styles.quiet} onClick={onDone}>
          Done
        </button>
      </p>
    </div>
  );
}

/** A labelled one-line text input of the partners' forms. */
export function TextField({
  label,
  name,
  value,
  placeholder,
  onChange,
  problem,
}: {
  label: string;
  name: string;
  value: string;
  placeholder: string;
  onChange: (value: string) => void;
  /** The API's refusal of this field, shown under it. */
  problem?: string;
}) {
  return (
    <label className={styles.field}>
      {label}
      <input
        name={name}
        value={value}
        placeholder={placeholder}
        onChange={(event) => {
          onChange(event.target.value);
        }}
        aria-invalid={problem === undefined ? undefined : true}
      />
      <FieldProblem name={name} problem={problem} />
    </label>
  );
}

/** A refusal to show (the API's message names the field and the rule), or nothing. */
export function Problem({ problem, testId }: { problem: string | null; testId: string }) {
  if (problem === null) return null;
  return (
    <p className={styles.problem} role="alert" data-testid={testId}>
      {problem}
    </p>
  );
}
