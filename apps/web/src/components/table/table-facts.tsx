"use client";

import { useTranslations } from "next-intl";

import { betLimitLines } from "@fuda/ui";

import type { TableDetail } from "~/game-api";
import { useLabels } from "~/i18n/use-labels";

import type { Phase } from "./table-state";

/** "Round 12 · Place your bets": the round shown and its phase (`data-phase` for tests). */
export function RoundPhase({
  round,
  className,
}: {
  round: { number: number; phase: Phase } | null;
  className?: string;
}) {
  const t = useTranslations("table");
  const labels = useLabels();
  return (
    <p className={className} data-testid="phase" data-phase={round?.phase ?? ""}>
      {round !== null && `${t("round", { number: round.number })} · `}
      {labels.phase(round?.phase ?? null)}
    </p>
  );
}

/** The table's stake limits per bet, in points, in the page's language. */
export function TableLimits({
  table,
  className,
}: {
  table: Pick<TableDetail["table"], "game" | "limits">;
  className?: string;
}) {
  const t = useTranslations("table");
  const labels = useLabels();
  return (
    <dl className={className} aria-label={t("limits")}>
      {betLimitLines(table.game, table.limits).map(({ bet, limit }) => (
        <div key={bet} data-testid="limit">
          <dt>{labels.bet(table.game, bet)}</dt>
          <dd>{labels.limit(limit)}</dd>
        </div>
      ))}
    </dl>
  );
}
