"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { SubmitEvent } from "react";

import { signIn, signUp } from "~/auth-client";
import type { AuthResult } from "~/auth-client";

import { useAccount } from "./account-context";
import styles from "./auth-forms.module.css";

type Mode = "sign-in" | "sign-up";

/** Sign in, or sign up — which, for a guest, keeps their points (docs/accounts.md). */
export function AuthForms({ startWith }: { startWith: Mode }) {
  const t = useTranslations("account");
  const { account } = useAccount();
  const [mode, setMode] = useState<Mode>(startWith);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upgrading = mode === "sign-up" && account?.guest === true;

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
    setBusy(true);
    setError(null);
    const result: AuthResult =
      mode === "sign-in"
        ? await signIn(field("email"), field("password"))
        : await signUp(field("name"), field("email"), field("password"));
    if (result.ok) {
      window.location.assign("/");
      return;
    }
    setBusy(false);
    setError(
      t.has(`errors.${result.code}`)
        ? t(`errors.${result.code}`, { seconds: result.retryAfterSeconds ?? 60 })
        : t("errors.other"),
    );
  };

  return (
    <main className={styles.main}>
      <form className={styles.form} onSubmit={(event) => void submit(event)} data-testid={mode}>
        <h1>
          {upgrading ? t("upgradeTitle") : mode === "sign-in" ? t("signInTitle") : t("signUpTitle")}
        </h1>
        {upgrading && <p className={styles.note}>{t("upgradeNote")}</p>}
        {mode === "sign-up" && (
          <label>
            {t("name")}
            <input name="name" autoComplete="nickname" required maxLength={60} />
          </label>
        )}
        <label>
          {t("email")}
          <input name="email" type="email" autoComplete="email" required />
        </label>
        <label>
          {t("password")}
          <input
            name="password"
            type="password"
            autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
            minLength={mode === "sign-up" ? 10 : undefined}
            maxLength={128}
            required
            aria-describedby={mode === "sign-up" ? "password-rule" : undefined}
          />
          {mode === "sign-up" && (
            <small id="password-rule" className={styles.note}>
              {t("passwordRule")}
            </small>
          )}
        </label>
        <p className={styles.error} role="alert" data-testid="auth-error">
          {error}
        </p>
        <button type="submit" className={styles.submit} disabled={busy}>
          {busy ? t("working") : mode === "sign-in" ? t("signIn") : t("signUp")}
        </button>
        <button
          type="button"
          className={styles.switch}
          onClick={() => {
            setMode(mode === "sign-in" ? "sign-up" : "sign-in");
            setError(null);
          }}
        >
          {mode === "sign-in" ? t("needAccount") : t("haveAccount")}
        </button>
      </form>
    </main>
  );
}
