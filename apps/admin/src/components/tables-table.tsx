import type { ReactNode } from "react";

import { formatPoints, formatTimestamp, GAME_LABELS, StatusBadge } from "@fuda/ui";

import type { TableConfig } from "~/game-api";

import { hasCountdown } from "./table-forms";
import styles from "./tables-table.module.css";

const NO_COUNTDOWN = "No countdown: each player deals their own round";

/** Who deals the table: the software dealer, or a person at a studio console. */
const DEALING_LABELS = { automatic: "Automatic", studio: "Studio" } as const;

export function TablesTable<Table extends TableConfig>({
  tables,
  actions,
}: {
  tables: Table[];
  /** The operator's buttons for a table, in a last column. */
  actions?: (table: Table) => ReactNode;
}) {
  if (tables.length === 0) {
    return <p className={styles.empty}>No tables are configured. Run the seed to create them.</p>;
  }
  return (
    <div className={styles.scroller}>
      <table className={styles.table} data-testid="tables">
        <thead>
          <tr>
            <th scope="col">Table</th>
            <th scope="col">Game</th>
            <th scope="col">Variant</th>
            <th scope="col">Status</th>
            <th scope="col" className={styles.number}>
              Countdown
            </th>
            <th scope="col">Limits (points)</th>
            <th scope="col">Created</th>
            <th scope="col">Updated</th>
            {actions !== undefined && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {tables.map((table) => (
            <tr key={table.id} data-testid="table-row" data-slug={table.slug}>
              <td>
                <div className={styles.name}>{table.name}</div>
                <code className={styles.slug} data-testid="slug">
                  {table.slug}
                </code>
                <div className={styles.id} title="Table id">
                  {table.id}
                </div>
              </td>
              <td data-testid="game">{GAME_LABELS[table.game]}</td>
              <td>
                <code className={styles.variant} data-testid="variant">
                  {table.variant}
                </code>
              </td>
              <td>
                {/* The stored value, as operators configure it. */}
                <StatusBadge status={table.status} label={table.status} testId="status" />
                {/* Under the status, not a column of its own: the rows keep their width. */}
                <div className={styles.dealing} data-testid="dealing" data-dealing={table.dealing}>
                  {DEALING_LABELS[table.dealing]}
                </div>
              </td>
              <td className={styles.number} data-testid="countdown">
                {hasCountdown(table.game) ? (
                  `${table.countdownSeconds} s`
                ) : (
                  <span className={styles.noCountdown} title={NO_COUNTDOWN}>
                    <span aria-hidden>—</span>
                    <span className="visually-hidden">{NO_COUNTDOWN}</span>
                  </span>
                )}
              </td>
              <td>
                <LimitsTable limits={table.limits} />
              </td>
              <td className={styles.time} data-testid="created">
                {formatTimestamp(table.createdAt)}
              </td>
              <td className={styles.time} data-testid="updated">
                {formatTimestamp(table.updatedAt)}
              </td>
              {actions !== undefined && <td>{actions(table)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LimitsTable({ limits }: { limits: TableConfig["limits"] }) {
  return (
    <table className={styles.limits}>
      <thead>
        <tr>
          <th scope="col">Bet</th>
          <th scope="col">Min</th>
          <th scope="col">Max</th>
        </tr>
      </thead>
      <tbody>
        {Object.entries(limits)
          // Configuration keys, sorted: the stored JSON has no order of its own.
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([bet, limit]) => (
            <tr key={bet} data-testid="limit" data-bet={bet}>
              <th scope="row">
                <code>{bet}</code>
              </th>
              <td>{formatPoints(limit.min)}</td>
              <td>{formatPoints(limit.max)}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
