import {
  betLimitLines,
  formatCountdown,
  formatLimit,
  GAME_LABELS,
  StatusBadge,
  variantName,
} from "@fuda/ui";

import type { LobbyTable } from "~/game-api";

import styles from "./table-card.module.css";

export function TableCard({ table }: { table: LobbyTable }) {
  const limits = betLimitLines(table.game, table.limits);
  return (
    <li
      className={styles.card}
      data-testid="table-card"
      data-slug={table.slug}
      data-game={table.game}
      data-status={table.status}
    >
      <div className={styles.head}>
        <div>
          <p className={styles.game}>{GAME_LABELS[table.game]}</p>
          <h3 className={styles.name}>{table.name}</h3>
        </div>
        <StatusBadge status={table.status} />
      </div>
      <p className={styles.meta}>
        <span className={styles.variant} data-testid="variant">
          {variantName(table.variant)}
        </span>
        <span className={styles.countdown} data-testid="countdown">
          {formatCountdown(table.countdownSeconds)}
        </span>
      </p>
      <dl className={styles.limits} aria-label="Bet limits in points">
        {limits.map(({ bet, name, limit }) => (
          <div key={bet} className={styles.limit} data-testid="limit">
            <dt>{name}</dt>
            <dd>{formatLimit(limit)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
