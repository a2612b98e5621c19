"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";

import { signInAsGuest } from "~/auth-client";

import baccaratStyles from "../baccarat/baccarat.module.css";
import styles from "./quick.module.css";

/** A visitor with no session: the quick game is theirs once they play as a guest or sign in. */
export function QuickGuest() {
  const t = useTranslations("quick");
  const tAccount = useTranslations("account");
  const [busy, setBusy] = useState(false);
  return (
    <main className={styles.guest} data-testid="quick-guest">
      <h1 className={styles.title}>{t("title")}</h1>
      <p>{t("tagline")}</p>
      <p>{t("signInFirst")}</p>
      <div className={baccaratStyles.actions}>
        <button
          type="button"
          className={baccaratStyles.action}
          disabled={busy}
          data-testid="quick-play-as-guest"
          onClick={() => {
            setBusy(true);
            void signInAsGuest().then(() => {
              window.location.reload();
            });
          }}
        >
          {tAccount("playAsGuest")}
        </button>
        <a className={baccaratStyles.action} href="/sign-in">
          {tAccount("signIn")}
        </a>
      </div>
    </main>
  );
}
