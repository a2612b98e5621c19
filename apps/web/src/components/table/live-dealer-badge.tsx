"use client";

import { useTranslations } from "next-intl";

import type { TableDetail } from "~/game-api";

import styles from "./live-dealer-badge.module.css";

/**
 * "Live dealer" on a studio table (docs/studio.md, Fairness): a person deals it from a physical
 * shoe. Nothing for a table the software deals.
 */
export function LiveDealerBadge({ table }: { table: Pick<TableDetail["table"], "dealing"> }) {
  const t = useTranslations("table");
  if (table.dealing !== "studio") return null;
  return (
    <span className={styles.badge} data-testid="live-dealer" title={t("liveDealerHint")}>
      {t("liveDealer")}
    </span>
  );
}
