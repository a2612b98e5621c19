import type { ReactNode } from "react";

import styles from "./data-table.module.css";

/** A column's heading; `number` right-aligns it over amounts. */
export interface Column {
  label: ReactNode;
  number?: boolean;
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
            <tr>
              <td colSpan={columns?.length ?? 1} className={styles.empty}>
                {empty}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
