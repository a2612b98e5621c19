import { useTranslations } from "next-intl";

import type { DownPart } from "@fuda/api/types";

import styles from "./unavailable.module.css";

export function Unavailable({ down, reason }: { down: DownPart; reason: string }) {
  const t = useTranslations("unavailable");
  return (
    <div className={styles.panel} role="alert" data-testid="game-api-unavailable" data-down={down}>
      <h2>{t(`${down}.title`)}</h2>
      <p>
        {t(`${down}.body`)} {t("back")}
      </p>
      <p className={styles.actions}>
        <a href="/" className={styles.retry}>
          {t("retry")}
        </a>
        <code className={styles.reason} translate="no">
          {reason}
        </code>
      </p>
    </div>
  );
}
