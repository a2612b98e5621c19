import styles from "./unavailable.module.css";

export function Unavailable({ reason }: { reason: string }) {
  return (
    <div className={styles.panel} role="alert" data-testid="game-api-unavailable">
      <h2>Game API unavailable</h2>
      <p>
        The lobby cannot reach the game server right now, so no tables are shown. Tables come back
        as soon as it answers again.
      </p>
      <p className={styles.actions}>
        <a href="/" className={styles.retry}>
          Try again
        </a>
        <code className={styles.reason}>{reason}</code>
      </p>
    </div>
  );
}
