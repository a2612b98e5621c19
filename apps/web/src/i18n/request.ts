import { getRequestConfig } from "next-intl/server";
import { cookies, headers } from "next/headers";

import en from "../../messages/en.json";
import ja from "../../messages/ja.json";
import th from "../../messages/th.json";
import { isLocale, LOCALE_COOKIE, negotiateLocale } from "./locales";
import type { Locale } from "./locales";
import { MISSING_MARK } from "./missing";

const MESSAGES: Record<Locale, typeof en> = { en, ja, th };

/** The visitor's remembered choice, else what their browser asks for. */
export async function requestLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return negotiateLocale((await headers()).get("accept-language"));
}

export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return {
    locale,
    messages: MESSAGES[locale],
    // A key missing from a language shows marked, so the per-locale test catches it.
    getMessageFallback: ({ namespace, key }) =>
      `${MISSING_MARK}${namespace ? `${namespace}.` : ""}${key}`,
    timeZone: "UTC",
    onError: () => undefined,
  };
});
