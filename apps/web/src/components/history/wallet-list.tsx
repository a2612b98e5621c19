"use client";

import { useFormatter, useTranslations } from "next-intl";

import type { WalletPage } from "~/history";
import { useLabels } from "~/i18n/use-labels";
import { relayApi } from "~/relay-api";

import styles from "./history.module.css";
import { MoreButton } from "./rounds-list";
import { useHistoryPages } from "./use-history-page";
import { useSignedPoints } from "./use-signed-points";

/** The wallet's entries, newest first (`wallet.history`); "more" reads the next page. */
export function WalletList({ first, limit }: { first: WalletPage; limit: number }) {
  const t = useTranslations("history");
  const labels = useLabels();
  const format = useFormatter();
  const signed = useSignedPoints();
  const pages = useHistoryPages({
    read: (input) => relayApi.wallet.history.query(input),
    first,
    itemsOf: (page: WalletPage) => page.entries,
    limit,
  });
  if (pages.items.length === 0) return <p className={styles.note}>{t("walletEmpty")}</p>;
  return (
    <>
      <div className={styles.scroll}>
        <table className={`${styles.table} ${styles.wallet}`} data-testid="wallet-entries">
          <thead>
            <tr>
              <th scope="col">{t("wallet.time")}</th>
              <th scope="col">{t("wallet.kind")}</th>
              <th scope="col" className={styles.amount}>
                {t("wallet.amount")}
              </th>
              <th scope="col" className={styles.amount}>
                {t("wallet.balanceBefore")}
              </th>
              <th scope="col" className={styles.amount}>
                {t("wallet.balance")}
              </th>
              <th scope="col">{t("wallet.round")}</th>
              <th scope="col">{t("wallet.reason")}</th>
              <th scope="col">{t("wallet.transfer")}</th>
            </tr>
          </thead>
          <tbody>
            {pages.items.map((entry) => (
              <tr
                key={entry.id}
                data-testid="wallet-entry"
                data-kind={entry.kind}
                data-amount={entry.amount}
                data-balance-before={entry.balanceBefore}
                data-balance-after={entry.balanceAfter}
                data-round-id={entry.roundId ?? ""}
                data-bet-id={entry.betId ?? ""}
              >
                <td data-label={t("wallet.time")}>
                  {format.dateTime(new Date(entry.createdAt), {
                    dateStyle: "medium",
                    timeStyle: "medium",
                  })}
                </td>
                <td data-label={t("wallet.kind")}>{t(`entryKind.${entry.kind}`)}</td>
                <td className={styles.amount} data-label={t("wallet.amount")}>
                  <span className={styles.net} data-sign={Math.sign(entry.amount)}>
                    {signed(entry.amount)}
                  </span>
                </td>
                <td className={styles.amount} data-label={t("wallet.balanceBefore")}>
                  {labels.points(entry.balanceBefore)}
                </td>
                <td className={styles.amount} data-label={t("wallet.balance")}>
                  {labels.points(entry.balanceAfter)}
                </td>
                <td className={styles.code} data-label={t("wallet.round")} translate="no">
                  {entry.roundId?.slice(0, 8) ?? ""}
                </td>
                <td className={styles.long} data-label={t("wallet.reason")} translate="no">
                  {entry.reason ?? ""}
                </td>
                <td
                  className={`${styles.code} ${styles.long}`}
                  data-label={t("wallet.transfer")}
                  translate="no"
                >
                  {entry.transferId}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MoreButton {...pages} />
    </>
  );
}
