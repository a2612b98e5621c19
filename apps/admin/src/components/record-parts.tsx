import type { ComponentProps } from "react";

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
