import type { ComponentProps, InputHTMLAttributes, ReactNode } from "react";

import { DataTable } from "./data-table";
import styles from "./records.module.css";

/** A record page before its record is there: loading, or why it could not be read. */
export function RecordPending({ problem }: { problem: string | null }) {
  return (
    <main className={styles.page}>
      {problem === null ? <p>Loading…</p> : <p className={styles.error}>{problem}</p>}
    </main>
  );
}

/** The last action's outcome: its problem (an alert) or its notice (a status). */
export function ActionMessages({
  problem,
  notice = null,
}: {
  problem: string | null;
  notice?: string | null;
}) {
  return (
    <>
      {problem !== null && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
      {notice !== null && (
        <p className={styles.notice} role="status">
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

/** A record's action: its fields and one submit button, `danger` for what cannot be undone. */
export function ActionForm({
  onSubmit,
  button,
  busy,
  danger = false,
  children,
}: {
  onSubmit: () => void;
  button: ReactNode;
  busy: boolean;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      className={styles.form}
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
  );
}
