import type { ReactNode } from "react";

import styles from "./data-table.module.css";

/** A column's heading; `number` right-aligns it over amounts. */
export interface Column {
  label: ReactNode;
  number?: boolean;
}

/** The row standing in for none, across every column. */
export function EmptyRow({ columns, empty }: { columns: number; empty: string }) {
  return (
    <tr>
      <td colSpan={columns} className={styles.empty}>
        {empty}
      </td>
    </tr>
  );
}

/**
 * A scrollable table with a heading row (none without `columns`) and its rows; `empty` (if given) stands in a row across
 * every column when there are none.
 */
export function DataTable({
  columns,
  rows,
  empty,
  testId,
}: {
  columns?: (string | Column)[];
  rows: ReactNode[];
  empty?: string;
  testId?: string;
}) {
  return (
    <div className={styles.scroller}>
      <table className={styles.table} data-testid={testId}>
        {columns !== undefined && (
          <thead>
            <tr>
              {columns.map((column, index) => {
                const { label, number = false } =
                  typeof column === "string" ? { label: column } : column;
                return (
                  <th key={index} scope="col" className={number ? styles.number : undefined}>
                    {label}
                  </th>
                );
              })}
            </tr>
          </thead>
        )}
        <tbody>
          {rows}
          {rows.length === 0 && empty !== undefined && (
            <EmptyRow columns={columns?.length ?? 1} empty={empty} />
          )}
        </tbody>
      </table>
    </div>
  );
}
