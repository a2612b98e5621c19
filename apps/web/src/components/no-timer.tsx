import styles from "./no-timer.module.css";

/**
 * A dash where a countdown would be, with why there is none: as a tooltip for a mouse, as text
 * for a screen reader (which would otherwise read out a lone "dash"). A file of its own: the
 * lobby shows it too, and importing it through the table's index would bring the whole table
 * (its state, its bet slip, the API client) into the lobby's first load.
 */
export function NoTimer({ hint }: { hint: string }) {
  return (
    <span className={styles.noTimer} title={hint} data-testid="no-timer">
      <span aria-hidden>—</span>
      <span className={styles.visuallyHidden}>{hint}</span>
    </span>
  );
}
