"use client";

import { GAME_LABELS, StatusBadge } from "@fuda/ui";
import { useEffect, useState } from "react";

import type { Game, Lobby, LobbyTable } from "~/game-api";
import { parseTables, WATCH_PATH } from "~/lobby-stream";

import { GameSection } from "./game-section";
import styles from "./lobby.module.css";
import { Unavailable } from "./unavailable";

type Connection = "connecting" | "live" | "reconnecting";
type TableStatus = LobbyTable["status"];

// Drawn as a table status pill: green while live, amber while reconnecting, grey before.
const CONNECTION_BADGES: Record<Connection, { tone: TableStatus; label: string }> = {
  connecting: { tone: "closed", label: "Connecting…" },
  live: { tone: "open", label: "Live" },
  reconnecting: { tone: "paused", label: "Reconnecting…" },
};

// EventSource retries a dropped stream by itself but gives up on an error response (the game
// API down when it reconnects); the lobby then starts over after this long.
const RESTART_MS = 5_000;

/** The server-rendered lobby, then each table list the game API streams. */
function useLiveLobby(initial: Lobby): { lobby: Lobby; connection: Connection } {
  const [lobby, setLobby] = useState(initial);
  const [connection, setConnection] = useState<Connection>("connecting");

  useEffect(() => {
    let source: EventSource | undefined;
    let restart: ReturnType<typeof setTimeout> | undefined;
    const connect = (): void => {
      source = new EventSource(WATCH_PATH);
      source.onopen = () => {
        setConnection("live");
      };
      // Unnamed events only: tRPC's `connected` and `ping` events never reach onmessage.
      source.onmessage = (event: MessageEvent<string>) => {
        const tables = parseTables(event.data);
        if (tables !== undefined) setLobby({ available: true, tables });
      };
      source.onerror = () => {
        setConnection("reconnecting");
        if (source?.readyState === EventSource.CLOSED) restart = setTimeout(connect, RESTART_MS);
      };
    };
    connect();
    return () => {
      clearTimeout(restart);
      source?.close();
    };
  }, []);

  return { lobby, connection };
}

/** Tables grouped by game, in the order the game API lists them (the lobby order). */
function byGame(tables: LobbyTable[]): { game: Game; tables: LobbyTable[] }[] {
  const groups = new Map<Game, LobbyTable[]>();
  for (const table of tables) groups.set(table.game, [...(groups.get(table.game) ?? []), table]);
  return [...groups].map(([game, gameTables]) => ({ game, tables: gameTables }));
}

export function LiveLobby({ initial }: { initial: Lobby }) {
  const { lobby, connection } = useLiveLobby(initial);
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
          <div className={styles.heading}>
            <h1>Live lobby</h1>
            <span data-testid="connection" data-connection={connection} role="status">
              <StatusBadge
                status={CONNECTION_BADGES[connection].tone}
                label={CONNECTION_BADGES[connection].label}
              />
            </span>
          </div>
          {lobby.available && (
            <p className={styles.summary} data-testid="lobby-summary">
              {lobby.tables.length} {lobby.tables.length === 1 ? "table" : "tables"} ·{" "}
              <span className={styles.openCount}>{openCount} open now</span>
            </p>
          )}
        </section>
        {!lobby.available && <Unavailable down={lobby.down} reason={lobby.reason} />}
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
