"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";

import type { TableDetail } from "~/game-api";

import { BaccaratTable } from "../baccarat/baccarat-table";
import { ChipTray, chipValues, SharedTableStreamProvider } from "../table";
import styles from "./multi.module.css";

/**
 * The multi-table screen: a picker of baccarat tables (up to `max`), one chip tray for all of
 * them, and each chosen table compact, every one on the screen's one stream.
 */
export function MultiTables({
  tables,
  details,
  max,
}: {
  tables: readonly { slug: string; name: string }[];
  details: readonly TableDetail[];
  max: number;
}) {
  const t = useTranslations("multi");
  const chosen = details.map((detail) => detail.table.slug);
  const chips = useMemo(
    () => (details[0] === undefined ? [] : chipValues(details[0].table.limits)),
    [details],
  );
  const [chip, setChip] = useState(chips[0]);
  const hrefOf = (slugs: readonly string[]) => `/multi?tables=${slugs.join(",")}`;

  return (
    <main className={styles.page} data-testid="multi-page">
      <header className={styles.top}>
        <h1>{t("title")}</h1>
        <nav aria-label={t("pick", { max })} className={styles.pick}>
          {tables.map(({ slug, name }) => {
            const on = chosen.includes(slug);
            if (!on && chosen.length >= max) {
              return (
                <span key={slug} className={styles.choice} aria-disabled="true" translate="no">
                  + {name}
                </span>
              );
            }
            return (
              <Link
                key={slug}
                className={styles.choice}
                href={hrefOf(on ? chosen.filter((other) => other !== slug) : [...chosen, slug])}
                aria-label={t(on ? "remove" : "add", { table: name })}
                data-testid="multi-pick"
                data-slug={slug}
                data-on={on}
                translate="no"
              >
                {on ? "✓" : "+"} {name}
              </Link>
            );
          })}
        </nav>
      </header>
      {details.length === 0 ? (
        <p className={styles.none}>{t("none", { max })}</p>
      ) : (
        <SharedTableStreamProvider details={details}>
          <div className={styles.grid} data-count={details.length}>
            {details.map((detail) => (
              <BaccaratTable key={detail.table.id} detail={detail} compact chip={chip} />
            ))}
          </div>
          {chip !== undefined && (
            <div className={styles.tray}>
              <ChipTray values={chips} selected={chip} onSelect={setChip} />
            </div>
          )}
        </SharedTableStreamProvider>
      )}
    </main>
  );
}
