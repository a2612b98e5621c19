"use client";

import type { RouterOutputs } from "@fuda/api";
import { useLocale, useTranslations } from "next-intl";
import type { SubmitEvent } from "react";
import { useState } from "react";

import { changePassword, signOut } from "~/auth-client";
import { relayApi } from "~/relay-api";

import { useAccount } from "../account-context";
import { useNow } from "../use-now";
import styles from "./account.module.css";

type Session = RouterOutputs["account"]["sessions"][number];

/** "3 minutes ago" in the page's language, from the session's last request. */
function ago(locale: string, at: Date, now: number): string {
  const words = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const seconds = Math.round((at.getTime() - now) / 1000);
  if (seconds > -60) return words.format(0, "minute");
  if (seconds > -3_600) return words.format(Math.round(seconds / 60), "minute");
  if (seconds > -86_400) return words.format(Math.round(seconds / 3_600), "hour");
  return words.format(Math.round(seconds / 86_400), "day");
}

/** Where the player is signed in, each device signed out with one tap, and the password. */
export function AccountSessions({ first }: { first: Session[] | null }) {
  const t = useTranslations("sessions");
  const tAccount = useTranslations("account");
  const locale = useLocale();
  const { account } = useAccount();
  const [sessions, setSessions] = useState(first);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  // Null until mounted: the server's render and the first client render agree.
  const now = useNow();

  if (sessions === null) {
    return (
      <main className={styles.main}>
        <h1>{t("title")}</h1>
        <p className={styles.note} data-testid="sessions-sign-in">
          {t("signInFirst")}
        </p>
      </main>
    );
  }

  const reload = async () => {
    setSessions(await relayApi.account.sessions.query());
  };
  const act = (action: () => Promise<unknown>) => () => {
    setBusy(true);
    setProblem(null);
    action()
      .then(reload)
      .catch(() => {
        setProblem(t("failed"));
      })
      .finally(() => {
        setBusy(false);
      });
  };
  const everywhere = async () => {
    await relayApi.account.endOtherSessions.mutate();
    await signOut();
    window.location.assign("/");
  };
  const submitPassword = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const field = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : "";
    };
    setBusy(true);
    setProblem(null);
    setChanged(false);
    const result = await changePassword(field("current"), field("next"));
    setBusy(false);
    if (!result.ok) {
      const key = `errors.${result.code}`;
      setProblem(
        tAccount.has(key)
          ? tAccount(key, { seconds: result.retryAfterSeconds ?? 60 })
          : t("failed"),
      );
      return;
    }
    formElement.reset();
    setChanged(true);
    await reload();
  };
  return (
    <main className={styles.main}>
      <h1>{t("title")}</h1>
      <p className={styles.note}>{t("note")}</p>
      <ul className={styles.list} data-testid="sessions">
        {sessions.map((session) => (
          <li
            key={session.id}
            className={styles.session}
            data-testid="session"
            data-current={session.current}
          >
            <div>
              <strong translate="no">{session.device}</strong>
              {session.current && <span className={styles.badge}>{t("thisDevice")}</span>}
              <p className={styles.detail}>
                {session.ipAddress !== null && <span translate="no">{session.ipAddress} · </span>}
                {now !== null &&
                  t("lastSeen", { when: ago(locale, new Date(session.lastSeenAt), now) })}
              </p>
            </div>
            {!session.current && (
              <button
                type="button"
                className={styles.button}
                disabled={busy}
                data-testid="end-session"
                onClick={act(() => relayApi.account.endSession.mutate({ sessionId: session.id }))}
              >
                {t("end")}
              </button>
            )}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <button
          type="button"
          className={styles.button}
          disabled={busy || sessions.length < 2}
          data-testid="end-others"
          onClick={act(() => relayApi.account.endOtherSessions.mutate())}
        >
          {t("endOthers")}
        </button>
        <button
          type="button"
          className={styles.button}
          disabled={busy}
          data-testid="end-everywhere"
          onClick={() => {
            setBusy(true);
            void everywhere();
          }}
        >
          {t("endEverywhere")}
        </button>
      </div>
      {account !== null && !account.guest && (
        <form
          className={styles.form}
          onSubmit={(event) => void submitPassword(event)}
          data-testid="change-password"
        >
          <h2>{t("passwordTitle")}</h2>
          <label>
            {t("currentPassword")}
            <input name="current" type="password" autoComplete="current-password" required />
          </label>
          <label>
            {t("newPassword")}
            <input
              name="next"
              type="password"
              autoComplete="new-password"
              minLength={10}
              maxLength={128}
              required
              aria-describedby="new-password-rule"
            />
            <small id="new-password-rule" className={styles.detail}>
              {tAccount("passwordRule")}
            </small>
          </label>
          <button type="submit" className={styles.button} disabled={busy}>
            {t("changePassword")}
          </button>
          {changed && (
            <p className={styles.note} role="status" data-testid="password-changed">
              {t("passwordChanged")}
            </p>
          )}
        </form>
      )}
      <p className={styles.error} role="alert" data-testid="sessions-error">
        {problem}
      </p>
    </main>
  );
}
