import { GAME_LABELS } from "@fuda/ui";
import { connection } from "next/server";

import { GameSection } from "~/components/game-section";
import { Unavailable } from "~/components/unavailable";
import { env } from "~/env";
import type { Game, LobbyTable } from "~/game-api";
import { loadLobby } from "~/game-api";

import styles from "./page.module.css";

/** Tables grouped by game, in the order the game API lists them (the lobby order). */
function byGame(tables: LobbyTable[]): { game: Game; tables: LobbyTable[] }[] {
  const groups = new Map<Game, LobbyTable[]>();
  for (const table of tables) groups.set(table.game, [...(groups.get(table.game) ?? []), table]);
  return [...groups].map(([game, gameTables]) => ({ game, tables: gameTables }));
}

export default async function LobbyPage() {
  // The game API is not running at build time: render on every request.
  await connection();
  const lobby = await loadLobby(env.GAME_API_URL);
  const games = lobby.available ? byGame(lobby.tables) : [];
  const openCount = lobby.available
    ? lobby.tables.filter((table) => table.status === "open").length
    : 0;

  return (
    <>
      <header className={styles.top}>
        <div className={styles.bar}>
          <a className={styles.brand} href="/">
            <span className={styles.mark} aria-hidden>
              ♠
            </span>
            Fuda <span className={styles.brandSub}>Live Casino</span>
          </a>
          {games.length > 0 && (
            <nav className={styles.nav} aria-label="Games">
              {games.map(({ game, tables }) => (
                <a key={game} href={`#${game}`} className={styles.chip}>
                  {GAME_LABELS[game]} <span className={styles.chipCount}>{tables.length}</span>
                </a>
              ))}
            </nav>
          )}
        </div>
      </header>
      <main className={styles.main}>
        <section className={styles.hero}>
          <h1>Live lobby</h1>
          {lobby.available && (
            <p className={styles.summary} data-testid="lobby-summary">
              {lobby.tables.length} {lobby.tables.length === 1 ? "table" : "tables"} ·{" "}
              <span className={styles.openCount}>{openCount} open now</span>
            </p>
          )}
        </section>
        {!lobby.available && <Unavailable reason={lobby.reason} />}
        {lobby.available && lobby.tables.length === 0 && (
          <p className={styles.empty}>No tables are set up yet. Check back soon.</p>
        )}
        {games.map(({ game, tables }) => (
          <GameSection key={game} game={game} tables={tables} />
        ))}
      </main>
      <footer className={styles.footer}>
        Stakes are in points. Limits are per bet, per round.
      </footer>
    </>
  );
}
