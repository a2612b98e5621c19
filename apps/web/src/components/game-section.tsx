import { GAME_LABELS } from "@fuda/ui";

import type { Game, LobbyTable } from "~/game-api";

import styles from "./game-section.module.css";
import { TableCard } from "./table-card";

const TAGLINES: Record<Game, string> = {
  baccarat: "Player or Banker: closest to nine wins. Eight-deck shoe, pairs and side bets.",
  "quick-baccarat": "Single-player hands from a five-suit deck, dealt when you are ready.",
  "pok-deng": "Five Player seats, each playing its two cards against the Banker's hand.",
  "joker-blackjack": "Blackjack from a six-deck shoe with one joker shuffled in.",
};

export function GameSection({ game, tables }: { game: Game; tables: LobbyTable[] }) {
  return (
    <section id={game} className={styles.section} aria-labelledby={`${game}-title`}>
      <div className={styles.head}>
        <h2 id={`${game}-title`} className={styles.title} data-game={game}>
          {GAME_LABELS[game]}
        </h2>
        <p className={styles.tagline}>{TAGLINES[game]}</p>
      </div>
      <ul className={styles.grid}>
        {tables.map((table) => (
          <TableCard key={table.id} table={table} />
        ))}
      </ul>
    </section>
  );
}
