"use client";

import { GAME_LABELS } from "@fuda/ui";
import type { GameName } from "@fuda/contracts";

import styles from "~/components/ops-page.module.css";
import studio from "~/components/studio/studio.module.css";
import { useDealerTables } from "~/components/studio/use-dealer-tables";

const gameLabel = (game: string) => (game in GAME_LABELS ? GAME_LABELS[game as GameName] : game);

/** The Studio: the tables this dealer is assigned to, each a link to its console. */
export default function StudioPage() {
  const { tables, problem } = useDealerTables();
  return (
    <main className={styles.main}>
      <div className={styles.heading}>
        <h1>Studio</h1>
        <p className={styles.lead}>Your tables. Open one to deal it from its console.</p>
      </div>
      {problem !== null && (
        <p className={studio.problem} role="alert">
          {problem}
        </p>
      )}
      {tables !== null && tables.length === 0 && (
        <p className={studio.muted}>No table is assigned to you yet: an admin assigns them.</p>
      )}
      {tables !== null && tables.length > 0 && (
        <ul className={studio.tables} data-testid="studio-tables">
          {tables.map((table) => (
            <li key={table.id}>
              <a className={studio.tableLink} href={`/studio/${encodeURIComponent(table.slug)}`}>
                <strong>{table.name}</strong>
                <span>
                  {gameLabel(table.game)} · {table.status}
                </span>
                <span className={studio.muted}>
                  {table.dealing === "studio"
                    ? "Studio dealing"
                    : "Automatic dealing: the software deals it for now"}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
