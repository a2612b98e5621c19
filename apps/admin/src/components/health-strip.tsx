import { formatTimestamp } from "@fuda/ui";

import type { Overview } from "~/game-api";

import styles from "./health-strip.module.css";

export function HealthStrip({ overview, gameApiUrl }: { overview: Overview; gameApiUrl: string }) {
  if (!overview.available && overview.down === "database") {
    return (
      <section
        className={styles.strip}
        data-state="down"
        data-down="database"
        role="alert"
        data-testid="health"
      >
        <strong className={styles.title}>Database unavailable</strong>
        <span>
          The game API at <code>{gameApiUrl}</code> answers; its database does not
        </span>
        <code className={styles.reason}>{overview.reason}</code>
      </section>
    );
  }
  if (!overview.available) {
    return (
      <section
        className={styles.strip}
        data-state="down"
        data-down="game-api"
        role="alert"
        data-testid="health"
      >
        <strong className={styles.title}>Game API unavailable</strong>
        <span>
          Could not read from <code>{gameApiUrl}</code>
        </span>
        <code className={styles.reason}>{overview.reason}</code>
      </section>
    );
  }
  const { health } = overview;
  return (
    <section className={styles.strip} data-state="ok" data-testid="health">
      <strong className={styles.title}>Game API {health.status}</strong>
      <span>Database {health.database}</span>
      <span>Checked {formatTimestamp(health.time)}</span>
      <code className={styles.reason}>{gameApiUrl}</code>
    </section>
  );
}
