import type { ReactNode } from "react";

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

/** A titled panel of a record page holding one scrollable table (its head and body as children). */
export function RecordTable({
  title,
  testId,
  children,
}: {
  title: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={styles.panel}>
      <h2>{title}</h2>
      <div className={styles.scroller}>
        <table className={styles.table} data-testid={testId}>
          {children}
        </table>
      </div>
    </section>
  );
}
