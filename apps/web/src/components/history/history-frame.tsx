import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";

import { SiteHeader } from "~/components/site-header";

import styles from "./history.module.css";

const TABS = [
  { id: "rounds", href: "/history" },
  { id: "recall", href: "/history/recall" },
  { id: "wallet", href: "/history/wallet" },
] as const;

export type HistoryTab = (typeof TABS)[number]["id"];

/** The history pages' heading and tabs; `children` null when no one is signed in. */
export async function HistoryFrame({
  current,
  children,
}: {
  current: HistoryTab;
  children: ReactNode | null;
}) {
  const t = await getTranslations("history");
  return (
    <>
      <SiteHeader />
      <main className={styles.main}>
        <h1>{t("title")}</h1>
        <nav className={styles.tabs} aria-label={t("nav.label")}>
          {TABS.map(({ id, href }) => (
            <a
              key={id}
              className={styles.tab}
              href={href}
              aria-current={id === current ? "page" : undefined}
              data-testid={`history-tab-${id}`}
            >
              {t(`nav.${id}`)}
            </a>
          ))}
        </nav>
        {children === null ? (
          <p className={styles.note} data-testid="history-sign-in">
            {t("signInFirst")}
          </p>
        ) : (
          <>
            <p className={styles.note}>{t(`${current}Note`)}</p>
            {children}
          </>
        )}
      </main>
    </>
  );
}
