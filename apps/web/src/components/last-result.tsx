"use client";

import { useTranslations } from "next-intl";
import { z } from "zod";

import type { GameName } from "@fuda/api";

import styles from "./last-result.module.css";

/** What the lobby reads of a baccarat outcome (packages/rules baccarat `RoundOutcome`). */
const baccaratOutcome = z.object({
  winner: z.enum(["player", "banker", "tie"]),
  playerTotal: z.number(),
  bankerTotal: z.number(),
});

/** The last settled round's winner and totals; other games' outcomes are shown on their table. */
export function LastResult({ game, outcome }: { game: GameName; outcome: unknown }) {
  const t = useTranslations();
  const parsed = baccaratOutcome.safeParse(outcome);
  if (!parsed.success || (game !== "baccarat" && game !== "quick-baccarat")) return null;
  const { winner, playerTotal, bankerTotal } = parsed.data;
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
