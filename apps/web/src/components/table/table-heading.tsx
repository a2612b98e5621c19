"use client";

import type { ReactNode } from "react";

import type { TableDetail } from "~/game-api";
import { useLabels } from "~/i18n/use-labels";

import { Countdown } from "./countdown";
import { LiveDealerBadge } from "./live-dealer-badge";
import { RoundPhase } from "./table-facts";
import styles from "./table.module.css";

/**
 * A seated table's heading: its name (an operator's words, not translated), the game and its
 * variant with the round and its phase (and "Live dealer" at a studio table), and the betting countdown while bets are taken, with
 * `clockNote` beside it (a round waiting for a bet says so).
 */
export function TableHeading({
  table,
  round,
  clockNote,
}: {
  table: Pick<TableDetail["table"], "name" | "game" | "variant" | "countdownSeconds" | "dealing">;
  round: TableDetail["round"];
  clockNote?: ReactNode;
}) {
  const labels = useLabels();
  return (
    <header className={styles.heading}>
      <div>
        <h1 translate="no">{table.name}</h1>
        <div className={styles.headingLine}>
          {labels.game(table.game)} · {labels.variant(table.variant)}
          {" · "}
          <RoundPhase round={round} className={styles.headingPhase} />{" "}
          <LiveDealerBadge table={table} />
        </div>
      </div>
      {round?.phase === "betting" && (
        <div className={styles.headingClock}>
          <Countdown closesAt={round.closesAt} windowSeconds={table.countdownSeconds} />
          {clockNote}
        </div>
      )}
    </header>
  );
}
