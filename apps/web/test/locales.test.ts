import { describe, expect, it } from "vitest";

import en from "../messages/en.json";
import ja from "../messages/ja.json";
import th from "../messages/th.json";
import { negotiateLocale } from "../src/i18n/locales";

/** Every message key, as "namespace.key" paths. */
const keysOf = (messages: object, prefix = ""): string[] =>
  Object.entries(messages).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? keysOf(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );

/** Latin words of a message, leaving out ICU syntax ({count, plural, =0 {…} other {…}}). */
const wordsOf = (message: string): string[] =>
  message
    .replace(/\{\s*\w+\s*(,\s*\w+\s*,)?/g, "")
    .replace(/\b(zero|one|two|few|many|other)\b/g, "")
    .match(/[A-Za-z]{3,}/g) ?? [];

describe("languages", () => {
  it("the first visit follows Accept-Language: by quality, then order; a region matches its language", () => {
    expect(negotiateLocale("ja-JP,ja;q=0.9,en-US;q=0.8")).toBe("ja");
    expect(negotiateLocale("th")).toBe("th");
    expect(negotiateLocale("en-US,th;q=0.5")).toBe("en");
    expect(negotiateLocale("fr-FR,th;q=0.7,ja;q=0.9")).toBe("ja");
    expect(negotiateLocale("ja;q=0, th;q=0.2")).toBe("th");
  });

  it("a browser asking for none of our languages, or for nothing, gets English", () => {
    expect(negotiateLocale("de-DE,fr;q=0.8")).toBe("en");
    expect(negotiateLocale("")).toBe("en");
    expect(negotiateLocale(null)).toBe("en");
    expect(negotiateLocale("*")).toBe("en");
  });

  it("Japanese and Thai have every English message, none empty, none left in English", () => {
    const english = keysOf(en);
    for (const [name, messages] of Object.entries({ ja, th })) {
      expect(keysOf(messages).sort(), name).toEqual([...english].sort());
      const flat = new Map(
        keysOf(messages).map((key) => [
          key,
          key
            .split(".")
            .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages),
        ]),
      );
      for (const key of english) {
        const text = flat.get(key);
        expect(typeof text === "string" && text.length > 0, `${name} ${key}`).toBe(true);
        // Language names are written in themselves on purpose.
        if (!key.startsWith("language.") || key === "language.label") {
          expect(wordsOf(String(text)), `${name} ${key}: ${String(text)}`).toEqual([]);
        }
      }
    }
  });
});
