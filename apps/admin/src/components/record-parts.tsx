import type { ComponentProps, InputHTMLAttributes, ReactNode } from "react";

import { DataTable } from "./data-table";
import styles from "./records.module.css";
import type { ActionMessage } from "./use-record";

/** A record page before its record is there: loading, or why it could not be read. */
export function RecordPending({ problem }: { problem: string | null }) {
  return (
    <main className={styles.page}>
      {problem === null ? <p>Loading…</p> : <p className={styles.error}>{problem}</p>}
    </main>
  );
}

/**
 * An action's outcome: its problem (an alert) or its notice (a status). `testId` names whose,
 * for a page with several forms.
 */
export function ActionMessages({
  problem,
  notice = null,
  testId,
}: {
  problem: string | null;
  notice?: string | null;
  testId?: string;
}) {
  return (
    <>
      {problem !== null && (
        <p className={styles.error} role="alert" data-testid={testId}>
          {problem}
        </p>
      )}
      {notice !== null && (
        <p className={styles.notice} role="status" data-testid={testId}>
          {notice}
        </p>
      )}
    </>
  );
}

/** A titled panel of a record page holding one table. */
export function RecordTable({
  title,
  ...table
}: { title: string } & ComponentProps<typeof DataTable>) {
  return (
    <section className={styles.panel}>
      <h2>{title}</h2>
      <DataTable {...table} />
    </section>
  );
}

/** A labelled input kept in the page's state (`value`, `onValue`). */
export function StateField({
  label,
  value,
  onValue,
  ...input
}: { label: ReactNode; value: string; onValue: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "value" | "onChange"
>) {
  return (
    <label>
      {label}
      <input
        {...input}
        value={value}
        onChange={(event) => {
          onValue(event.target.value);
        }}
      />
    </label>
  );
}

/**
 * A record's action: its fields, one submit button (`danger` for what cannot be undone) and,
 * right below, what its last submission came to (`message`, from `useRecord`'s `messageOf`).
 * `name` tells the form and its message apart from the page's other forms.
 */
export function ActionForm({
  name,
  onSubmit,
  button,
  busy,
  danger = false,
  message,
  children,
}: {
  name: string;
  onSubmit: () => void;
  button: ReactNode;
  busy: boolean;
  danger?: boolean;
  message: ActionMessage;
  children: ReactNode;
}) {
  return (
    <>
      <form
        className={styles.form}
        data-testid={`form-${name}`}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
        <button type="submit" className={danger ? styles.danger : styles.button} disabled={busy}>
          {button}
        </button>
      </form>
      <ActionMessages {...message} testId={`message-${name}`} />
    </>
  );
}
