"use client";

import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";

import { baccarat } from "@fuda/rules";
import { StatusBadge } from "@fuda/ui";

import type { Game, LiveSummary, Lobby, LobbyTable } from "~/game-api";
import { useLabels } from "~/i18n/use-labels";
import { applyLobbyMessage } from "~/lobby-state";

import { GameSection } from "./game-section";
import styles from "./lobby.module.css";
import { Unavailable } from "./unavailable";
import { useNow } from "./use-now";

type Connection = "connecting" | "live" | "reconnecting";
type GoodRoad = LiveSummary["goodRoads"][number];

const showsRoad = (table: LobbyTable, road: GoodRoad): boolean =>
  table.live?.goodRoads.includes(road) ?? false;
type TableStatus = LobbyTable["status"];

// Drawn as a table status pill: green while live, amber while reconnecting, grey before.
const CONNECTION_TONES: Record<Connection, TableStatus> = {
  connecting: "closed",
  live: "open",
  reconnecting: "paused",
};

/**
 * Same-origin relay of the game API's `tables.watch` stream (src/app/api/tables/watch), which
 * passes on only table lists that match the API's schema (src/lobby-stream.ts).
 */
const WATCH_PATH = "/api/tables/watch";

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
        setLobby((current) => applyLobbyMessage(current, event.data));
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
  const t = useTranslations();
  const labels = useLabels();
  const now = useNow();
  const { lobby, connection } = useLiveLobby(initial);
  const [filter, setFilter] = useState<Game | null>(null);
  const [goodRoad, setGoodRoad] = useState<GoodRoad | null>(null);
  const games = lobby.available ? byGame(lobby.tables) : [];
  const shown = games
    .filter(({ game }) => filter === null || game === filter)
    .map(({ game, tables }) => ({
      game,
      tables: goodRoad === null ? tables : tables.filter((table) => showsRoad(table, goodRoad)),
    }))
    .filter(({ tables }) => tables.length > 0);
  const hasBaccarat = games.some(({ game }) => game === "baccarat");
  const openCount = lobby.available
    ? lobby.tables.filter((table) => table.status === "open").length
    : 0;

  return (
    <>
      <main className={styles.main}>
        <section className={styles.hero}>
          <div className={styles.heading}>
            <h1>{t("lobby.title")}</h1>
            <span data-testid="connection" data-connection={connection} role="status">
              <StatusBadge
                status={CONNECTION_TONES[connection]}
                label={t(`connection.${connection}`)}
              />
            </span>
          </div>
          {lobby.available && (
            <p className={styles.summary} data-testid="lobby-summary">
              {t("lobby.summary", { count: lobby.tables.length, open: openCount })}
            </p>
          )}
          <p className={styles.summary}>
            <a href="/quick" data-testid="lobby-quick-link">
              {t("quick.lobbyLink")}
            </a>
            {" · "}
            <a href="/multi" data-testid="lobby-multi-link">
              {t("multi.open")}
            </a>
          </p>
          {games.length > 1 && (
            <nav className={styles.nav} aria-label={t("lobby.gamesNav")}>
              {[null, ...games.map(({ game }) => game)].map((game) => (
                <button
                  key={game ?? "all"}
                  type="button"
                  className={styles.chip}
                  aria-pressed={filter === game}
                  data-testid="game-filter"
                  data-game={game ?? "all"}
                  onClick={() => {
                    setFilter(game);
                  }}
                >
                  {game === null ? t("lobby.all") : labels.game(game)}
                  <span className={styles.chipCount}>
                    {game === null
                      ? lobby.available && lobby.tables.length
                      : games.find((group) => group.game === game)?.tables.length}
                  </span>
                </button>
              ))}
            </nav>
          )}
          {hasBaccarat && (
            <nav
              className={styles.nav}
              aria-label={t("lobby.goodRoadsNav")}
              data-testid="good-roads-nav"
            >
              <span className={styles.navTitle}>{t("lobby.goodRoadsNav")}</span>
              {baccarat.GOOD_ROADS.map((road) => (
                <button
                  key={road}
                  type="button"
                  className={styles.chip}
                  aria-pressed={goodRoad === road}
                  data-testid="good-road-filter"
                  data-good-road={road}
                  onClick={() => {
                    setGoodRoad((current) => (current === road ? null : road));
                  }}
                >
                  {t(`goodRoads.${road}`)}
                  <span className={styles.chipCount}>
                    {lobby.available &&
                      lobby.tables.filter((table) => showsRoad(table, road)).length}
                  </span>
                </button>
              ))}
            </nav>
          )}
        </section>
        {!lobby.available && <Unavailable down={lobby.down} reason={lobby.reason} />}
        {lobby.available && lobby.tables.length === 0 && (
          <p className={styles.empty}>{t("lobby.empty")}</p>
        )}
        {goodRoad !== null && shown.length === 0 && (
          <p className={styles.empty} data-testid="no-good-road" role="status">
            {t("lobby.noGoodRoad")}
          </p>
        )}
        {shown.map(({ game, tables }) => (
          <GameSection key={game} game={game} tables={tables} now={now} />
        ))}
      </main>
      <footer className={styles.footer}>{t("lobby.footer")}</footer>
    </>
  );
}
