"use client";

import { useFormatter, useTranslations } from "next-intl";

import type { GameName, LiveSummary, TableStatusName } from "@fuda/api";
import { betName as betNameInWords, POINT } from "@fuda/ui";
import type { StakeLimit } from "@fuda/ui";

type Phase = NonNullable<LiveSummary["phase"]>;

/**
 * Everything the UI writes from the API's data — game, bet, variant and status names, points,
 * countdowns — in the page's language. Unknown keys (a newer API) fall back to their words.
 */
export function useLabels() {
  const t = useTranslations();
  const format = useFormatter();
  const known = (key: string, fallback: string) => (t.has(key) ? t(key) : fallback);
  // Whole points as integers, a fraction always to the hundredth (1.50, never 1.5).
  const points = (minorUnits: number) =>
    format.number(minorUnits / POINT, {
      minimumFractionDigits: minorUnits % POINT === 0 ? 0 : 2,
      maximumFractionDigits: 2,
    });
  return {
    game: (game: GameName) => t(`games.${game}`),
    tagline: (game: GameName) => t(`taglines.${game}`),
    bet: (game: GameName, bet: string) => known(`bets.${bet}`, betNameInWords(game, bet)),
    variant: (variant: string) => known(`variants.${variant}`, variant),
    status: (status: TableStatusName) => t(`status.${status}`),
    phase: (phase: Phase | null) => t(`phase.${phase ?? "none"}`),
    points,
    limit: (limit: StakeLimit) =>
      t("table.limit", { min: points(limit.min), max: points(limit.max) }),
    /** The betting window; 0 means the hand is dealt on demand (no countdown). */
    countdown(seconds: number): string {
      if (seconds <= 0) return t("table.onDemand");
      if (seconds < 60) return t("table.countdown", { seconds });
      const minutes = Math.floor(seconds / 60);
      const rest = seconds % 60;
      return rest === 0
        ? t("table.countdownWholeMinutes", { minutes })
        : t("table.countdownMinutes", { minutes, seconds: rest });
    },
  };
}

export type Labels = ReturnType<typeof useLabels>;
