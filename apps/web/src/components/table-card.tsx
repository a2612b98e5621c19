"use client";

import { useTranslations } from "next-intl";

import { betLimitLines, StatusBadge } from "@fuda/ui";

import type { LiveSummary, LobbyTable } from "~/game-api";
import { useLabels } from "~/i18n/use-labels";

import { LastResult } from "./last-result";
import { baccaratMarks, MiniBigRoad } from "./mini-road";
import { NoTimer } from "./no-timer";
import { LiveDealerBadge } from "./table/live-dealer-badge";
import styles from "./table-card.module.css";
import { secondsUntil } from "./use-now";

/** A baccarat table's results over its last settled rounds (docs/rules/baccarat.md). */
function TableStats({ stats }: { stats: NonNullable<LiveSummary["stats"]> }) {
  const t = useTranslations("table");
  const labels = useLabels();
  const counts = [
    ["player", labels.bet("baccarat", "player"), stats.player],
    ["banker", labels.bet("baccarat", "banker"), stats.banker],
    ["tie", labels.bet("baccarat", "tie"), stats.tie],
    ["playerPair", labels.bet("baccarat", "playerPair"), stats.playerPair],
    ["bankerPair", labels.bet("baccarat", "bankerPair"), stats.bankerPair],
    ["natural", t("natural"), stats.natural],
  ] as const;
  return (
    <div className={styles.stats} data-testid="table-stats" data-rounds={stats.rounds}>
      <p className={styles.statsTitle}>{t("stats", { rounds: stats.rounds })}</p>
      <dl className={styles.statsList}>
        {counts.map(([key, name, count]) => (
          <div key={key} className={styles.stat} data-stat={key}>
            <dt>{name}</dt>
            <dd>{count}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function TableCard({ table, now }: { table: LobbyTable; now: number | null }) {
  const t = useTranslations("table");
  const tVideo = useTranslations("video");
  const tRoads = useTranslations("goodRoads");
  const labels = useLabels();
  const live = table.live;
  const marks = live === undefined ? undefined : baccaratMarks(live.road);
  const betting = live?.phase === "betting" && live.closesAt !== null && now !== null;
  const closesIn = betting ? secondsUntil(live.closesAt, now) : null;
  return (
    <li
      className={styles.card}
      data-testid="table-card"
      data-slug={table.slug}
      data-game={table.game}
      data-status={table.status}
      data-phase={live?.phase ?? ""}
      data-dealing={table.dealing}
      data-good-roads={live?.goodRoads.join(" ") ?? ""}
    >
      {/* The studio's still: a table with video shows its camera before the player opens it. */}
      {table.stream.poster !== null && (
        <img
          className={styles.poster}
          src={table.stream.poster}
          alt={tVideo("poster", { name: table.name })}
          loading="lazy"
          decoding="async"
          width={640}
          height={360}
          data-testid="table-poster"
        />
      )}
      <div className={styles.head}>
        <div>
          <p className={styles.game}>{labels.game(table.game)}</p>
          <h3 className={styles.name}>
            {/* The quick game is each player's own, not a table to sit at (docs/rules/quick-baccarat.md). */}
            <a
              href={table.game === "quick-baccarat" ? "/quick" : `/tables/${table.slug}`}
              className={styles.open}
              translate="no"
            >
              {table.name}
            </a>
          </h3>
        </div>
        <StatusBadge status={table.status} label={labels.status(table.status)} />
      </div>
      <p className={styles.meta}>
        <span className={styles.variant} data-testid="variant">
          {labels.variant(table.variant)}
        </span>
        <span className={styles.countdown} data-testid="countdown">
          {labels.countdown(table.countdownSeconds)}
        </span>
        <LiveDealerBadge table={table} />
      </p>
      {live !== undefined && (
        <div className={styles.live}>
          <p className={styles.phase}>
            <span data-testid="phase">{labels.phase(live.phase)}</span>
            {betting && (
              <span className={styles.closesIn} data-testid="closes-in" aria-live="off">
                {closesIn === null ? (
                  <NoTimer hint={t("noTimer")} />
                ) : (
                  t("closesIn", { seconds: closesIn })
                )}
              </span>
            )}
          </p>
          <p className={styles.round}>
            {live.roundNumber !== null && (
              <span data-testid="round-number">{t("round", { number: live.roundNumber })}</span>
            )}
            <span data-testid="players">{t("players", { count: live.players })}</span>
          </p>
          <LastResult game={table.game} outcome={live.lastResult} />
          {marks !== undefined && marks.length > 0 && (
            <MiniBigRoad marks={marks} label={t("road")} />
          )}
          {live.goodRoads.length > 0 && (
            <p className={styles.goodRoads}>
              {live.goodRoads.map((road) => (
                <span key={road} className={styles.goodRoad} data-testid="good-road">
                  {tRoads(road)}
                </span>
              ))}
            </p>
          )}
          {live.stats !== null && <TableStats stats={live.stats} />}
        </div>
      )}
      <dl className={styles.limits} aria-label={t("limits")}>
        {betLimitLines(table.game, table.limits).map(({ bet, limit }) => (
          <div key={bet} className={styles.limit} data-testid="limit">
            <dt>{labels.bet(table.game, bet)}</dt>
            <dd>{labels.limit(limit)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}
