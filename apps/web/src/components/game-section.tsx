"use client";

import type { Game, LobbyTable } from "~/game-api";
import { useLabels } from "~/i18n/use-labels";

import styles from "./game-section.module.css";
import { TableCard } from "./table-card";

export function GameSection({
  game,
  tables,
  now,
}: {
  game: Game;
  tables: LobbyTable[];
  now: number | null;
}) {
  const labels = useLabels();
  return (
    <section id={game} className={styles.section} aria-labelledby={`${game}-title`}>
      <div className={styles.head}>
        <h2 id={`${game}-title`} className={styles.title} data-game={game}>
          {labels.game(game)}
        </h2>
        <p className={styles.tagline}>{labels.tagline(game)}</p>
      </div>
      <ul className={styles.grid}>
        {tables.map((table) => (
          <TableCard key={table.id} table={table} now={now} />
        ))}
      </ul>
    </section>
  );
}
