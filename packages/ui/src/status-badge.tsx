import type { TableStatusName } from "@fuda/contracts";

import styles from "./status-badge.module.css";

export const STATUS_LABELS: Readonly<Record<TableStatusName, string>> = {
  open: "Open",
  paused: "Paused",
  closed: "Closed",
};

/**
 * A table's status as a pill in the status's colour (each app's theme sets `--open`, `--paused`
 * and `--closed`). `label` replaces the word, e.g. with the stored value an operator configures.
 */
export function StatusBadge({
  status,
  label = STATUS_LABELS[status],
  testId,
}: {
  status: TableStatusName;
  label?: string;
  testId?: string;
}) {
  return (
    <span className={styles.badge} data-status={status} data-testid={testId}>
      {label}
    </span>
  );
}
