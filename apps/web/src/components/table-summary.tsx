"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { StatusBadge } from "@fuda/ui";

import type { TableDetail } from "~/game-api";
import { useLabels } from "~/i18n/use-labels";
import { ownBalanceOf, useTableEvents } from "~/table-stream";

import { useAccount } from "./account-context";
import { LastResult } from "./last-result";
import styles from "./lobby.module.css";
import { baccaratMarks, MiniBigRoad } from "./mini-road";
import { LiveDealerBadge, RoundPhase, TableLimits } from "./table";

/** The round's phase after each public event that changes it. */
const PHASE_AFTER: Partial<Record<string, "betting" | "dealing" | "settled" | "cancelled">> = {
  "round.opened": "betting",
  "round.closed": "dealing",
  "round.settled": "settled",
  "round.cancelled": "cancelled",
};

/** A table's page before its game is drawn: what `tables.get` says of it. */
export function TableSummary({ detail }: { detail: TableDetail }) {
  const t = useTranslations("table");
  const labels = useLabels();
  const { table } = detail;
  const { setBalance, refreshBalance } = useAccount();
  const [round, setRound] = useState(
    detail.round === null ? null : { number: detail.round.number, phase: detail.round.phase },
  );
  useTableEvents(table.slug, detail.lastEventId, (event) => {
    const balance = ownBalanceOf(event);
    if (balance !== undefined) {
      if (balance === null) void refreshBalance();
      else setBalance(balance);
      return;
    }
    const number = "number" in event.payload ? event.payload.number : null;
    const phase = PHASE_AFTER[event.type];
    if (phase !== undefined) {
      setRound((current) => ({ number: number ?? current?.number ?? 0, phase }));
    }
  });
  const marks = baccaratMarks(detail.road);
  return (
    <main className={styles.main} data-testid="table-page" data-slug={table.slug}>
      <section className={styles.hero}>
        <p>{labels.game(table.game)}</p>
        <div className={styles.heading}>
          <h1 translate="no">{table.name}</h1>
          <StatusBadge status={table.status} label={labels.status(table.status)} />
          <LiveDealerBadge table={table} />
        </div>
        <p className={styles.summary}>
          {labels.variant(table.variant)} · {labels.countdown(table.countdownSeconds)}
        </p>
        <RoundPhase round={round} className={styles.summary} />
      </section>
      <LastResult game={table.game} outcome={detail.lastResult?.outcome ?? null} />
      {marks !== undefined && marks.length > 0 && <MiniBigRoad marks={marks} label={t("road")} />}
      <TableLimits table={table} />
    </main>
  );
}
