"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { signInAsGuest, signOut } from "~/auth-client";
import { useLabels } from "~/i18n/use-labels";

import { useAccount } from "./account-context";
import styles from "./site-header.module.css";

/** The header's account corner: the balance and who is playing, or the ways in. */
export function AccountMenu() {
  const t = useTranslations("account");
  const tQuick = useTranslations("quick");
  const tSessions = useTranslations("sessions");
  const labels = useLabels();
  const { account, loaded } = useAccount();
  const [busy, setBusy] = useState(false);
  // The whole page depends on who is signed in: load it again as them.
  const then = (action: () => Promise<unknown>) => () => {
    setBusy(true);
    void action().then(() => {
      window.location.reload();
    });
  };

  // Until the account is read: the corner keeps its place, showing neither who plays nor the ways in.
  if (!loaded) return <div className={styles.account} aria-busy="true" />;
  if (account === null) {
    return (
      <div className={styles.account} data-testid="account" data-signed-in="false">
        <button
          type="button"
          className={styles.button}
          disabled={busy}
          onClick={then(signInAsGuest)}
        >
          {t("playAsGuest")}
        </button>
        <a className={styles.link} href="/sign-in">
          {t("signIn")}
        </a>
      </div>
    );
  }
  return (
    <div
      className={styles.account}
      data-testid="account"
      data-signed-in="true"
      data-guest={account.guest}
    >
      <span className={styles.balance}>
        <span className={styles.visuallyHidden}>{t("balance")}</span>
        <span data-testid="balance" data-balance={account.balance}>
          {t("points", { amount: labels.points(account.balance) })}
        </span>
      </span>
      {/* A disclosure, so a phone's header keeps one line for the account (375 px wide). */}
      <details
        className={styles.menu}
        onKeyDown={(event) => {
          if (event.key === "Escape") event.currentTarget.open = false;
        }}
      >
        <summary className={styles.button} data-testid="account-menu">
          <span className={styles.visuallyHidden}>{t("menu")} </span>
          <span data-testid="player-name">
            {account.guest ? t("guest") : <span translate="no">{account.name}</span>}
          </span>
        </summary>
        <div className={styles.menuItems}>
          <a className={styles.link} href="/history" data-testid="history-link">
            {t("history")}
          </a>
          <a className={styles.link} href="/quick" data-testid="quick-link">
            {tQuick("link")}
          </a>
          <a className={styles.link} href="/account" data-testid="sessions-link">
            {tSessions("link")}
          </a>
          {account.guest && (
            <a className={styles.link} href="/sign-in?upgrade=1" data-testid="upgrade">
              {t("upgrade")}
            </a>
          )}
          <button type="button" className={styles.button} disabled={busy} onClick={then(signOut)}>
            {t("signOut")}
          </button>
        </div>
      </details>
    </div>
  );
}
