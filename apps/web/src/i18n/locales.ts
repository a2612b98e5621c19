/** The site's languages; Thai because Pok Deng is a Thai game. */
export const LOCALES = ["ja", "en", "th"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Where the visitor's choice is remembered (next-intl's own cookie name). */
export const LOCALE_COOKIE = "NEXT_LOCALE";
/** A year: the choice outlives the session. */
export const LOCALE_COOKIE_MAX_AGE = 60 * 60 * 24 * 365;

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/**
 * The first of our languages the browser asks for (RFC 9110 `Accept-Language`, by quality then
 * order; "ja-JP" matches "ja"), else the default.
 */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  const wanted = (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return {
        language: tag.trim().toLowerCase().split("-")[0] ?? "",
        q: q ? Number(q) : 1,
        index,
      };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return wanted.map(({ language }) => language).find(isLocale) ?? DEFAULT_LOCALE;
}
