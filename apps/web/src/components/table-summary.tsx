"use client";

import { useTranslations } from "next-intl";

import { betLimitLines, StatusBadge } from "@fuda/ui";

import type { TableDetail } from "~/game-api";
import { useLabels } from "~/i18n/use-labels";

import { LastResult } from "./last-result";
import styles from "./lobby.module.css";
import { baccaratMarks, MiniBigRoad } from "./mini-road";

/** A table's page before its game is drawn: what `tables.get` says of it. */
export function TableSummary({ detail }: { detail: TableDetail }) {
  const t = useTranslations("table");
  const labels = useLabels();
  const { table, round } = detail;
  const marks = baccaratMarks(detail.road);
  return (
    <main className={styles.main} data-testid="table-page" data-slug={table.slug}>
      <section className={styles.hero}>
        <p>{labels.game(table.game)}</p>
        <div className={styles.heading}>
          <h1 translate="no">{table.name}</h1>
          <StatusBadge status={table.status} label={labels.status(table.status)} />
        </div>
        <p className={styles.summary}>
          {labels.variant(table.variant)} · {labels.countdown(table.countdownSeconds)}
        </p>
        <p className={styles.summary} data-testid="phase">
          {round !== null && `${t("round", { number: round.number })} · `}
          {labels.phase(round?.phase ?? null)}
        </p>
      </section>
      <LastResult game={table.game} outcome={detail.lastResult?.outcome ?? null} />
      {marks !== undefined && marks.length > 0 && <MiniBigRoad marks={marks} label={t("road")} />}
      <dl aria-label={t("limits")}>
        {betLimitLines(table.game, table.limits).map(({ bet, limit }) => (
          <div key={bet} data-testid="limit">
            <dt>{labels.bet(table.game, bet)}</dt>
            <dd>{labels.limit(limit)}</dd>
          </div>
        ))}
      </dl>
    </main>
  );
}
