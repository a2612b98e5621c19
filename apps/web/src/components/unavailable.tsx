import type { DownPart } from "@fuda/api/types";

import styles from "./unavailable.module.css";

const TEXTS: Record<DownPart, { title: string; body: string }> = {
  "game-api": {
    title: "Game API unavailable",
    body: "The lobby cannot reach the game server right now, so no tables are shown.",
  },
  database: {
    title: "Game database unavailable",
    body: "The game server answers, but its database does not right now, so no tables are shown.",
  },
};

export function Unavailable({ down, reason }: { down: DownPart; reason: string }) {
  const text = TEXTS[down];
  return (
    <div className={styles.panel} role="alert" data-testid="game-api-unavailable" data-down={down}>
      <h2>{text.title}</h2>
      <p>{text.body} Tables come back as soon as it answers again.</p>
      <p className={styles.actions}>
        <a href="/" className={styles.retry}>
          Try again
        </a>
        <code className={styles.reason}>{reason}</code>
      </p>
    </div>
  );
}
