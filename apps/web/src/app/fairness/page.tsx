import { getTranslations } from "next-intl/server";
import { connection } from "next/server";

import styles from "~/components/fairness/fairness.module.css";
// The history pages' column and heading: the same reading page.
import column from "~/components/history/history.module.css";
import { ShoeCheck } from "~/components/fairness/shoe-check";
import { SiteHeader } from "~/components/site-header";
import { env } from "~/env";
import { loadLobby } from "~/game-api";

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

/**
 * Checking a shoe yourself (docs/fairness.md): `?table=<slug>` lists that table's shoes,
 * `?shoe=<id>` opens one. The check itself runs in the browser.
 */
export default async function FairnessPage({
  searchParams,
}: {
  searchParams: Promise<{ table?: string | string[]; shoe?: string | string[] }>;
}) {
  await connection();
  const t = await getTranslations("fairness");
  const params = await searchParams;
  const lobby = await loadLobby(env.GAME_API_URL);
  const tables = lobby.available ? lobby.tables.map(({ slug, name }) => ({ slug, name })) : [];
  const table = first(params.table) ?? "";
  return (
    <>
      <SiteHeader />
      <main className={column.main} data-testid="fairness-page">
        <h1>{t("title")}</h1>
        <p className={styles.note}>{t("intro")}</p>
        <p className={styles.note} data-testid="fairness-studio">
          {t("studio")}
        </p>
        <ShoeCheck
          tables={tables}
          initialTable={tables.some(({ slug }) => slug === table) ? table : ""}
          initialShoe={first(params.shoe) ?? null}
        />
      </main>
    </>
  );
}
