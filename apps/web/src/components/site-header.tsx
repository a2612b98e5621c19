import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";

import { AccountMenu } from "./account-menu";
import { LanguageSwitch } from "./language-switch";
import { SoundSwitch } from "./sound";
import styles from "./site-header.module.css";

/** The bar on every page: the brand (home), then the page's own items, the account and language. */
export async function SiteHeader({ children }: { children?: ReactNode }) {
  const t = await getTranslations("brand");
  const tf = await getTranslations("fairness");
  return (
    <header className={styles.top}>
      <div className={styles.bar}>
        <a className={styles.brand} href="/">
          <span className={styles.mark} aria-hidden>
            ♠
          </span>
          <span translate="no">Fuda</span> <span className={styles.brandSub}>{t("sub")}</span>
        </a>
        <div className={styles.end}>
          {children}
          <a className={styles.navLink} href="/fairness" data-testid="fairness-link">
            {tf("nav")}
          </a>
          <AccountMenu />
          <SoundSwitch />
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}
