"use client";

import { useTranslations } from "next-intl";

import type { GameName } from "@fuda/api";

import styles from "./last-result.module.css";

type Winner = "player" | "banker" | "tie";
const WINNERS: readonly unknown[] = ["player", "banker", "tie"] satisfies Winner[];

/**
 * What the lobby reads of a baccarat outcome (packages/rules baccarat `RoundOutcome`), checked by
 * hand to keep a schema library out of the lobby's JavaScript.
 */
function baccaratOutcome(
  outcome: unknown,
): { winner: Winner; playerTotal: number; bankerTotal: number } | undefined {
  if (typeof outcome !== "object" || outcome === null) return undefined;
  const { winner, playerTotal, bankerTotal } = outcome as Record<string, unknown>;
  return WINNERS.includes(winner) &&
    typeof playerTotal === "number" &&
    typeof bankerTotal === "number"
    ? { winner: winner as Winner, playerTotal, bankerTotal }
    : undefined;
}

/** The last settled round's winner and totals; other games' outcomes are shown on their table. */
export function LastResult({ game, outcome }: { game: GameName; outcome: unknown }) {
  const t = useTranslations();
  const parsed = baccaratOutcome(outcome);
  if (parsed === undefined || (game !== "baccarat" && game !== "quick-baccarat")) return null;
  const { winner, playerTotal, bankerTotal } = parsed;
  return (
    <p className={styles.result} data-testid="last-result" data-winner={winner}>
      <span className={styles.label}>{t("table.lastResult")}</span>
      <span className={styles.winner}>{t(`winner.${winner}`)}</span>
      <span className={styles.totals}>
        {t("bets.player")} {playerTotal} · {t("bets.banker")} {bankerTotal}
      </span>
    </p>
  );
}
