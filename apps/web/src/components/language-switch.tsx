"use client";

import { useLocale, useTranslations } from "next-intl";

import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE, LOCALES } from "~/i18n/locales";

import styles from "./site-header.module.css";

/**
 * Remembers the visitor's language in a cookie the server reads on every request. Written here,
 * not by a server action: the app's server answers only GET and HEAD on pages.
 */
function rememberLocale(locale: string): void {
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; samesite=lax`;
}

/** Each language named in itself, so a visitor finds theirs whatever the page is in. */
export function LanguageSwitch() {
  const t = useTranslations("language");
  const locale = useLocale();
  return (
    <label className={styles.language}>
      <span className={styles.visuallyHidden}>{t("label")}</span>
      <select
        data-testid="language"
        value={locale}
        onChange={(event) => {
          rememberLocale(event.target.value);
          // A full reload, not router.refresh(): the root layout's <html lang>, the title and
          // every server-rendered part change language, with nothing left in the old one.
          window.location.reload();
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {t(option)}
          </option>
        ))}
      </select>
    </label>
  );
}
